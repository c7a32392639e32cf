/**
 * 009 (issue 12): document templates (§2 Document Template Administration). One active template per
 * record kind (the partial unique index) is what the generated document of a commitment or change
 * order is merged from (demo/host/api/pfm/documents). `version` counts saves (409 on a stale one).
 * The default templates are part of the migration, so a fresh and an upgraded database both get them,
 * always the same (fixed stamps); the merge-field language is src/core/documents.ts.
 *
 * Frozen as it shipped, with no live imports: this SQL was generated from the DEFAULT_TEMPLATES list
 * of migrations.ts.
 * Editing that code no longer changes it. Never edit a shipped migration: add a new one.
 */
export const DOCUMENT_TEMPLATES_009 = `
CREATE TABLE document_templates (
  documentTemplateId INTEGER PRIMARY KEY,
  title TEXT NOT NULL,
  recordKey TEXT NOT NULL CHECK (recordKey IN ('Subcontract', 'SubcontractChangeOrder', 'PurchaseAgreement', 'PurchaseAgreementChangeOrder', 'PurchaseOrder')),
  body TEXT NOT NULL,
  active INTEGER NOT NULL DEFAULT 0,
  version INTEGER NOT NULL DEFAULT 1,
  modifiedByEmployeeId INTEGER,
  modifiedBy TEXT NOT NULL,
  modifiedAt TEXT NOT NULL
);
CREATE UNIQUE INDEX document_templates_active ON document_templates(recordKey) WHERE active = 1;
INSERT INTO document_templates (documentTemplateId, title, recordKey, body, active, version, modifiedByEmployeeId, modifiedBy, modifiedAt)
VALUES (1, 'Standard Subcontract Agreement', 'Subcontract', '# {{documentTitle}}
Project {{projectNumber}} {{projectName}} (job {{jobNumber}})
Date: {{documentDate}}

This Subcontract Agreement is made between Summit Builders ("Contractor") and {{vendorName}} (vendor {{vendorNumber}}), {{vendorAddress}}, {{vendorContact}} ("Subcontractor"), for the work described below on the project named above.

# Scope of work
{{description}} ({{subcontractType}})

{{items}}

# Contract sum
The Contractor shall pay the Subcontractor {{totalAmount}} for the work itemized above, subject to additions and deductions by change order.
Retainage: {{retainage}} of each progress payment is held until final completion and acceptance of the work.

# Insurance
The Subcontractor shall carry commercial general liability insurance and excess liability coverage of {{excessLiability}}, naming the Contractor as additional insured.

Executed date: {{executedDate}}

Contractor: Summit Builders                    Subcontractor: {{vendorName}}', 1, 1, NULL, 'System', '2026-11-01T12:00:00.000Z');
INSERT INTO document_templates (documentTemplateId, title, recordKey, body, active, version, modifiedByEmployeeId, modifiedBy, modifiedAt)
VALUES (2, 'Standard Subcontract Change Order', 'SubcontractChangeOrder', '# {{documentTitle}}
Project {{projectNumber}} {{projectName}} (job {{jobNumber}})
Date: {{documentDate}}

Subcontractor: {{vendorName}} (vendor {{vendorNumber}}), {{vendorAddress}}, {{vendorContact}}
Subcontract: {{parentNumber}}, {{parentDescription}}
Change order date: {{changeOrderDate}}

# Change
{{description}}

{{items}}

The subcontract sum changes by {{totalAmount}}. Retainage of {{retainage}} and excess liability coverage of {{excessLiability}} apply as in the subcontract. All other terms of subcontract {{parentNumber}} remain unchanged.

Contractor: Summit Builders                    Subcontractor: {{vendorName}}', 1, 1, NULL, 'System', '2026-11-01T12:00:00.000Z');
INSERT INTO document_templates (documentTemplateId, title, recordKey, body, active, version, modifiedByEmployeeId, modifiedBy, modifiedAt)
VALUES (3, 'Standard Purchase Agreement', 'PurchaseAgreement', '# {{documentTitle}}
Project {{projectNumber}} {{projectName}} (job {{jobNumber}})
Date: {{documentDate}}

Supplier: {{vendorName}} (vendor {{vendorNumber}}), {{vendorAddress}}, {{vendorContact}}

# Materials and equipment
{{description}}

{{items}}

# Price
The agreed price is {{totalAmount}} for the materials itemized above, delivered to the project site.
Retainage: {{retainage}} of each progress payment is held until final completion and acceptance of the work.

Executed date: {{executedDate}}

Buyer: Summit Builders                    Supplier: {{vendorName}}', 1, 1, NULL, 'System', '2026-11-01T12:00:00.000Z');
INSERT INTO document_templates (documentTemplateId, title, recordKey, body, active, version, modifiedByEmployeeId, modifiedBy, modifiedAt)
VALUES (4, 'Standard Purchase Agreement Change Order', 'PurchaseAgreementChangeOrder', '# {{documentTitle}}
Project {{projectNumber}} {{projectName}} (job {{jobNumber}})
Date: {{documentDate}}

Supplier: {{vendorName}} (vendor {{vendorNumber}}), {{vendorAddress}}, {{vendorContact}}
Purchase agreement: {{parentNumber}}, {{parentDescription}}
Change order date: {{changeOrderDate}}

# Change
{{description}}

{{items}}

The agreement price changes by {{totalAmount}}; retainage of {{retainage}} applies. All other terms of purchase agreement {{parentNumber}} remain unchanged.

Buyer: Summit Builders                    Supplier: {{vendorName}}', 1, 1, NULL, 'System', '2026-11-01T12:00:00.000Z');
INSERT INTO document_templates (documentTemplateId, title, recordKey, body, active, version, modifiedByEmployeeId, modifiedBy, modifiedAt)
VALUES (5, 'Standard Purchase Order', 'PurchaseOrder', '# {{documentTitle}}
Project {{projectNumber}} {{projectName}} (job {{jobNumber}})
Order date: {{orderDate}}
Purchase agreement: {{purchaseAgreementNumber}}

Vendor: {{vendorName}} (vendor {{vendorNumber}}), {{vendorAddress}}, {{vendorContact}}

# Order
{{description}}

{{items}}

Order total: {{totalAmount}}. Deliver to the project site; quote the order number {{number}} on every invoice.

Ordered by: Summit Builders', 1, 1, NULL, 'System', '2026-11-01T12:00:00.000Z');
`;
