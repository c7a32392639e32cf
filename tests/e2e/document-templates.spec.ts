// Document templates and the generated document end to end: real sign-in, the real API, the seeded database.
// Run alone: npx rollup -c && E2E_PORT=4625 npx playwright test tests/e2e/document-templates.spec.ts
// The admin makes its own (inactive) template, so the active defaults other specs render stay as seeded.
import { expect, test, type Page } from '@playwright/test';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { watchToken } from './support/api';
import { e2eDb } from './support/db';
import { openPortalAs } from './support/portal';
import { dialog, serverAnswer } from './support/records';
import { axeOn } from './support/axe';
import { reviewShot } from './support/review';

const ADMIN_PATH = '/pfm/projects?workbench=DocumentTemplateAdministration';
const wb = (page: Page) => page.locator('wb-document-template-administration');
type Row = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const db = () => e2eDb();

/**
 * Keep every blob the page turns into an object URL. The page's CSP (connect-src 'self') refuses a
 * fetch of a blob: URL, and Playwright answers an empty body for a response marked attachment, so
 * the shown PDF's bytes are read from the blob itself.
 */
async function keepBlobs(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const kept = new Map<string, Blob>();
    (window as unknown as { keptBlobs: Map<string, Blob> }).keptBlobs = kept;
    const create = URL.createObjectURL.bind(URL);
    URL.createObjectURL = (object: Blob | MediaSource) => {
      const url = create(object);
      if (object instanceof Blob) kept.set(url, object);
      return url;
    };
  });
}

/** The PDF the frame inside `host` shows. */
async function framedPdf(page: Page, host: string): Promise<Uint8Array> {
  const frame = page.locator(host).locator('iframe[data-document-frame]');
  await expect(frame).toHaveAttribute('src', /^blob:/);
  const bytes = await frame.evaluate(async (node) => {
    const blob = (window as unknown as { keptBlobs: Map<string, Blob> }).keptBlobs.get((node as HTMLIFrameElement).src);
    return blob ? [...new Uint8Array(await blob.arrayBuffer())] : [];
  });
  return new Uint8Array(bytes);
}

/** Every page's text. */
async function pdfText(bytes: Uint8Array): Promise<string> {
  expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
  const doc = await getDocument({ data: bytes, verbosity: 0 }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= doc.numPages; n++) pages.push((await (await doc.getPage(n)).getTextContent()).items.map((i) => ('str' in i ? i.str : '')).join(' '));
  return pages.join('\n');
}

async function axe(page: Page, hosts: [string, string, ...string[]], name: string): Promise<void> {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    const results = await axeOn(page, { coloursOnly: colorScheme === 'dark' }).include({ fromShadowDom: hosts }).analyze();
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`), colorScheme).toEqual([]);
    await reviewShot(page, { path: `.tmp/${name}-${colorScheme}.png` });
  }
}

test.describe.configure({ mode: 'serial' });

test.describe('document templates', () => {
  test('admin: an unknown merge field is refused with its name; a template is made by keyboard, edited and previewed for a chosen record', async ({ page }) => {
    watchToken(page);
    await keepBlobs(page);
    await openPortalAs(page, 'admin', ADMIN_PATH);
    const count = (db().prepare('SELECT count(*) AS n FROM document_templates').get() as Row).n as number;
    await expect(wb(page).locator('[data-template]')).toHaveCount(count);
    await expect(wb(page).locator('[data-template] [data-active]')).toHaveCount(5);

    const title = `E2E template ${Date.now()}`;
    await wb(page).getByRole('button', { name: 'New template' }).click();
    const editor = wb(page).locator('[data-editor="new"]');
    await editor.getByLabel('Title', { exact: true }).fill(title);
    await editor.getByLabel('Record kind', { exact: true }).selectOption('Subcontract');
    const body = editor.getByLabel('Body', { exact: true });
    await body.fill('# Hello {{number}}\nFax: {{vendorFax}}');
    // The hint names the field while typing…
    await expect(editor.locator('[data-error="body"]')).toHaveText("Unknown merge field 'vendorFax'.");
    // …and the server refuses the save naming it (Request Failed, and at the field).
    const refused = serverAnswer(page, '/api/pfm/documents/SaveDocumentTemplate');
    await editor.getByRole('button', { name: 'Save' }).click();
    expect((await refused).status()).toBe(400);
    await expect(dialog(page)).toContainText('Request Failed');
    await expect(dialog(page)).toContainText("Unknown merge field 'vendorFax'.");
    await dialog(page).getByRole('button', { name: /OK/i }).click();
    await expect(editor.locator('[data-error="body"]')).toHaveText("Unknown merge field 'vendorFax'.");
    await expect(body).toHaveValue('# Hello {{number}}\nFax: {{vendorFax}}');
    expect(db().prepare('SELECT count(*) AS n FROM document_templates WHERE title = ?').get(title)).toEqual({ n: 0 });

    // By keyboard: fix the body, insert {{items}} from the field list, save with Enter in the title.
    await body.fill('# Hello {{number}}\nFor {{vendorName}}\n');
    await body.press('End');
    await editor.locator('[data-insert="items"]').focus();
    await page.keyboard.press('Enter');
    await expect(body).toHaveValue('# Hello {{number}}\nFor {{vendorName}}\n{{items}}');
    await expect(editor.locator('[data-error="body"]')).toHaveText('');
    const created = serverAnswer(page, '/api/pfm/documents/SaveDocumentTemplate');
    await editor.getByLabel('Title', { exact: true }).press('Enter');
    expect((await created).status()).toBe(200);
    const row = db().prepare('SELECT * FROM document_templates WHERE title = ?').get(title) as Row;
    expect([row.recordKey, row.body, row.active, row.version, row.modifiedBy]).toEqual(['Subcontract', '# Hello {{number}}\nFor {{vendorName}}\n{{items}}', 0, 1,
      (db().prepare("SELECT preferredName FROM employees WHERE login = 'admin'").get() as Row).preferredName]);

    // Edit it: a new version.
    const edit = wb(page).locator(`[data-editor="${row.documentTemplateId}"]`);
    await edit.getByLabel('Body', { exact: true }).fill('# Preview {{number}}\nFor {{vendorName}} ({{retainage}} retainage)\n{{items}}');
    const saved = serverAnswer(page, '/api/pfm/documents/SaveDocumentTemplate');
    await edit.getByRole('button', { name: 'Save' }).click();
    expect((await saved).status()).toBe(200);
    expect((db().prepare('SELECT version, body FROM document_templates WHERE documentTemplateId = ?').get(row.documentTemplateId) as Row).version).toBe(2);

    // Preview for a record picked by number.
    const sc = db().prepare(`SELECT s.subcontractId, s.number, v.name AS vendorName, i.description AS item FROM subcontracts s JOIN vendors v USING (vendorId)
      JOIN subcontract_items i ON i.subcontractId = s.subcontractId ORDER BY s.subcontractId DESC LIMIT 1`).get() as Row;
    const preview = edit.locator('[data-panel="template-preview"]');
    await preview.getByLabel('Find a record by number').fill(sc.number);
    await expect(preview.getByLabel('Record to preview with').locator('option')).toHaveCount(1);
    await expect(preview.getByLabel('Record to preview with')).toHaveValue(String(sc.subcontractId));
    const rendered = page.waitForResponse((r) => r.url().endsWith('/api/pfm/documents/PreviewDocumentTemplate'));
    await preview.getByRole('button', { name: 'Preview', exact: true }).click();
    const answer = await rendered;
    expect(answer.status()).toBe(200);
    expect(answer.headers()['content-disposition']).toContain(`attachment; filename="Subcontract ${sc.number}.pdf"`);
    await expect(preview.locator('[data-document-name]')).toHaveText(`Subcontract ${sc.number}.pdf`);
    const text = await pdfText(await framedPdf(page, 'wb-document-template-administration'));
    expect(text).toContain(`Preview ${sc.number}`);
    expect(text).toContain(`For ${sc.vendorName}`);
    expect(text).toContain(sc.item);
    const download = page.waitForEvent('download');
    await preview.getByRole('button', { name: `Download Subcontract ${sc.number}.pdf` }).click();
    expect((await download).suggestedFilename()).toBe(`Subcontract ${sc.number}.pdf`);

    await axe(page, ['portal-app', 'pfm-workbench-host', 'wb-document-template-administration'], 'document-templates-admin');
  });

  test('pm: the Preview control on a subcontract workbench opens its document; the template workbench says pm lacks access', async ({ page }) => {
    watchToken(page);
    await keepBlobs(page);
    const sc = db().prepare(`SELECT s.subcontractId, s.number, s.projectId, s.budgetId, v.name AS vendorName FROM subcontracts s JOIN vendors v USING (vendorId)
      WHERE s.projectId = 1 ORDER BY s.subcontractId LIMIT 1`).get() as Row;
    await openPortalAs(page, 'pm', `/pfm/projects/commitments?projectId=1&budgetId=1&workbench=Subcontract&recordKey=Subcontract&recordId=${sc.subcontractId}`);
    const host = page.locator('pfm-workbench-host');
    const control = host.getByRole('button', { name: 'Preview', exact: true });
    await expect(control).toHaveAttribute('title', 'Preview');
    await expect(control).toHaveAttribute('aria-pressed', 'false');
    const loaded = page.waitForResponse((r) => r.url().endsWith('/api/pfm/documents/RecordDocument'));
    // By keyboard.
    await control.focus();
    await page.keyboard.press('Enter');
    const answer = await loaded;
    expect(answer.status()).toBe(200);
    expect(answer.headers()['content-disposition']).toContain(`filename="Subcontract ${sc.number}.pdf"`);
    const panel = host.locator('[data-panel="preview"]');
    await expect(panel.locator('[data-document-name]')).toHaveText(`Subcontract ${sc.number}.pdf`);
    const text = await pdfText(await framedPdf(page, 'pfm-workbench-host'));
    expect(text).toContain(`Subcontract ${sc.number}`);
    expect(text).toContain(sc.vendorName);
    await expect(control).toHaveAttribute('aria-pressed', 'true');
    await axe(page, ['portal-app', 'pfm-workbench-host'], 'document-preview-pm');
    await control.click();
    await expect(panel).toHaveCount(0);

    // An owner agreement has no generated document: no Preview control there.
    await page.goto('/pfm/projects/owneragreements?projectId=1&budgetId=1&workbench=OwnerAgreement&recordKey=OwnerAgreement&recordId=1');
    await expect(host.getByRole('button', { name: 'Copy Link' })).toBeVisible();
    await expect(host.getByRole('button', { name: 'Preview', exact: true })).toHaveCount(0);

    await page.goto(ADMIN_PATH);
    await expect(wb(page).locator('[data-state="failed"] > span')).toHaveText('You do not have access to document templates: they are for PFM administrators.');
  });
});
