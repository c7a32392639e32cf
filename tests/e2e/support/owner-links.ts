import { expect, type Locator } from '@playwright/test';

/** A change event row as getchangeevents answers it (`changeEventId` and `modifiedAt` are read). */
type EventRow = object;
const field = (row: EventRow, name: string): unknown => (row as Record<string, unknown>)[name];

/**
 * The owner change order workbench offers exactly the eligible change events: every one it offers is
 * eligible now, and every one eligible since before `opened` (an ISO time) is offered. Other specs of the
 * run may approve or link change events meanwhile, so those changed later may go either way.
 */
export async function expectCandidates(workbench: Locator, eligible: readonly EventRow[], opened: string): Promise<void> {
  await expect(workbench.locator('[data-candidate]').first()).toBeVisible();
  const offered = await workbench.locator('[data-candidate]').evaluateAll((items) => items.map((item) => Number((item as HTMLElement).dataset.candidate)));
  const ids = new Set(eligible.map((e) => Number(field(e, 'changeEventId'))));
  expect(offered.filter((id) => !ids.has(id)), 'offered but not eligible').toEqual([]);
  const settled = eligible.filter((e) => String(field(e, 'modifiedAt')) < opened).map((e) => Number(field(e, 'changeEventId')));
  expect(settled.filter((id) => !offered.includes(id)), 'eligible but not offered').toEqual([]);
}
