import { expect } from 'chai';
import {
  DOCUMENT_RECORD_KEYS, DOCUMENT_TEMPLATE_ADMINS, isDocumentRecordKey, isItemsTableLine, MERGE_FIELDS, mergeFieldNames, mergeText, parseTemplate,
  unknownMergeFieldMessage, unknownMergeFields,
} from '../../src/core/document-templates/contract';

describe('document templates: merge fields', () => {
  it('knows the five record kinds with a generated document', () => {
    expect(DOCUMENT_RECORD_KEYS).to.deep.equal(['Subcontract', 'SubcontractChangeOrder', 'PurchaseAgreement', 'PurchaseAgreementChangeOrder', 'PurchaseOrder']);
    expect(isDocumentRecordKey('PurchaseOrder')).to.equal(true);
    expect(isDocumentRecordKey('purchaseorder')).to.equal(false);
    expect(isDocumentRecordKey('OwnerAgreement')).to.equal(false);
    expect(DOCUMENT_TEMPLATE_ADMINS).to.deep.equal({ key: 'keyPFM', roles: ['Admin'] });
  });

  it('offers the record fields per kind: retainage, excess liability only where the record has them', () => {
    for (const key of DOCUMENT_RECORD_KEYS) {
      expect(mergeFieldNames(key)).to.include.members(['number', 'description', 'vendorName', 'vendorAddress', 'vendorContact', 'totalAmount', 'items', 'projectNumber', 'projectName']);
      expect(new Set(mergeFieldNames(key)).size).to.equal(MERGE_FIELDS[key].length);
    }
    expect(mergeFieldNames('Subcontract')).to.include.members(['retainage', 'excessLiability', 'executedDate', 'subcontractType']);
    expect(mergeFieldNames('SubcontractChangeOrder')).to.include.members(['retainage', 'excessLiability', 'parentNumber', 'changeOrderDate']);
    expect(mergeFieldNames('PurchaseAgreement')).to.include('retainage').and.not.include('excessLiability');
    expect(mergeFieldNames('PurchaseOrder')).to.include('orderDate').and.not.include('retainage');
  });

  it('parses {{field}} references, spaces inside the braces allowed', () => {
    expect(parseTemplate('Dear {{ vendorName }}, re {{number}}.')).to.deep.equal([
      { type: 'text', text: 'Dear ' }, { type: 'field', name: 'vendorName', raw: '{{ vendorName }}' },
      { type: 'text', text: ', re ' }, { type: 'field', name: 'number', raw: '{{number}}' }, { type: 'text', text: '.' },
    ]);
    expect(parseTemplate('')).to.deep.equal([]);
    expect(parseTemplate('no fields')).to.deep.equal([{ type: 'text', text: 'no fields' }]);
  });

  it('names unknown fields once each, in order; unclosed and empty braces count as unknown', () => {
    expect(unknownMergeFields('{{vendorName}} {{vendorFax}} {{orderDate}} {{vendorFax}}', 'Subcontract')).to.deep.equal(['vendorFax', 'orderDate']);
    expect(unknownMergeFields('{{orderDate}}', 'PurchaseOrder')).to.deep.equal([]);
    expect(unknownMergeFields('{{VendorName}}', 'Subcontract')).to.deep.equal(['VendorName']);
    expect(unknownMergeFields('x {{}} y', 'Subcontract')).to.deep.equal(['{{}}']);
    expect(unknownMergeFields('Total {{totalAmount', 'Subcontract')).to.deep.equal(['{{totalAmount…']);
    expect(unknownMergeFieldMessage(['vendorFax'])).to.equal("Unknown merge field 'vendorFax'.");
    expect(unknownMergeFieldMessage(['a', 'b'])).to.equal("Unknown merge fields 'a', 'b'.");
    expect(unknownMergeFieldMessage([])).to.equal('');
  });

  it('merges values as text (no markup), leaving an unknown field as written', () => {
    expect(mergeText('To {{vendorName}}: {{number}} {{nope}}', { vendorName: '<b>Acme</b> {{number}}', number: 'SC-1' })).to.equal('To <b>Acme</b> {{number}}: SC-1 {{nope}}');
    expect(isItemsTableLine('  {{ items }} ')).to.equal(true);
    expect(isItemsTableLine('Items: {{items}}')).to.equal(false);
  });
});
