/**
 * Document templates (issue 12, pfm/document-templates): the seeded defaults, admin-only template calls, a
 * save refused with the unknown merge field's name, 409 on a stale version, one active template per
 * kind, the preview PDF (its text extracted with pdfjs-dist: number, vendor, an item; the filename
 * header), the record document for PFM roles, page breaks and page numbers for many items.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { DOCUMENT_RECORD_KEYS, unknownMergeFields, type DocumentRecordKey } from '../../src/core/document-templates/contract';
import { renderDocumentWithBody, renderRecordDocument } from '../../demo/host/api/pfm/document-templates/render';
import { useTestHost, type Row } from './support/use-host';

const { host, api, one } = useTestHost();

const LIST = '/api/pfm/documents/templates';
const SAVE = '/api/pfm/documents/SaveDocumentTemplate';
const PREVIEW = '/api/pfm/documents/PreviewDocumentTemplate';
const RECORD = '/api/pfm/documents/RecordDocument';

/** Every page's text, pages joined by a form feed. */
async function pdfText(bytes: Uint8Array): Promise<{ text: string; pages: number }> {
  const doc = await getDocument({ data: new Uint8Array(bytes), verbosity: 0 }).promise;
  const texts: string[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent();
    texts.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  return { text: texts.join('\f'), pages: doc.numPages };
}

/** The first subcontract with items, with its vendor and first item. */
function subcontractWithItems(): Row {
  return one(`SELECT s.subcontractId, s.number, v.name AS vendorName, i.description AS itemDescription, cc.code
    FROM subcontracts s JOIN vendors v ON v.vendorId = s.vendorId JOIN subcontract_items i ON i.subcontractId = s.subcontractId
    JOIN cost_codes cc ON cc.costCodeId = i.costCodeId ORDER BY s.subcontractId, i.subcontractItemId LIMIT 1`);
}

describe('document templates', () => {
  it('seeds one active default template per record kind, each using only known merge fields', async () => {
    const answer = await api.get('admin', LIST);
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    const rows = answer.body.data as Row[];
    for (const key of DOCUMENT_RECORD_KEYS) {
      const active = rows.filter((r) => r.recordKey === key && r.active === 1);
      assert.equal(active.length, 1, key);
      assert.deepEqual(unknownMergeFields(active[0]!.body, key), [], key);
      assert.match(active[0]!.body, /\{\{items\}\}/);
      assert.equal(active[0]!.modifiedBy, 'System');
    }
  });

  it('refuses template calls to a non-admin (pm: 403) and the record document to a non-PFM user', async () => {
    assert.equal((await api.get('pm', LIST)).status, 403);
    assert.equal((await api.get('rpm', '/api/pfm/documents/template', { documentTemplateId: 1 })).status, 403);
    assert.equal((await api.post('pm', SAVE, { DocumentTemplateId: 1, Version: 1, Title: 'x', RecordKey: 'Subcontract', Body: 'x' })).status, 403);
    const sc = subcontractWithItems();
    assert.equal((await api.post('pm', PREVIEW, { RecordKey: 'Subcontract', RecordId: sc.subcontractId, DocumentTemplateId: 1 })).status, 403);
    assert.equal((await api.post('employee', RECORD, { RecordKey: 'Subcontract', RecordId: sc.subcontractId })).status, 403);
    assert.equal(one('SELECT title FROM document_templates WHERE documentTemplateId = 1').title, 'Standard Subcontract Agreement');
  });

  it('refuses a save with an unknown merge field: 400 autoAlert naming it; nothing changes', async () => {
    const before = one('SELECT body, version FROM document_templates WHERE documentTemplateId = 1');
    const answer = await api.post('admin', SAVE, {
      DocumentTemplateId: 1, Version: before.version, Title: 'Standard Subcontract Agreement', RecordKey: 'Subcontract',
      Body: 'Dear {{vendorName}}, {{ vendorFax }} and {{orderDate}}',
    });
    assert.equal(answer.status, 400);
    assert.equal(answer.body.autoAlert, true);
    assert.equal(answer.body.functionName, 'SaveDocumentTemplate');
    assert.equal(answer.body.message, "Unknown merge fields 'vendorFax', 'orderDate'.");
    assert.deepEqual(answer.body.unknownFields, ['vendorFax', 'orderDate']);
    assert.equal(answer.body.field, 'Body');
    assert.deepEqual(one('SELECT body, version FROM document_templates WHERE documentTemplateId = 1'), before);
  });

  it('saves a new version, refuses a stale one with 409, and keeps one active template per kind', async () => {
    const created = await api.post('admin', SAVE, { Title: 'Short PO', RecordKey: 'PurchaseOrder', Body: '# PO {{number}}\r\n{{items}}', Active: 'true' });
    assert.equal(created.status, 200, JSON.stringify(created.body));
    const id = created.body.data.documentTemplateId as number;
    assert.equal(created.body.data.body, '# PO {{number}}\n{{items}}', 'CRLF line breaks are stored as LF');
    assert.deepEqual([created.body.data.version, created.body.data.active, created.body.data.modifiedBy], [1, 1, one("SELECT preferredName FROM employees WHERE login = 'admin'").preferredName]);
    assert.equal(one("SELECT count(*) AS n FROM document_templates WHERE recordKey = 'PurchaseOrder' AND active = 1").n, 1);
    assert.equal(one('SELECT active FROM document_templates WHERE documentTemplateId = 5').active, 0);

    const saved = await api.post('admin', SAVE, { DocumentTemplateId: id, Version: 1, Title: 'Short PO 2', RecordKey: 'PurchaseOrder', Body: '# PO {{number}} for {{vendorName}}\n{{items}}', Active: 'true' });
    assert.equal(saved.status, 200);
    assert.equal(saved.body.data.version, 2);
    const stale = await api.post('admin', SAVE, { DocumentTemplateId: id, Version: 1, Title: 'Lost update', RecordKey: 'PurchaseOrder', Body: 'x', Active: 'true' });
    assert.equal(stale.status, 409);
    assert.equal(one('SELECT title FROM document_templates WHERE documentTemplateId = ?', id).title, 'Short PO 2');

    // Put the default back as the active one (other tests use the defaults).
    const def = one('SELECT * FROM document_templates WHERE documentTemplateId = 5');
    const back = await api.post('admin', SAVE, { DocumentTemplateId: 5, Version: def.version, Title: def.title, RecordKey: 'PurchaseOrder', Body: def.body, Active: 'true' });
    assert.equal(back.status, 200);
    assert.equal(one('SELECT active FROM document_templates WHERE documentTemplateId = ?', id).active, 0);
  });

  it('answers bad input with 4xx and a clear message', async () => {
    const missing = await api.post('admin', SAVE, { RecordKey: 'Subcontract', Body: '' });
    assert.equal(missing.status, 400);
    assert.match(missing.body.message, /Enter a title\. .*Enter the body/);
    const kind = await api.post('admin', SAVE, { Title: 't', RecordKey: 'OwnerAgreement', Body: 'x' });
    assert.equal(kind.status, 400);
    assert.match(kind.body.message, /RecordKey/);
    const noVersion = await api.post('admin', SAVE, { DocumentTemplateId: 1, Title: 't', RecordKey: 'Subcontract', Body: 'x' });
    assert.equal(noVersion.status, 400);
    assert.match(noVersion.body.message, /Version/);
    assert.equal((await api.get('admin', '/api/pfm/documents/template', { documentTemplateId: 99999 })).status, 404);
    assert.equal((await api.post('pm', RECORD, { RecordKey: 'Subcontract', RecordId: 99999 })).status, 404);
    assert.equal((await api.post('pm', RECORD, { RecordKey: 'Budget', RecordId: 1 })).status, 400);
  });

  it('previews a body being edited for a chosen record: a PDF with its number, vendor and an item, named by the server', async () => {
    const sc = subcontractWithItems();
    const answer = await api.post('admin', PREVIEW, {
      RecordKey: 'Subcontract', RecordId: sc.subcontractId, Body: '# Preview of {{number}}\nVendor: {{vendorName}}\n{{items}}\nRetainage {{retainage}}, excess {{excessLiability}}',
    });
    assert.equal(answer.status, 200);
    assert.equal(answer.headers.get('content-type'), 'application/pdf');
    assert.equal(answer.headers.get('content-disposition')?.split(';')[1]?.trim(), `filename="Subcontract ${sc.number}.pdf"`);
    const { text } = await pdfText(answer.bytes);
    assert.ok(text.includes(`Preview of ${sc.number}`), text);
    assert.ok(text.includes(`Vendor: ${sc.vendorName}`), text);
    assert.ok(text.includes(sc.itemDescription), text);
    assert.ok(text.includes(`${sc.code.slice(0, 2)}-${sc.code.slice(2, 6)}-${sc.code.slice(6)}`), text);
    assert.match(text, /Retainage (10|5|0)%, excess (N\/A|\$3M|\$5M|\$10M)/);
    assert.match(text, /Page 1 of 1/);

    const unknown = await api.post('admin', PREVIEW, { RecordKey: 'Subcontract', RecordId: sc.subcontractId, Body: '{{nope}}' });
    assert.equal(unknown.status, 400);
    assert.equal(unknown.body.message, "Unknown merge field 'nope'.");
  });

  it("gives a PFM role the record's document from the active template; change orders carry their parent's vendor", async () => {
    const sc = subcontractWithItems();
    const answer = await api.post('pm', RECORD, { RecordKey: 'Subcontract', RecordId: sc.subcontractId });
    assert.equal(answer.status, 200);
    assert.match(answer.headers.get('content-disposition') ?? '', new RegExp(`attachment; filename="Subcontract ${sc.number}\\.pdf"`));
    const { text } = await pdfText(answer.bytes);
    assert.ok(text.includes(`Subcontract ${sc.number}`) && text.includes(sc.vendorName) && text.includes(sc.itemDescription), text);
    assert.ok(text.includes('Standard') || text.includes('Subcontract Agreement'), text);

    const co = one(`SELECT co.subcontractChangeOrderId AS id, co.number, v.name AS vendorName FROM subcontract_change_orders co
      JOIN subcontracts s ON s.subcontractId = co.subcontractId JOIN vendors v ON v.vendorId = s.vendorId ORDER BY co.subcontractChangeOrderId LIMIT 1`);
    const coDoc = await api.post('rpm', RECORD, { RecordKey: 'SubcontractChangeOrder', RecordId: co.id });
    assert.equal(coDoc.status, 200);
    const coText = (await pdfText(coDoc.bytes)).text;
    assert.ok(coText.includes(`Subcontract Change Order ${co.number}`) && coText.includes(co.vendorName), coText);
  });

  it('every kind renders with its default template; many items break pages, repeat the table header and number the pages', async () => {
    for (const key of DOCUMENT_RECORD_KEYS) {
      const table = { Subcontract: 'subcontracts', SubcontractChangeOrder: 'subcontract_change_orders', PurchaseAgreement: 'purchase_agreements',
        PurchaseAgreementChangeOrder: 'purchase_agreement_change_orders', PurchaseOrder: 'purchase_orders' }[key as DocumentRecordKey];
      const idColumn = `${key[0]!.toLowerCase()}${key.slice(1)}Id`;
      const row = one(`SELECT ${idColumn} AS id, number FROM ${table} ORDER BY ${idColumn} LIMIT 1`);
      const doc = await renderRecordDocument(host.db, { recordKey: key, recordId: row.id });
      assert.ok(doc, key);
      const { text } = await pdfText(doc.bytes);
      assert.ok(text.includes(row.number), key);
      assert.ok(!/\{\{/.test(text), `${key}: unmerged field in ${text}`);
    }
    const sc = subcontractWithItems();
    // 70 more items on this test host's copy of the subcontract: the table runs over pages.
    const item = one('SELECT costCodeId FROM subcontract_items WHERE subcontractId = ? LIMIT 1', sc.subcontractId);
    const insert = host.db.prepare("INSERT INTO subcontract_items (subcontractId, costCodeId, description, amount, modifiedAt) VALUES (?, ?, ?, 100, '2026-11-01')");
    for (let i = 0; i < 70; i++) insert.run(sc.subcontractId, item.costCodeId, `Extra item ${i}`);
    const table = await pdfText((await renderDocumentWithBody(host.db, { recordKey: 'Subcontract', recordId: sc.subcontractId, body: '{{items}}' }))!.bytes);
    assert.ok(table.pages >= 2, String(table.pages));
    const lastPage = table.text.split('\f').at(-1)!;
    assert.ok(lastPage.includes('Cost code') && lastPage.includes('Description') && lastPage.includes('Amount'), 'the header repeats');
    assert.ok(lastPage.includes('Extra item 69') && lastPage.includes('Total'), lastPage);
    const many = Array.from({ length: 80 }, (_, i) => `Line ${i} ${'long description words '.repeat(i % 5)}`).join('\n');
    const doc = await renderDocumentWithBody(host.db, { recordKey: 'Subcontract', recordId: sc.subcontractId, body: `# Big\n${many}\n{{items}}\nEnd – “quoted” ✓` });
    const { text, pages } = await pdfText(doc!.bytes);
    assert.ok(pages >= 2, String(pages));
    assert.ok(text.includes(`Page ${pages} of ${pages}`));
    assert.ok(text.includes('End – “quoted” ?'), 'characters outside WinAnsi become ?');
    assert.equal(await renderRecordDocument(host.db, { recordKey: 'Subcontract', recordId: 99999 }), null);
  });
});
