// Approval authority end to end: the state menu says a move the user may not make before the click (the
// server's own decision: role, amount, who holds the role), a move to Executed without e-sign asks how it
// was signed and records it, and App Records' approval matrix changes what the next menu says.
import { expect, test, type Page } from '@playwright/test';
import { api, watchToken } from './support/api';
import { e2eDb } from './support/db';
import { openPortalAs } from './support/portal';
import { dialog, serverAnswer } from './support/records';

test.describe.configure({ mode: 'serial' });

const contract = (page: Page, key: 'Subcontract' | 'PurchaseAgreement', projectId: number, recordId: number) =>
  openPortalAs(page, 'pm', `/pfm/projects/commitments?projectId=${projectId}&workbench=${key}&recordKey=${key}&recordId=${recordId}`);

/** A Pending Signature record of `table` on project `projectId` whose items add up to more (or less) than `limit`. */
function pendingSignature(table: 'subcontracts' | 'purchase_agreements', id: string, items: string, projectId: number, over: boolean, limit: number) {
  const row = e2eDb().prepare(`SELECT t.${id} AS id, t.number FROM ${table} t JOIN application_record_states s ON s.applicationRecordStateId = t.applicationRecordStateId
    WHERE t.projectId = ? AND s.name = 'Pending Signature'
      AND NOT EXISTS (SELECT 1 FROM envelopes e WHERE e.recordId = t.${id} AND e.recordKey = ?)
      AND (SELECT coalesce(sum(amount), 0) FROM ${items} i WHERE i.${id} = t.${id}) ${over ? '>' : '<='} ?
    ORDER BY t.${id} LIMIT 1`).get(projectId, table === 'subcontracts' ? 'Subcontract' : 'PurchaseAgreement', limit) as { id: number; number: string } | undefined;
  if (!row) throw new Error(`no Pending Signature ${table} on project ${projectId}`);
  return row;
}

test('a PM opens a $400,000+ subcontract: Executed shows disabled with the RPM needed, and the click sends nothing', async ({ page }) => {
  watchToken(page);
  const sub = pendingSignature('subcontracts', 'subcontractId', 'subcontract_items', 3, true, 400_000);
  await contract(page, 'Subcontract', 3, sub.id);
  const wb = page.locator('wb-subcontract');
  await expect(wb.locator('[data-state-name]')).toHaveText('Pending Signature');
  await wb.getByRole('button', { name: `Change state of ${sub.number}` }).click();
  const executed = wb.locator('[role="menuitem"][data-target-state="Executed"]');
  await expect(executed).toHaveAttribute('aria-disabled', 'true');
  await expect(executed.locator('[data-move-refusal]')).toHaveText('Needs RPM approval above $250,000: Linda Okafor');
  await expect(executed).toHaveAccessibleDescription('Needs RPM approval above $250,000: Linda Okafor');
  let sent = false;
  page.on('request', (request) => { if (request.url().includes('UpdateCommitmentState')) sent = true; });
  // Playwright will not click an aria-disabled item: the user's click is dispatched as is.
  await executed.dispatchEvent('click');
  await expect(executed).toBeVisible();
  await expect(wb.locator('[data-state-name]')).toHaveText('Pending Signature');
  expect(sent).toBe(false);
});

test('Executed without e-sign asks how it was signed, by keyboard; the approval is recorded with role, limit and reason', async ({ page }) => {
  watchToken(page);
  const pa = pendingSignature('purchase_agreements', 'purchaseAgreementId', 'purchase_agreement_items', 2, false, 250_000);
  await contract(page, 'PurchaseAgreement', 2, pa.id);
  const wb = page.locator('wb-purchase-agreement');
  await expect(wb.locator('[data-state-name]')).toHaveText('Pending Signature');
  const menu = wb.getByRole('button', { name: `Change state of ${pa.number}` });
  await menu.focus();
  await page.keyboard.press('Enter');
  const executed = wb.locator('[role="menuitem"][data-target-state="Executed"]');
  await expect(executed).not.toHaveAttribute('aria-disabled', 'true');
  while (!(await executed.evaluate((el) => el === (el.getRootNode() as ShadowRoot | Document).activeElement))) await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  const box = dialog(page);
  await expect(box).toContainText('Without e-sign, say how it was signed');
  await page.keyboard.type('Signed on paper at the pre-construction meeting');
  const moved = serverAnswer(page, '/api/pfm/UpdateCommitmentState');
  await box.getByRole('button', { name: 'Mark Executed' }).click();
  expect((await moved).status()).toBe(200);
  await expect(wb.locator('[data-state-name]')).toHaveText('Executed');
  const approval = e2eDb().prepare(`SELECT roleName, upToAmount, reason, via FROM record_approvals WHERE applicationRecordKey = 'PurchaseAgreement' AND recordId = ?
    ORDER BY recordApprovalId DESC LIMIT 1`).get(pa.id);
  expect(approval).toEqual({ roleName: 'Project Manager', upToAmount: 250000, reason: 'Signed on paper at the pre-construction meeting', via: 'user' });
});

test("App Records: an admin lowers the PM's limit on purchase orders, and the pm's next menu follows it", async ({ page }) => {
  watchToken(page);
  // A Draft purchase order of the pm's project 2 with an amount over $1 (the seed has several).
  const po = e2eDb().prepare(`SELECT po.purchaseOrderId AS id FROM purchase_orders po JOIN application_record_states st ON st.applicationRecordStateId = po.applicationRecordStateId
    WHERE po.projectId = 2 AND st.name = 'Draft'
      AND (SELECT coalesce(sum(amount), 0) FROM purchase_order_items i WHERE i.purchaseOrderId = po.purchaseOrderId) BETWEEN 2 AND 250000
    ORDER BY po.purchaseOrderId LIMIT 1`).get() as { id: number } | undefined;
  expect(po, 'a Draft purchase order between $2 and $250,000 on project 2').toBeTruthy();
  // One window of the pm's, asked before and after the change (the server decides on every call).
  let issued: (() => Promise<{ allowed: boolean; reason: string | null } | undefined>) | undefined;
  const pmContext = await page.context().browser()!.newContext();
  try {
    const pm = await pmContext.newPage();
    watchToken(pm);
    await openPortalAs(pm, 'pm', '/');
    issued = async () => {
      const answer = await api(pm, 'GET', `/api/applications/GetRecordMoveAuthority?recordKey=PurchaseOrder&recordId=${po!.id}`);
      expect(answer.status).toBe(200);
      return (answer.body.data as Array<{ allowed: boolean; reason: string | null; approval: boolean }>).find((m) => m.approval);
    };
    expect((await issued())?.allowed).toBe(true);

    await openPortalAs(page, 'admin', '/admin/app-records');
    const screen = page.locator('admin-app-records');
    await screen.locator('[data-open-type="PurchaseOrder"]').click();
    const section = screen.locator('[data-section="approvals"]');
    const pmLimit = section.locator('[data-approval="Issued"] [data-limit="Project Manager"] [data-field="upToAmount"]');
    await expect(pmLimit).toHaveValue('250000');
    const save = async (value: string) => {
      await pmLimit.fill(value);
      const saved = serverAnswer(page, '/api/admin/apprecords/SaveApprovals');
      await section.locator('[data-action="save-approvals"]').click();
      expect((await saved).status()).toBe(200);
      await expect(pmLimit).toHaveValue(value);
    };
    await save('1');
    try {
      const move = await issued();
      expect(move?.allowed).toBe(false);
      expect(move?.reason).toBe('Needs RPM approval above $1: Linda Okafor');
    } finally {
      await save('250000');
    }
    expect((await issued())?.allowed).toBe(true);
  } finally {
    await pmContext.close();
  }
});
