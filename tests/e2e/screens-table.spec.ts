// The table of every screen and workbench (support/screens.ts) that the fault, accessibility and small-screen suites run
// over covers every element of src/elements: a new element without a line there fails here.
import { expect, test } from '@playwright/test';
import { readdirSync, statSync } from 'node:fs';
import { FRAME_ELEMENTS, screenCases } from './support/screens';
import { ELEMENT_SCREENS } from '../elements/screen-table';

test('every element of src/elements is a screen, a workbench or a frame in the screens table', () => {
  const elements = readdirSync('src/elements').filter((name) => statSync(`src/elements/${name}`).isDirectory()).sort();
  const covered = new Set<string>([...screenCases().map((c) => c.tag), ...FRAME_ELEMENTS]);
  expect(elements.filter((tag) => !covered.has(tag))).toEqual([]);
  expect([...covered].filter((tag) => !elements.includes(tag))).toEqual([]);
});

// Every screen's load faults are the element table's (tests/elements/load-faults.test.tsx, issue 33): it names the same
// screens, each with the same element, so a screen added to one table and not the other fails here.
test('the element fault table (tests/elements/screen-table.ts) names every screen of the screens table, with its element', () => {
  const entries = (table: ReadonlyArray<{ name: string; tag: string }>) => table.map(({ name, tag }) => `${name} <${tag}>`).sort();
  expect(entries(ELEMENT_SCREENS)).toEqual(entries(screenCases()));
});
