// The table of every screen and workbench (support/screens.ts) that the fault, accessibility and small-screen suites run
// over covers every element of src/elements: a new element without a line there fails here.
import { expect, test } from '@playwright/test';
import { readdirSync, statSync } from 'node:fs';
import { FRAME_ELEMENTS, screenCases } from './support/screens';
import { ELEMENT_SCREENS } from '../elements/screen-table';
import { RECORD_FORMS, screenWrites, WRITE_SENTINELS, WRITES_KEPT_IN_E2E } from '../elements/screen-writes';

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

// Every screen's write faults are the element suite's (tests/elements/write-faults.test.tsx, issue 33) but for the e2e
// sentinels: the write table, the record forms and the screens kept in e2e must each name a screen of both tables, so a
// renamed or removed screen cannot leave its writes untried by both suites.
test('the write table (tests/elements/screen-writes.ts) names only screens of both tables', () => {
  const names = new Set(ELEMENT_SCREENS.map((screen) => screen.name));
  const tags = new Set(ELEMENT_SCREENS.map((screen) => screen.tag));
  const writes = screenWrites({ timeOffRow: 'tr', accessRow: 'tr', reviewRow: 'tr' });
  expect(Object.keys(writes).filter((name) => !names.has(name)), 'screens with writes').toEqual([]);
  expect(Object.keys(WRITES_KEPT_IN_E2E).filter((name) => !names.has(name)), 'screens kept in e2e').toEqual([]);
  expect(Object.keys(RECORD_FORMS).filter((tag) => !tags.has(tag)), 'record forms').toEqual([]);
  expect([WRITE_SENTINELS.saveAndStateChange, WRITE_SENTINELS.optimistic.screen].filter((name) => !names.has(name)), 'write sentinels').toEqual([]);
  // The e2e table's writes are the shared table's (one copy).
  expect(Object.fromEntries(screenCases().filter((c) => c.writes).map((c) => [c.name, c.writes!.map((w) => w.name)])))
    .toEqual(Object.fromEntries(Object.entries(writes).map(([name, list]) => [name, list.map((w) => w.name)])));
});
