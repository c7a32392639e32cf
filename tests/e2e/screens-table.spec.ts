// The table of every screen and workbench (support/screens.ts) that the fault, accessibility and small-screen suites run
// over covers every element of src/elements: a new element without a line there fails here.
import { expect, test } from '@playwright/test';
import { readdirSync, statSync } from 'node:fs';
import { FRAME_ELEMENTS, screenCases } from './support/screens';

test('every element of src/elements is a screen, a workbench or a frame in the screens table', () => {
  const elements = readdirSync('src/elements').filter((name) => statSync(`src/elements/${name}`).isDirectory()).sort();
  const covered = new Set<string>([...screenCases().map((c) => c.tag), ...FRAME_ELEMENTS]);
  expect(elements.filter((tag) => !covered.has(tag))).toEqual([]);
  expect([...covered].filter((tag) => !elements.includes(tag))).toEqual([]);
});
