// Commitments from award to payment, end to end: real sign-in as pm (and rpm where the approval authority needs a
// second person), the real API, e-sign and database; each step is checked in the database after the server answered.
// Run alone: npx rollup -c && E2E_PORT=8606 npx playwright test tests/e2e/commitment-lifecycle.spec.ts
import { expect, test, type Locator, type Page } from '@playwright/test';
import { api, hasToken, watchToken } from './support/api';
import { arrangeAs } from './support/arrange';
import { e2eDb, stateIdOf } from './support/db';
import { signingLinkOf } from './support/esign';
import { openPortalAs, pushPath } from './support/portal';
import { advance, serverAnswer } from './support/records';
import { today as centralToday } from '../../src/core/clock';

type Row = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const one = (sql: string, ...args: unknown[]) => e2eDb().prepare(sql).get(...args) as Row;
const all = (sql: string, ...args: unknown[]) => e2eDb().prepare(sql).all(...args) as Row[];

const project = () => one("SELECT p.projectId, b.budgetId FROM projects p JOIN budgets b ON b.projectId = p.projectId WHERE p.number = '24-1032' ORDER BY b.budgetId LIMIT 1");
const q = () => `projectId=${project().projectId}&budgetId=${project().budgetId}`;
const subcontract = (id: number) => one(`SELECT t.*, s.name AS state, (SELECT sum(amount) FROM subcontract_items i WHERE i.subcontractId = t.subcontractId) AS total
  FROM subcontracts t JOIN application_record_states s USING (applicationRecordStateId) WHERE t.subcontractId = ?`, id);
const application = (id: number) => one(`SELECT a.*, s.name AS state FROM pay_applications a JOIN application_record_states s USING (applicationRecordStateId)
  WHERE a.payApplicationId = ?`, id);

/** The last day of the month `monthsBack` before today's (central time). */
function monthEnd(monthsBack: number): string {
  const [y, m] = centralToday().split('-').map(Number);
  const end = new Date(Date.UTC(y!, m! - monthsBack, 0));
  return end.toISOString().slice(0, 10);
}

/** POST as the page's user; fails the test unless the server answers 200. */
async function post(page: Page, path: string, form: Record<string, string | number>): Promise<Row> {
  const answer = await api(page, 'POST', path, form);
  expect(answer.status, `${path}: ${JSON.stringify(answer.body)}`).toBe(200);
  return answer.body.data as Row;
}

/** Move a record through its state call from its stored state to `to`. */
async function move(page: Page, path: string, key: string, id: number, from: string, to: string, extra: Record<string, string> = {}): Promise<Row> {
  return post(page, path, { ItemId: id, OldRecordStateId: stateIdOf(key, from), RouteStateId: stateIdOf(key, to), ...extra });
}

/** A prequalified vendor whose single and aggregate limits leave room for `amount` (no SRA needed). */
async function vendorWithRoom(page: Page, amount: number): Promise<Row> {
  const vendors = (await api(page, 'GET', '/api/risk/getprequalvendors')).body.data as Row[];
  for (const vendor of vendors.filter((v) => v.status === 'Prequalified' && v.singleLimitInForce >= amount * 2)) {
    const record = (await api(page, 'GET', `/api/risk/getvendorprequalification?vendorId=${vendor.vendorId}`)).body.data as Row | undefined;
    if (record && vendor.aggregateLimitInForce - (record.openBacklog ?? 0) >= amount * 2) return vendor;
  }
  throw new Error(`No prequalified vendor has room for ${amount}.`);
}

/** Upload a lien waiver through the workbench's form and wait for the server. */
async function addWaiver(wb: Locator, kind: string, amount: number, through: string): Promise<void> {
  const form = wb.locator('[data-waivers]');
  await form.locator('[data-add-waiver]').click();
  await form.getByLabel('Kind').selectOption(kind);
  await form.getByLabel('Amount').fill(String(amount));
  await form.getByLabel('Through').fill(through);
  await form.getByLabel('Signed waiver').setInputFiles({ name: `${kind}.pdf`, mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4 e2e waiver') });
  const sent = serverAnswer(wb.page(), '/api/pfm/AddLienWaiver');
  await form.locator('[data-add-waiver-submit]').click();
  expect((await sent).status()).toBe(200);
}

test.describe.configure({ mode: 'serial' });

test('a subcontract from award to payment: awarded on a buyout line, signed through e-sign, billed with its waivers, paid, changed by one bundled change order and billed again; every figure in the database', async ({ page }) => {
  test.setTimeout(300_000);
  watchToken(page);
  const { projectId, budgetId } = project();
  await openPortalAs(page, 'pm', `/pfm/projects/buyout?${q()}`);
  await expect.poll(() => hasToken(page)).toBe(true);

  // 1. Award a buyout line: the form comes pre-filled with its cost code; the vendor is one with room in its limits.
  const amount = 60_000;
  const vendor = await vendorWithRoom(page, amount);
  const award = page.locator('pfm-buyout [data-award="Subcontract"]').first();
  await expect(award).toBeVisible();
  const costCodeId = Number(await award.locator('xpath=ancestor::tr').getAttribute('data-cost-code-id'));
  await award.click();
  const form = page.locator('wb-subcontract [data-workbench="new-commitment"]');
  await expect(form).toBeVisible();
  await expect(form.getByLabel('Line 1 cost code')).toHaveValue(String(costCodeId));
  await form.locator('[data-field="vendorId"]').selectOption(String(vendor.vendorId));
  const tag = `E2E-${Date.now()}`;
  await form.getByLabel('Title', { exact: true }).fill(`Awarded ${tag}`);
  await form.getByLabel('Line 1 amount').fill(String(amount));

  // 2. The new subcontract with its schedule of values at 10% retainage.
  const created = serverAnswer(page, '/api/pfm/CreateCommitment');
  await form.locator('[data-create]').click();
  expect((await created).status()).toBe(200);
  const id = ((await (await created).json()).data as Row).subcontractId as number;
  expect(subcontract(id)).toMatchObject({ state: 'Draft', retainagePercent: 10, vendorId: vendor.vendorId, buyoutCostCodeId: costCodeId, total: amount, projectId, budgetId });
  const number = subcontract(id).number as string;
  const wb = page.locator('wb-subcontract');
  await expect(wb.locator('[data-number]')).toHaveText(number);

  // 3. Sent for signature through e-sign by the RPM (the PM made it: the approval the signing completes is another's),
  // 4. signed by the vendor: Executed.
  await expect(wb.locator('[data-send-for-signature]')).toBeVisible();
  await arrangeAs('rpm', async (rpm) => {
    await pushPath(rpm, `/pfm/projects/esign?projectId=${projectId}&recordKey=Subcontract&recordId=${id}`);
    const envelopeForm = rpm.locator('pfm-esign [data-form="new-envelope"]');
    await expect(envelopeForm.getByLabel('Document')).toHaveValue(`Subcontract:${id}`);
    await envelopeForm.getByLabel('Signer 1 name').fill('Vera Vendor');
    await envelopeForm.getByLabel('Signer 1 e-mail').fill('vera@vendor.example');
    const sent = serverAnswer(rpm, '/api/pfm/CreateEnvelope');
    await envelopeForm.locator('[data-send]').click();
    expect((await sent).status(), await (await sent).text()).toBe(200);
  })(page);
  expect(subcontract(id).state).toBe('Pending Signature');
  const envelope = one("SELECT number FROM envelopes WHERE recordKey = 'Subcontract' AND recordId = ? ORDER BY envelopeId DESC", id).number as string;
  const signing = await page.context().newPage();
  await signing.goto(signingLinkOf(envelope, 'vera@vendor.example'));
  await signing.getByLabel('Type your full name').fill('Vera Vendor');
  await signing.getByLabel(/I agree to sign/).check();
  await signing.getByRole('button', { name: 'Sign' }).click();
  await expect(signing.locator('[data-signing-state="signed"]')).toBeVisible();
  await signing.close();
  expect(subcontract(id).state).toBe('Executed');

  // The subcontractor bills late: its first two applications are for months the accounting close has closed.
  // A keyPFM Admin re-opens them, with the reason kept beside the superseded snapshot.
  const closedMonths = all("SELECT month FROM forecast_periods WHERE budgetId = ? AND state = 'Closed' AND month IN (?, ?)",
    budgetId, monthEnd(2).slice(0, 7), monthEnd(1).slice(0, 7)).map((r) => r.month as string);
  await arrangeAs('admin', async (admin) => {
    for (const month of closedMonths) await post(admin, '/api/pfm/ReopenForecastPeriod', { BudgetId: budgetId, Month: month, Reason: `Late billing of ${tag}` });
  })(page);
  expect(all("SELECT month FROM forecast_periods WHERE budgetId = ? AND state = 'Closed' AND month IN (?, ?)", budgetId, monthEnd(2).slice(0, 7), monthEnd(1).slice(0, 7))).toEqual([]);

  // 5. Pay application 1 (two months back): over a line's value is refused at the cell; 40% of the line is billed.
  const first = await post(page, '/api/pfm/CreatePayApplication', { RecordKey: 'Subcontract', CommitmentId: id, PeriodEnd: monthEnd(2) });
  await pushPath(page, `/pfm/projects/payapplications?${q()}&workbench=PayApplication&recordKey=PayApplication&recordId=${first.payApplicationId}`);
  const pay = page.locator('wb-pay-application');
  const cell = pay.locator('[data-row="0"][data-cell="thisPeriod"]');
  await cell.fill(String(amount + 0.01));
  await cell.press('Tab');
  await expect(pay.locator('[data-line-problem="thisPeriod"]')).toContainText('may not exceed the scheduled value');
  await cell.fill('40%');
  await cell.press('Tab');
  await expect(cell).toHaveValue('24000');
  const saved = serverAnswer(page, '/api/pfm/SavePayApplication');
  await pay.locator('[data-save]').click();
  expect((await saved).status()).toBe(200);
  expect(one('SELECT thisPeriod FROM pay_application_lines WHERE payApplicationId = ?', first.payApplicationId).thisPeriod).toBe(24_000);
  // Submitted and approved by the PM; its payment is 24,000 less 10% retainage.
  expect((await advance(pay, `Change state of ${first.number}`, 'Submitted', { answerOf: '/api/pfm/UpdatePayApplicationState' })).status()).toBe(200);
  expect((await advance(pay, `Change state of ${first.number}`, 'Approved', { answerOf: '/api/pfm/UpdatePayApplicationState' })).status()).toBe(200);
  expect(application(first.payApplicationId)).toMatchObject({ state: 'Approved', currentPaymentDue: 21_600 });
  // Without its waiver the server refuses Approved for Payment and says what is missing; the conditional waiver uploaded.
  await arrangeAs('rpm', async (rpm) => {
    const refused = await api(rpm, 'POST', '/api/pfm/UpdatePayApplicationState', {
      ItemId: first.payApplicationId, OldRecordStateId: stateIdOf('PayApplication', 'Approved'), RouteStateId: stateIdOf('PayApplication', 'Approved for Payment'),
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain(`A conditional waiver for this payment of $21,600.00 through ${monthEnd(2)}.`);
  })(page);
  await addWaiver(pay, 'Conditional Progress', 21_600, monthEnd(2));
  expect(all('SELECT kind, amount FROM lien_waivers WHERE payApplicationId = ?', first.payApplicationId)).toEqual([{ kind: 'Conditional Progress', amount: 21_600 }]);

  // 6. Approved for payment by the RPM (the submitter may not), then paid: the certificate, the ledger and billed move.
  await arrangeAs('rpm', async (rpm) => { await move(rpm, '/api/pfm/UpdatePayApplicationState', 'PayApplication', first.payApplicationId, 'Approved', 'Approved for Payment'); })(page);
  expect(application(first.payApplicationId)).toMatchObject({ state: 'Approved for Payment', certifiedCompletedAndStored: 24_000, certifiedRetainage: 2_400, certifiedPaymentDue: 21_600 });
  expect(one("SELECT sum(amount) AS n FROM cost_code_transactions WHERE sourceRecordKey = 'Subcontract' AND sourceRecordId = ?", id).n).toBe(24_000);
  await move(page, '/api/pfm/UpdatePayApplicationState', 'PayApplication', first.payApplicationId, 'Approved for Payment', 'Paid');
  const billing = (await api(page, 'GET', `/api/pfm/GetSubcontractById?subcontractId=${id}`)).body.data as Row;
  expect(billing).toMatchObject({ billed: 24_000, paid: 21_600, retainageHeld: 2_400 });

  // 7. Three approved change-event items of the vendor bundled into one change order.
  const doc = await post(page, '/api/pfm/CreateChangeRecord', { ProjectId: projectId, Title: `Changes ${tag}`, InitiatingDocumentTypeId: 4 });
  const event = await post(page, '/api/pfm/CreateChangeEvent', { ChangeRecordId: doc.changeRecordId, Title: `Changes ${tag}`, ReimbursableTypeId: 1 });
  const items: Row[] = [];
  for (const [i, value] of [1_500, 2_250, 3_000].entries()) {
    const item = await post(page, '/api/pfm/CreateChangeEventItem', {
      ChangeEventId: event.changeEventId, Description: `Change ${i + 1} ${tag}`, CostCodeId: costCodeId, VendorId: vendor.vendorId, EstimatedAmount: value,
    });
    await move(page, '/api/pfm/UpdateChangeEventItemState', 'ChangeEventItem', item.changeEventItemId, 'Open', 'Pending Approval');
    await post(page, '/api/pfm/SaveChangeEventItem', { ChangeEventItemId: item.changeEventItemId, approvedAmount: value });
    items.push(item);
  }
  await arrangeAs('rpm', async (rpm) => {
    for (const item of items) await move(rpm, '/api/pfm/UpdateChangeEventItemState', 'ChangeEventItem', item.changeEventItemId, 'Pending Approval', 'Approved');
  })(page);
  await pushPath(page, `/pfm/projects/commitments?${q()}&workbench=Subcontract&recordKey=Subcontract&recordId=${id}`);
  await wb.locator('[data-new-change-order-open]').click();
  const changeOrder = wb.locator('[data-new-change-order]');
  await changeOrder.locator('[data-mode="events"]').click();
  for (const item of items) await changeOrder.locator(`[data-change-event-item="${item.changeEventItemId}"] input[type="checkbox"]`).check();
  await expect(changeOrder.locator('[data-ticked-total]')).toContainText('$6,750.00');
  await changeOrder.locator('[data-field="description"]').fill(`Bundled ${tag}`);
  const bundled = serverAnswer(page, '/api/pfm/CreateCommitmentChangeOrder');
  await changeOrder.locator('[data-create-change-order]').click();
  expect((await bundled).status()).toBe(200);
  const co = one('SELECT subcontractChangeOrderId, number FROM subcontract_change_orders WHERE subcontractId = ?', id);
  expect(co.number).toBe(`${number}-CO01`);
  expect(all('SELECT changeEventItemId, amount FROM subcontract_change_order_items WHERE subcontractChangeOrderId = ? ORDER BY changeEventItemId', co.subcontractChangeOrderId))
    .toEqual(items.map((item, i) => ({ changeEventItemId: item.changeEventItemId, amount: [1_500, 2_250, 3_000][i] })));
  await move(page, '/api/pfm/UpdateCommitmentState', 'SubcontractChangeOrder', co.subcontractChangeOrderId, 'Draft', 'Pending Approval', { RecordKey: 'SubcontractChangeOrder' });
  await arrangeAs('rpm', async (rpm) => { await move(rpm, '/api/pfm/UpdateCommitmentState', 'SubcontractChangeOrder', co.subcontractChangeOrderId, 'Pending Approval', 'Approved', { RecordKey: 'SubcontractChangeOrder' }); })(page);

  // 8. Pay application 2 (last month): the change order's lines join the schedule; the previous work is carried.
  const second = await post(page, '/api/pfm/CreatePayApplication', { RecordKey: 'Subcontract', CommitmentId: id, PeriodEnd: monthEnd(1) });
  const lines = all('SELECT source, scheduledValue, previousCompleted FROM pay_application_lines WHERE payApplicationId = ? ORDER BY source, itemId', second.payApplicationId);
  expect(lines).toEqual([
    { source: 'changeOrder', scheduledValue: 1_500, previousCompleted: 0 }, { source: 'changeOrder', scheduledValue: 2_250, previousCompleted: 0 },
    { source: 'changeOrder', scheduledValue: 3_000, previousCompleted: 0 }, { source: 'original', scheduledValue: amount, previousCompleted: 24_000 },
  ]);
  const rows = (await api(page, 'GET', `/api/pfm/getpayapplications?recordKey=Subcontract&recordId=${id}`)).body.data as Row[];
  expect(rows.find((r) => r.payApplicationId === second.payApplicationId)?.totals).toMatchObject({ contractSumToDate: amount + 6_750, previousCertificates: 21_600 });

  // It bills the rest of every line: the work is complete, 10% of it still held.
  const secondLines = (await api(page, 'GET', `/api/pfm/getPayApplicationById?payApplicationId=${second.payApplicationId}`)).body.data as Row;
  const rest: Record<string, string | number> = { PayApplicationId: second.payApplicationId, lastLoad: secondLines.modifiedAt };
  (secondLines.lines as Row[]).forEach((line, i) => Object.assign(rest, {
    [`lines[${i}].itemId`]: line.itemId, [`lines[${i}].source`]: line.source, [`lines[${i}].thisPeriod`]: line.scheduledValue - line.previousCompleted,
  }));
  await post(page, '/api/pfm/SavePayApplication', rest);
  const contractSum = amount + 6_750;
  const held = Math.round(contractSum * 10) / 100; // 10% retainage, in cents
  await move(page, '/api/pfm/UpdatePayApplicationState', 'PayApplication', second.payApplicationId, 'Draft', 'Submitted');
  await move(page, '/api/pfm/UpdatePayApplicationState', 'PayApplication', second.payApplicationId, 'Submitted', 'Approved');
  // This payment: 90% of the work beyond the first certificate's; its conditional waiver and the first payment's unconditional one.
  const secondDue = contractSum - held - 21_600;
  expect(application(second.payApplicationId)).toMatchObject({ state: 'Approved', currentPaymentDue: secondDue });
  await pushPath(page, `/pfm/projects/payapplications?${q()}&workbench=PayApplication&recordKey=PayApplication&recordId=${second.payApplicationId}`);
  await addWaiver(pay, 'Conditional Progress', secondDue, monthEnd(1));
  await addWaiver(pay, 'Unconditional Progress', 21_600, monthEnd(2));
  await arrangeAs('rpm', async (rpm) => { await move(rpm, '/api/pfm/UpdatePayApplicationState', 'PayApplication', second.payApplicationId, 'Approved', 'Approved for Payment'); })(page);
  await move(page, '/api/pfm/UpdatePayApplicationState', 'PayApplication', second.payApplicationId, 'Approved for Payment', 'Paid');
  expect((await api(page, 'GET', `/api/pfm/GetSubcontractById?subcontractId=${id}`)).body.data).toMatchObject({ billed: contractSum, retainageHeld: held });
  // The closeout checklist names the retainage still held on the subcontract.
  const blockers = async () => ((await api(page, 'GET', `/api/toolbox/closeouts/getcloseoutchecklist?recordKey=Project&recordId=${projectId}`)).body.data.items as Row[])
    .find((item) => item.id === 'retainage')!.blockers.filter((b: Row) => b.recordKey === 'Subcontract').map((b: Row) => b.recordId as number);
  expect(await blockers()).toContain(id);

  // 9. Retainage release (this month): every line is complete, so the application is the final one, at rate 0, paying
  // what was held; it needs the unconditional final waiver (and the previous payment's unconditional one).
  const release = await post(page, '/api/pfm/CreatePayApplication', { RecordKey: 'Subcontract', CommitmentId: id, PeriodEnd: monthEnd(0) });
  expect(application(release.payApplicationId)).toMatchObject({ final: 1, currentPaymentDue: held });
  await pushPath(page, `/pfm/projects/payapplications?${q()}&workbench=PayApplication&recordKey=PayApplication&recordId=${release.payApplicationId}`);
  await expect(pay.locator('[data-final]')).toBeVisible();
  expect((await advance(pay, `Change state of ${release.number}`, 'Submitted', { answerOf: '/api/pfm/UpdatePayApplicationState' })).status()).toBe(200);
  expect((await advance(pay, `Change state of ${release.number}`, 'Approved', { answerOf: '/api/pfm/UpdatePayApplicationState' })).status()).toBe(200);
  await arrangeAs('rpm', async (rpm) => {
    const refused = await api(rpm, 'POST', '/api/pfm/UpdatePayApplicationState', {
      ItemId: release.payApplicationId, OldRecordStateId: stateIdOf('PayApplication', 'Approved'), RouteStateId: stateIdOf('PayApplication', 'Approved for Payment'),
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain('An unconditional final waiver for');
  })(page);
  await addWaiver(pay, 'Unconditional Final', held, monthEnd(0));
  await addWaiver(pay, 'Unconditional Progress', secondDue, monthEnd(1));
  const ledgerBefore = one("SELECT sum(amount) AS n FROM cost_code_transactions WHERE sourceRecordKey = 'Subcontract' AND sourceRecordId = ?", id).n;
  await arrangeAs('rpm', async (rpm) => { await move(rpm, '/api/pfm/UpdatePayApplicationState', 'PayApplication', release.payApplicationId, 'Approved', 'Approved for Payment'); })(page);
  await move(page, '/api/pfm/UpdatePayApplicationState', 'PayApplication', release.payApplicationId, 'Approved for Payment', 'Paid');
  // The release is a payment, not a cost: the ledger holds the contract sum; nothing is held; everything is paid.
  expect(one("SELECT sum(amount) AS n FROM cost_code_transactions WHERE sourceRecordKey = 'Subcontract' AND sourceRecordId = ?", id).n).toBe(ledgerBefore);
  expect(ledgerBefore).toBe(contractSum);
  expect((await api(page, 'GET', `/api/pfm/GetSubcontractById?subcontractId=${id}`)).body.data).toMatchObject({ billed: contractSum, paid: contractSum, retainageHeld: 0 });

  // 10. The closeout blocker is gone.
  expect(await blockers()).not.toContain(id);
});

test('a purchase order: created from the commitments screen with quantity × unit price, issued by the RPM, billed by the PM', async ({ page }) => {
  test.setTimeout(180_000);
  watchToken(page);
  await openPortalAs(page, 'pm', `/pfm/projects/commitments?${q()}`);
  await expect.poll(() => hasToken(page)).toBe(true);
  const vendor = await vendorWithRoom(page, 10_000);
  await page.locator('pfm-commitments [data-new="PurchaseOrder"]').click();
  const form = page.locator('wb-purchase-order [data-workbench="new-commitment"]');
  await expect(form).toBeVisible();
  await form.locator('[data-field="vendorId"]').selectOption(String(vendor.vendorId));
  const tag = `E2E-${Date.now()}`;
  await form.getByLabel('Title', { exact: true }).fill(`Anchor bolts ${tag}`);
  // The cost codes offered are the budget's material, equipment and other lines (M, W, E) only.
  const code = form.getByLabel('Line 1 cost code');
  const offered = await code.locator('option[value]:not([value=""])').evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
  const types = all(`SELECT DISTINCT type FROM cost_codes WHERE costCodeId IN (${offered.map(Number).join(',')})`).map((r) => r.type as string);
  expect(types.length).toBeGreaterThan(0);
  expect(types.every((t) => ['M', 'W', 'E'].includes(t)), types.join()).toBe(true);
  await code.selectOption(offered[0]!);
  await form.getByLabel('Line 1 description').fill('Anchor bolts, galvanized');
  await form.getByLabel('Line 1 quantity').fill('400');
  await form.getByLabel('Line 1 unit price').fill('12.5');
  await expect(form.locator('[data-line-amount]').first()).toContainText('$5,000.00');
  const created = serverAnswer(page, '/api/pfm/CreateCommitment');
  await form.locator('[data-create]').click();
  expect((await created).status()).toBe(200);
  const id = ((await (await created).json()).data as Row).purchaseOrderId as number;
  const stored = () => one(`SELECT t.number, s.name AS state FROM purchase_orders t JOIN application_record_states s USING (applicationRecordStateId) WHERE purchaseOrderId = ?`, id);
  expect(stored().state).toBe('Draft');
  expect(one('SELECT quantity, unitPrice, amount FROM purchase_order_items WHERE purchaseOrderId = ?', id)).toEqual({ quantity: 400, unitPrice: 12.5, amount: 5_000 });
  await arrangeAs('rpm', async (rpm) => { await move(rpm, '/api/pfm/UpdateCommitmentState', 'PurchaseOrder', id, 'Draft', 'Issued', { RecordKey: 'PurchaseOrder' }); })(page);
  expect(stored().state).toBe('Issued');
  // Billed from its workbench's Pay applications section (the page loaded again: the RPM issued it elsewhere): half the
  // order this month, less the order's 10% retainage (the form's default).
  await page.reload();
  await expect(page.locator('wb-purchase-order [data-state-name]')).toHaveText('Issued');
  await page.locator('wb-purchase-order [data-new="pay-application"]').click();
  const create = serverAnswer(page, '/api/pfm/CreatePayApplication');
  await page.locator('wb-pay-application [data-workbench="new-pay-application"] [data-create]').click();
  expect((await create).status(), await (await create).text()).toBe(200);
  const payId = ((await (await create).json()).data as Row).payApplicationId as number;
  const pay = page.locator('wb-pay-application');
  const cell = pay.locator('[data-row="0"][data-cell="thisPeriod"]');
  await cell.fill('50%');
  await cell.press('Tab');
  const saved = serverAnswer(page, '/api/pfm/SavePayApplication');
  await pay.locator('[data-save]').click();
  expect((await saved).status()).toBe(200);
  expect(application(payId)).toMatchObject({ commitmentKey: 'PurchaseOrder', commitmentId: id, periodEnd: monthEnd(0), state: 'Draft', retainagePercent: 10, currentPaymentDue: 2_250 });
});

test('the pay applications screen lists the project\'s applications with their totals and the waivers still missing', async ({ page }) => {
  test.setTimeout(90_000);
  watchToken(page);
  // The route asks for the list as soon as the URL is known (core/router/prefetch); the screen takes those answers.
  const asked: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (/^\/api\/pfm\/(getpayapplications|getPayApplicationById)$/.test(url.pathname)) asked.push(`${url.pathname}${url.search}`);
  });
  await openPortalAs(page, 'pm', `/pfm/projects/payapplications?${q()}`);
  const screen = page.locator('pfm-pay-applications');
  const open = one(`SELECT count(*) AS n FROM pay_applications a JOIN application_record_states s USING (applicationRecordStateId)
    WHERE a.projectId = ? AND s.closed = 0`, project().projectId).n as number;
  await expect(screen.getByRole('tab', { name: new RegExp(`^Open ${open}`) })).toBeVisible();
  // The seeded application waiting for both its waivers says so in its row.
  await expect(screen.locator('[data-waivers-missing="2"]').first()).toBeVisible();
  const { projectId } = project();
  expect(asked.sort(), 'each list load asked once').toEqual([
    `/api/pfm/getpayapplications?recordKey=Project&recordId=${projectId}&open=false`,
    `/api/pfm/getpayapplications?recordKey=Project&recordId=${projectId}&open=true`,
  ]);
  // One application opened over the list: asked once too.
  const waiting = one(`SELECT payApplicationId FROM pay_applications WHERE projectId = ? ORDER BY payApplicationId LIMIT 1`, projectId).payApplicationId as number;
  asked.length = 0;
  await pushPath(page, `/pfm/projects/payapplications?${q()}&workbench=PayApplication&recordKey=PayApplication&recordId=${waiting}`);
  await expect(page.locator('wb-pay-application [data-sheet] tbody tr').first()).toBeVisible();
  expect(asked, 'the application asked once').toEqual([`/api/pfm/getPayApplicationById?payApplicationId=${waiting}`]);
});
