import { expect } from 'chai';
import { sameOriginPath } from '../../src/core/router/same-origin';
import { VENDOR_CONFIDENTIAL_TEXT, type SraGateStatus, type SraLoad, type SraRecord, type SraRow, type VendorPrequalRecord } from '../../src/core/risk/contract';
import { MITIGATIONS, SRA_TEXT } from '../../src/core/risk/sra';
import { ApiError } from '../../src/core/api';
import { resetRoles, setRoles } from '../../src/core/roles';
import { gateRefusalOf, setSraLoadTimeout, sraSheet, SRA_UI_TEXT as T } from '../../src/features/risk';
import { sheetToCsv } from '../../src/ui/grid/export';
import * as clock from '../../src/core/clock';
import { formatDate } from '../../src/core/format';
import { addDays } from '../../src/core/timecards/days';
import '../../src/elements/sr-sra/define';
import '../../src/elements/wb-risk-assessment/define';
import '../../src/elements/wb-subcontract/define';
import '../../src/elements/pfm-buyout/define';
import { fetchRequests, mount, setValue, stubFetch, textOf, waitFor, type FetchRequest, type StubFor } from '../support/browser';
import { overlaysRoot, resetPageStores, useElementTestPage } from '../support/elements';

const person = (employeeId: number, name: string) => ({ employeeId, name });
const row = (over: Partial<SraRow> = {}): SraRow => ({
  sraId: 1, number: 'SRA-0001', projectId: 1, projectNumber: '24-1032', projectName: 'Riverside <b>MOB</b>', vendorId: 7, vendorName: '=Walker <i>Steel</i>',
  amount: 450000, costCodes: [{ costCodeId: 101, code: '09200000', description: 'Drywall' }], subcontractId: null, level: 'High',
  applicationRecordStateId: 501, state: 'Draft', createdBy: person(2, 'Marcus Reyes'), createdAt: '2026-11-20T15:00:00.000Z', submittedAt: null, decidedAt: null,
  ...over,
});
const VENDOR: VendorPrequalRecord = {
  vendorId: 7, vendorNumber: 'V30132', name: 'Walker Steel', trade: 'Steel', status: 'Not Prequalified', singleLimit: null, aggregateLimit: null, limitExpiresOn: null,
  singleLimitInForce: 100000, aggregateLimitInForce: 200000, conditions: null, glPerOccurrence: 1000000, glAggregate: 2000000, glExpiresOn: '2028-05-09',
  surety: null, bondSingleCapacity: null, bondAggregateCapacity: null, subRatingAverage: 4.1, subRatingCount: 3, financials: [],
  safety: [{ year: 2025, emr: 1.01, oshaRecordableRate: 2 }], openBacklog: 0, lastDecidedAt: null, lastDecidedBy: null, modifiedAt: '2026-11-01T00:00:00Z',
};
const record = (over: Partial<SraRecord> = {}): SraRecord => ({
  ...row(), description: 'Base bid', mitigations: [], mitigationNote: null, mitigationsRequired: 2, securingMitigationRequired: true, approvals: [],
  rejectionReason: null, version: 3, modifiedAt: '2026-11-20T15:00:00.000Z',
  factors: [
    { key: 'singleLimit', label: 'Amount against single limit', rating: 'red', value: 4.5, reason: '$450,000 is 450.0 % of the $100,000 single limit' },
    { key: 'emr', label: 'EMR', rating: 'amber', value: 1.01, reason: 'EMR 1.01 is above 1.00' },
    { key: 'subRating', label: 'Sub rating', rating: 'green', value: 4.1, reason: 'Average sub rating 4.1 of 5' },
  ],
  ...over,
});
const MOVES_DRAFT = [{ applicationRecordStateId: 502, name: 'Submitted' }];
const load = (over: Partial<SraRecord> = {}, moves = MOVES_DRAFT, editable = true): SraLoad => ({ sra: record(over), vendor: VENDOR, moves, editable });

const PROJECTS = [{ projectId: 1, budgetId: 11, number: '24-1032', name: 'Riverside' }, { projectId: 2, budgetId: 12, number: '24-1040', name: 'Garage' }];
const COST_CODES = [
  { costCodeId: 101, budgetId: 11, code: '09200000', type: 'S', description: 'Drywall' },
  { costCodeId: 102, budgetId: 11, code: '09900000', type: 'S', description: 'Painting' },
];
const VENDORS = [{ ...VENDOR }, { ...VENDOR, vendorId: 8, vendorNumber: 'V2', name: 'Other', status: 'Prequalified', singleLimitInForce: 5000000, aggregateLimitInForce: 10000000 }];

function answers(over: Record<string, StubFor> = {}): Record<string, StubFor> {
  return {
    '/api/risk/getsras': { body: { data: [row(), row({ sraId: 2, number: 'SRA-0002', level: 'Low', amount: 100000, state: 'Approved', applicationRecordStateId: 503 }),
      row({ sraId: 3, number: 'SRA-0003', level: 'Medium', amount: 50000, state: 'Submitted', applicationRecordStateId: 502 })] } },
    '/api/risk/getsra': { body: { data: load() } },
    '/api/pfm/getprojects': { body: { data: PROJECTS } },
    '/api/risk/getprequalvendors': { body: { data: VENDORS } },
    '/api/pfm/getcostcodes': { body: { data: COST_CODES } },
    ...over,
  };
}

describe('SRA UI', () => {
  useElementTestPage();

  it('the export: formulas neutralised, the amount a number, a total line', () => {
    const csv = sheetToCsv(sraSheet([row({ createdAt: '2026-11-20', number: '+SRA' })]));
    expect(csv.split('\r\n')).to.deep.equal([
      'SRA,Project,Vendor,Scope,Amount,Level,State,Created by,Created,Submitted,Decided',
      `'+SRA,24-1032 Riverside <b>MOB</b>,'=Walker <i>Steel</i>,09200000 Drywall,450000,High,Draft,Marcus Reyes,11/20/2026,,`,
      'Total,,,,450000,,,,,,',
      '',
    ]);
  });

  it('links from data are followed only as same-origin paths; the gate refusal is read from a 400 with startLink', () => {
    expect(sameOriginPath('/sr/sra?recordKey=Subcontract&recordId=5')).to.equal('/sr/sra?recordKey=Subcontract&recordId=5');
    for (const bad of ['https://evil.example/sr/sra', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)', 'sr/sra', '', null, 5]) {
      expect(sameOriginPath(bad), String(bad)).to.equal(null);
    }
    const refusal = gateRefusalOf(new ApiError(400, { autoAlert: true, message: 'Subcontract SC-1 needs an approved SRA.', startLink: '/sr/sra?recordKey=Subcontract&recordId=5' }));
    expect(refusal).to.deep.equal({ message: 'Subcontract SC-1 needs an approved SRA.', startLink: '/sr/sra?recordKey=Subcontract&recordId=5' });
    expect(gateRefusalOf(new ApiError(400, { autoAlert: true, message: 'x', startLink: 'https://evil.example' }))!.startLink).to.equal(null);
    expect(gateRefusalOf(new ApiError(400, { autoAlert: true, message: 'x' }))).to.equal(null);
    expect(gateRefusalOf(new ApiError(409, { startLink: '/sr/sra' }))).to.equal(null);
  });

  it('<sr-sra>: loading status, Open and Closed lists, level as text, user text as text, the total under the amount column, filters', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => { release = resolve; });
    const base = answers();
    stubFetch({ ...base, '/api/risk/getsras': async () => { await held; return base['/api/risk/getsras'] as { body: unknown }; } });
    const root = await mount('sr-sra');
    await waitFor(() => root.querySelector('[role="status"][data-state="loading"]'));
    expect(textOf(root, '[data-state="loading"]')).to.equal(T.loading);
    release();
    await waitFor(() => root.querySelector('[data-open="1"]'));
    expect(root.querySelectorAll('tbody tr[data-record-id]').length).to.equal(2);
    expect(textOf(root, 'tr[data-record-id="1"] [data-level]')).to.equal('High');
    expect(root.querySelector('tr[data-record-id="1"] [data-level]')!.className).to.contain('text-bg-danger');
    expect(root.querySelector('b, i')).to.equal(null);
    expect(textOf(root, 'tr[data-record-id="1"] [data-column="vendor"]')).to.equal('=Walker <i>Steel</i>');
    // The total sits in the amount column's cell: same index as the header.
    const headers = [...root.querySelectorAll('thead th')].map((th) => th.textContent);
    const cells = [...root.querySelectorAll('tfoot tr > *')];
    expect(cells[headers.indexOf('Amount')]!.textContent).to.contain('$500,000.00');
    setValue(root.querySelector<HTMLSelectElement>('[data-filter="level"]')!, 'Medium');
    await waitFor(() => root.querySelectorAll('tbody tr[data-record-id]').length === 1);
    expect(textOf(root, 'tbody tr[data-record-id] [data-open]')).to.equal('SRA-0003');
    root.querySelector<HTMLButtonElement>('[data-list="closed"]')!.click();
    await waitFor(() => root.querySelector(`[data-empty="closed"]`));
    setValue(root.querySelector<HTMLSelectElement>('[data-filter="level"]')!, '');
    await waitFor(() => root.querySelector('tr[data-record-id="2"]'));
  });

  it('<sr-sra>: a 403 says who may see SRAs; a 500 offers a Retry that works', async () => {
    stubFetch(answers({ '/api/risk/getsras': { status: 403, body: {} } }));
    let root = await mount('sr-sra');
    await waitFor(() => root.querySelector('[data-state="forbidden"]'));
    expect(textOf(root, '[data-state="forbidden"] > span')).to.equal(T.noAccess);
    document.body.innerHTML = '';
    resetPageStores();
    let calls = 0;
    stubFetch(answers({ '/api/risk/getsras': () => (++calls === 1 ? { status: 500, body: {} } : { body: { data: [row()] } }) }));
    root = await mount('sr-sra');
    const retry = await waitFor(() => root.querySelector<HTMLButtonElement>('[data-state="failed"] button'));
    expect(textOf(root, '[data-state="failed"] span')).to.equal(`${T.loadFailed} ${T.failed}`);
    retry.click();
    await waitFor(() => root.querySelector('[data-open="1"]'));
  });

  it('<sr-sra>: a 401 says to sign in again, a timeout says so; each with a Retry that works', async () => {
    setSraLoadTimeout(100);
    let calls = 0;
    stubFetch(answers({
      '/api/risk/getsras': () => {
        calls += 1;
        if (calls === 1) return { status: 401, body: {} };
        if (calls === 2) return new Promise(() => undefined);
        return { body: { data: [row()] } };
      },
    }));
    try {
      const root = await mount('sr-sra');
      await waitFor(() => root.querySelector('[data-state="failed"]'));
      expect(textOf(root, '[data-state="failed"] span')).to.equal(`${T.loadFailed} ${T.signedOut}`);
      root.querySelector<HTMLButtonElement>('[data-state="failed"] button')!.click();
      await waitFor(() => textOf(root, '[data-state="failed"] span') === `${T.loadFailed} ${T.timeout}`);
      root.querySelector<HTMLButtonElement>('[data-state="failed"] button')!.click();
      await waitFor(() => root.querySelector('[data-open="1"]'));
    } finally {
      setSraLoadTimeout(null);
    }
  });

  it('<sr-sra record-key=Subcontract>: the form opens pre-filled from the subcontract with the gate’s reasons; a refused create keeps what was typed and says why at the field', async () => {
    const gate: SraGateStatus = {
      subcontractId: 9, amount: 240000, vendorId: 7, reasons: ['the vendor is not prequalified (Not Prequalified)'], required: true, sra: null, cleared: false,
      startLink: '/sr/sra?recordKey=Subcontract&recordId=9',
    };
    const sub = { subcontractId: 9, number: 'SC-24-1032-029', projectId: 1, budgetId: 11, vendorId: 7, originalAmount: 240000, description: 'Quality',
      items: [{ costCodeId: 102, amount: 240000 }] };
    let creates = 0;
    stubFetch(answers({
      '/api/risk/getsrastatus': { body: { data: gate } },
      '/api/pfm/getsubcontracts': ({ query }: FetchRequest) => ({ body: { data: query.get('open') === 'false' ? [] : [sub] } }),
      '/api/risk/createsra': () => (++creates === 1
        ? { status: 400, body: { autoAlert: true, message: 'The subcontract amount is too large.', fieldName: 'amount' } }
        : { body: { data: load({ sraId: 9, number: 'SRA-0009' }) } }),
    }));
    const root = await mount('sr-sra', { 'record-key': 'Subcontract', 'record-id': '9' });
    const form = await waitFor(() => root.querySelector('form[data-sra-form]'));
    await waitFor(() => form.querySelector<HTMLInputElement>('input[data-cost-code-id="102"]'));
    expect(form.querySelector<HTMLSelectElement>('[data-field="projectId"]')!.value).to.equal('1');
    expect(form.querySelector<HTMLSelectElement>('[data-field="vendorId"]')!.value).to.equal('7');
    expect(form.querySelector<HTMLInputElement>('[data-field="amount"]')!.value).to.equal('240000');
    expect(form.querySelector<HTMLInputElement>('input[data-cost-code-id="102"]')!.checked).to.equal(true);
    expect(form.querySelector<HTMLInputElement>('input[data-cost-code-id="101"]')!.checked).to.equal(false);
    expect(textOf(form, '[data-chosen]')).to.equal('Chosen (1): 09-9000-00 S');
    expect(textOf(form, '[data-gate-reasons]')).to.equal(T.gateReasons('the vendor is not prequalified (Not Prequalified)'));
    expect(textOf(form, '[data-vendor-status]')).to.equal(T.vendorStatus('Not Prequalified', '$100,000', '$200,000'));
    setValue(form.querySelector<HTMLTextAreaElement>('[data-field="description"]')!, 'Typed <b>note</b>');
    form.querySelector<HTMLButtonElement>('[data-create]')!.click();
    await waitFor(() => form.querySelector('[data-error="amount"]'));
    expect(textOf(form, '[data-error="amount"]')).to.equal('The subcontract amount is too large.');
    expect(form.querySelector<HTMLTextAreaElement>('[data-field="description"]')!.value).to.equal('Typed <b>note</b>');
    const sent = fetchRequests.find((r) => r.path === '/api/risk/createsra')!.body as Record<string, string>;
    expect(sent).to.deep.include({ projectId: '1', vendorId: '7', amount: '240000', 'costCodeIds[0]': '102', subcontractId: '9', description: 'Typed <b>note</b>' });
    form.querySelector<HTMLButtonElement>('[data-create]')!.click();
    await waitFor(() => location.search.includes('workbench=RiskAssessment'));
    expect(new URLSearchParams(location.search).get('recordId')).to.equal('9');
    expect(new URLSearchParams(location.search).get('recordKey')).to.equal('Sra');
    history.replaceState(null, '', '/');
  });

  it('New SRA: checked before sending (project, vendor, amount, cost codes), nothing sent until it is whole', async () => {
    stubFetch(answers());
    const root = await mount('sr-sra');
    (await waitFor(() => root.querySelector<HTMLButtonElement>('[data-new-sra]'))).click();
    const form = await waitFor(() => root.querySelector('form[data-sra-form]'));
    await waitFor(() => form.querySelector('[data-create]'));
    form.querySelector<HTMLButtonElement>('[data-create]')!.click();
    await waitFor(() => form.querySelector('[data-error="projectId"]'));
    expect(textOf(form, '[data-error="projectId"]')).to.equal(T.projectRequired);
    expect(textOf(form, '[data-error="vendorId"]')).to.equal(T.vendorRequired);
    expect(textOf(form, '[data-error="amount"]')).to.equal(T.amountRequired);
    expect(textOf(form, '[data-error="costCodeIds"]')).to.equal(T.costCodesRequired);
    expect(form.querySelector('[data-field="projectId"]')!.getAttribute('aria-invalid')).to.equal('true');
    expect(fetchRequests.some((r) => r.path === '/api/risk/createsra')).to.equal(false);
  });

  it('<wb-risk-assessment>: ratings as text, the level, the vendor record, the level’s rule; Submit refused without mitigations, then saves and moves', async () => {
    const saved = load({ mitigations: ['bond', 'sdi'], version: 4 });
    stubFetch(answers({
      '/api/risk/savesra': { body: { data: saved } },
      '/api/risk/updatesrastate': { body: { data: load({ mitigations: ['bond', 'sdi'], version: 5, state: 'Submitted', applicationRecordStateId: 502 }, [], false) } },
    }));
    const root = await mount('wb-risk-assessment', { 'record-key': 'Sra', 'record-id': '1' });
    await waitFor(() => root.querySelector('[data-factors]'));
    expect([...root.querySelectorAll('tr[data-factor] td:first-of-type')].map((td) => td.textContent)).to.deep.equal(['Red', 'Amber', 'Green']);
    expect(textOf(root, 'tr[data-factor="emr"] [data-reason]')).to.equal('EMR 1.01 is above 1.00');
    expect(textOf(root, '[data-level-summary] [data-level]')).to.equal('High');
    expect(textOf(root, '[data-limits]')).to.equal('single $100,000, aggregate $200,000');
    expect(textOf(root, '[data-emr]')).to.equal('1.01 (2025)');
    expect(textOf(root, '[data-mitigation-rule]')).to.equal(SRA_TEXT.mitigationHigh);
    expect([...root.querySelectorAll('[data-mitigation]')].map((el) => el.getAttribute('data-mitigation'))).to.deep.equal(MITIGATIONS.map((m) => m.key));
    root.querySelector<HTMLButtonElement>('[data-move="Submitted"]')!.click();
    await waitFor(() => root.querySelector('[data-mitigation-error]'));
    expect(textOf(root, '[data-mitigation-error]')).to.equal(SRA_TEXT.mitigationHigh);
    expect(fetchRequests.some((r) => r.method === 'POST')).to.equal(false);
    root.querySelector<HTMLInputElement>('[data-mitigation="bond"]')!.click();
    root.querySelector<HTMLButtonElement>('[data-move="Submitted"]')!.click();
    await waitFor(() => root.querySelector('[data-mitigation-error]'));
    root.querySelector<HTMLInputElement>('[data-mitigation="sdi"]')!.click();
    root.querySelector<HTMLButtonElement>('[data-move="Submitted"]')!.click();
    await waitFor(() => textOf(root, '[data-state-name]') === 'Submitted');
    const posts = fetchRequests.filter((r) => r.method === 'POST');
    expect(posts.map((r) => r.path)).to.deep.equal(['/api/risk/savesra', '/api/risk/updatesrastate']);
    expect(posts[0]!.body).to.deep.include({ sraId: '1', version: '3', 'mitigations[0]': 'bond', 'mitigations[1]': 'sdi' });
    expect(posts[1]!.body).to.deep.include({ ItemId: '1', OldRecordStateId: '501', RouteStateId: '502' });
    expect(root.querySelector('[data-move]')).to.equal(null);
  });

  it('<wb-risk-assessment>: an expired GL date is marked "Expired <date>" with danger styling; limits within 60 days of expiry say so', async () => {
    const today = clock.today();
    const expiredGl = { ...VENDOR, status: 'Expired' as const, glExpiresOn: addDays(today, -1), limitExpiresOn: addDays(today, 60) };
    stubFetch(answers({ '/api/risk/getsra': { body: { data: { ...load(), vendor: expiredGl } } } }));
    const root = await mount('wb-risk-assessment', { 'record-key': 'Sra', 'record-id': '1' });
    const gl = await waitFor(() => root.querySelector<HTMLElement>('[data-gl] [data-expired]'));
    expect(gl.textContent).to.equal(`Expired ${formatDate(addDays(today, -1))}`);
    expect(gl.className).to.contain('text-bg-danger');
    expect(textOf(root, '[data-prequal-status]')).to.equal(`Expired, limits expire ${formatDate(addDays(today, 60))} Expires in 60 days`);
  });

  it('<wb-risk-assessment>: a server refusal at the mitigations shows there; a stale save shows the server’s message with Reload and keeps the typing', async () => {
    stubFetch(answers({
      '/api/risk/getsra': { body: { data: load({ level: 'Medium', mitigations: ['bond'] }) } },
      '/api/risk/updatesrastate': { status: 400, body: { autoAlert: true, message: SRA_TEXT.mitigationMedium, fieldName: 'mitigations' } },
      '/api/risk/savesra': { status: 409, body: { message: 'SRA-0001 was changed by someone else (version 4, yours 3). Reload it and try again.' } },
    }));
    const root = await mount('wb-risk-assessment', { 'record-id': '1' });
    await waitFor(() => root.querySelector('[data-move="Submitted"]'));
    expect(textOf(root, '[data-mitigation-rule]')).to.equal(SRA_TEXT.mitigationMedium);
    root.querySelector<HTMLButtonElement>('[data-move="Submitted"]')!.click();
    await waitFor(() => root.querySelector('[data-mitigation-error]'));
    expect(textOf(root, '[data-mitigation-error]')).to.equal(SRA_TEXT.mitigationMedium);
    setValue(root.querySelector<HTMLTextAreaElement>('[data-field="mitigationNote"]')!, 'Bond from the surety');
    root.querySelector<HTMLButtonElement>('[data-save]')!.click();
    await waitFor(() => root.querySelector('[data-problem]'));
    expect(textOf(root, '[data-problem] span')).to.equal(`SRA-0001 was changed by someone else (version 4, yours 3). Reload it and try again. ${T.changesKept}`);
    expect(root.querySelector<HTMLTextAreaElement>('[data-field="mitigationNote"]')!.value).to.equal('Bond from the surety');
    expect(textOf(root, '[data-problem] button')).to.equal(T.reload);
  });

  it('<wb-risk-assessment>: a submitted High SRA shows its approvals and that it also needs an Admin; Reject needs a reason; a 500 load offers Retry', async () => {
    let loads = 0;
    const submitted = load({ state: 'Submitted', applicationRecordStateId: 502, approvals: [{ by: person(5, 'Priya Natarajan'), at: '2026-11-21T10:00:00Z', role: 'Risk' }] },
      [{ applicationRecordStateId: 503, name: 'Approved' }, { applicationRecordStateId: 504, name: 'Rejected' }], false);
    stubFetch(answers({
      '/api/risk/getsra': () => (++loads === 1 ? { status: 500, body: {} } : { body: { data: submitted } }),
      '/api/risk/updatesrastate': ({ body }: FetchRequest) => ((body as Record<string, string>).RouteStateId === '503'
        ? { body: { data: { ...submitted, sra: { ...submitted.sra, approvals: [...submitted.sra.approvals, { by: person(9, 'Dana Whitfield'), at: '2026-11-21T11:00:00Z', role: 'Risk' }] } } } }
        : { body: { data: load({ state: 'Rejected', applicationRecordStateId: 504, rejectionReason: 'Too thin' }, [], false) } }),
    }));
    const root = await mount('wb-risk-assessment', { 'record-id': '1' });
    (await waitFor(() => root.querySelector<HTMLButtonElement>('[data-state="failed"] button'))).click();
    await waitFor(() => root.querySelector('[data-approvals]'));
    expect(textOf(root, '[data-read-only]')).to.equal(T.readOnly('SRA-0001', 'Submitted'));
    // An approval that leaves a High SRA Submitted says it still needs an Admin.
    root.querySelector<HTMLButtonElement>('[data-move="Approved"]')!.click();
    await waitFor(() => root.querySelectorAll('[data-approval]').length === 2);
    await waitFor(() => overlaysRoot().textContent?.includes(T.approvalRecorded('SRA-0001')));
    fetchRequests.length = 0;
    expect(textOf(root, '[data-approval]')).to.equal('Priya Natarajan (Risk), 11/21/2026');
    expect(textOf(root, '[data-needs-admin]')).to.equal(T.alsoNeedsAdmin);
    expect([...root.querySelectorAll('[data-move]')].map((b) => b.textContent)).to.deep.equal(['Approve', 'Reject']);
    expect(root.querySelector<HTMLInputElement>('[data-mitigation="bond"]')!.disabled).to.equal(true);
    root.querySelector<HTMLButtonElement>('[data-move="Rejected"]')!.click();
    const confirm = await waitFor(() => root.querySelector<HTMLButtonElement>('[data-reject-confirm]'));
    confirm.click();
    await waitFor(() => root.querySelector('[data-reject] [role="alert"]'));
    expect(textOf(root, '[data-reject] [role="alert"]')).to.equal(SRA_TEXT.rejectReason);
    expect(fetchRequests.some((r) => r.method === 'POST')).to.equal(false);
    setValue(root.querySelector<HTMLTextAreaElement>('[data-reject] textarea')!, 'Too thin');
    confirm.click();
    await waitFor(() => textOf(root, '[data-state-name]') === 'Rejected');
    expect(fetchRequests.find((r) => r.method === 'POST')!.body).to.deep.include({ reason: 'Too thin', RouteStateId: '504' });
    expect(textOf(root, '[data-rejection]')).to.equal(T.rejected('Too thin'));
    expect(textOf(root, '[data-read-only]')).to.equal(T.readOnly('SRA-0001', 'Rejected'));
  });

  it('<wb-risk-assessment>: a vendor record marked confidential (no risk role) says so in place of the EMR', async () => {
    stubFetch(answers({
      '/api/risk/getsra': { body: { data: { ...load(), vendor: { ...VENDOR, financials: [], safety: [], surety: null, bondSingleCapacity: null, bondAggregateCapacity: null, confidential: true } } } },
    }));
    const root = await mount('wb-risk-assessment', { 'record-key': 'Sra', 'record-id': '1' });
    await waitFor(() => root.querySelector('[data-emr]'));
    expect(textOf(root, '[data-emr]')).to.equal(VENDOR_CONFIDENTIAL_TEXT);
    expect(textOf(root, '[data-limits]')).to.equal('single $100,000, aggregate $200,000');
  });

  it('<wb-risk-assessment>: another record-id shows that SRA, not the last one’s typing', async () => {
    stubFetch(answers({
      '/api/risk/getsra': ({ query }: FetchRequest) => ({ body: { data: load({ sraId: Number(query.get('recordId')), number: `SRA-000${query.get('recordId')}`, mitigationNote: null }) } }),
    }));
    const root = await mount('wb-risk-assessment', { 'record-id': '1' });
    const note = await waitFor(() => root.querySelector<HTMLTextAreaElement>('[data-field="mitigationNote"]'));
    setValue(note, 'Typed for SRA-0001');
    document.querySelector('wb-risk-assessment')!.setAttribute('record-id', '2');
    await waitFor(() => textOf(root, '[data-number]') === 'SRA-0002');
    expect(root.querySelector<HTMLTextAreaElement>('[data-field="mitigationNote"]')!.value).to.equal('');
  });

  describe('the commitment gate and the buyout column', () => {
    const SC = { subcontractId: 9, projectId: 1, budgetId: 11, vendorId: 7, vendorName: 'Walker', number: 'SC-24-1032-029', description: 'Quality',
      applicationRecordStateId: 31, recordStateName: 'Draft', closed: false, retainagePercent: 10, excessLiability: null, subcontractTypeId: 1,
      originalAmount: 240000, approvedChanges: 0, billed: 0, items: [{ subcontractItemId: 5, costCodeId: 102, costType: 'S', description: 'Quality', amount: 240000 }] };
    const gate = (over: Partial<SraGateStatus>): SraGateStatus => ({
      subcontractId: 9, amount: 240000, vendorId: 7, reasons: ['the vendor is not prequalified (Not Prequalified)'], required: true, sra: null, cleared: false,
      startLink: '/sr/sra?recordKey=Subcontract&recordId=9', ...over,
    });
    const subcontractAnswers = (over: Record<string, StubFor> = {}): Record<string, StubFor> => answers({
      '/api/pfm/GetSubcontractById': { body: { data: SC } },
      '/api/pfm/getsubcontracts': ({ query }: FetchRequest) => ({ body: { data: query.get('open') === 'false' ? [] : [SC] } }),
      '/api/pfm/GetSubcontractTypes': { body: { data: [] } },
      '/api/applications/GetUserRecordFieldPermissionByApplicationRecordStateId': ({ query }: FetchRequest) => ({
        body: { data: { lookupApplicationRecordStateId: Number(query.get('applicationRecordStateId')), fields: [] } },
      }),
      '/api/applications/GetRecordStateAdvancements': { body: { data: [
        { quickRoute: true, targetApplicationRecordState: { applicationRecordStateId: 32, name: 'Pending Signature', applicationRecordKey: 'Subcontract', closed: false, displayOrder: 2 } },
      ] } },
      ...over,
    });

    it('<wb-subcontract>: the SRA line says no SRA needed, the covering SRA, or what it needs with the SRA’s state and the start link', async () => {
      let status = gate({ reasons: [], required: false, cleared: true });
      stubFetch(subcontractAnswers({ '/api/risk/getsrastatus': () => ({ body: { data: status } }) }));
      let root = await mount('wb-subcontract', { 'record-id': '9' });
      await waitFor(() => root.querySelector('[data-gate="not-needed"]'));
      expect(textOf(root, '[data-gate="not-needed"]')).to.equal(T.gateNotNeeded);
      document.body.innerHTML = '';
      resetPageStores();
      status = gate({ cleared: true, sra: row({ sraId: 4, number: 'SRA-0004', state: 'Approved' }) });
      stubFetch(subcontractAnswers({ '/api/risk/getsrastatus': () => ({ body: { data: status } }) }));
      root = await mount('wb-subcontract', { 'record-id': '9' });
      await waitFor(() => root.querySelector('[data-gate="covered"]'));
      expect(textOf(root, '[data-gate="covered"]')).to.equal('Approved SRA SRA-0004 covers this subcontract');
      expect(root.querySelector('[data-gate="covered"] a')!.getAttribute('href')).to.equal('/sr/sra?workbench=RiskAssessment&recordKey=Sra&recordId=4');
      document.body.innerHTML = '';
      resetPageStores();
      status = gate({ sra: row({ sraId: 5, number: 'SRA-0005', state: 'Draft', level: 'Medium' }) });
      stubFetch(subcontractAnswers({ '/api/risk/getsrastatus': () => ({ body: { data: status } }) }));
      root = await mount('wb-subcontract', { 'record-id': '9' });
      await waitFor(() => root.querySelector('[data-gate="needed"]'));
      expect(textOf(root, '[data-gate="needed"] .text-danger-emphasis')).to.equal('Needs an approved SRA: the vendor is not prequalified (Not Prequalified)');
      expect(textOf(root, '[data-gate-sra]')).to.equal('SRA-0005 Draft Medium');
      expect(root.querySelector('[data-sra-gate] [data-gate-start]')!.getAttribute('href')).to.equal('/sr/sra?recordKey=Subcontract&recordId=9');
      // A start link that is not a same-origin path is never offered.
      document.body.innerHTML = '';
      resetPageStores();
      status = gate({ startLink: 'https://evil.example/sr/sra' });
      stubFetch(subcontractAnswers({ '/api/risk/getsrastatus': () => ({ body: { data: status } }) }));
      root = await mount('wb-subcontract', { 'record-id': '9' });
      await waitFor(() => root.querySelector('[data-gate="needed"]'));
      expect(root.querySelector('[data-gate-start]')).to.equal(null);
    });

    it('<wb-subcontract>: the gate’s refusal of an advance shows its message with a working link to start the SRA; the status line loads again', async () => {
      const message = 'Subcontract SC-24-1032-029 needs an approved SRA: the vendor is not prequalified (Not Prequalified). Start one: /sr/sra?recordKey=Subcontract&recordId=9';
      stubFetch(subcontractAnswers({
        '/api/risk/getsrastatus': { body: { data: gate({}) } },
        '/api/pfm/UpdateCommitmentState': { status: 400, body: { autoAlert: true, message, functionName: 'UpdateCommitmentState', startLink: '/sr/sra?recordKey=Subcontract&recordId=9' } },
      }));
      const root = await mount('wb-subcontract', { 'record-id': '9' });
      await waitFor(() => root.querySelector('[data-gate="needed"]'));
      const before = fetchRequests.filter((r) => r.path === '/api/risk/getsrastatus').length;
      root.querySelector<HTMLButtonElement>('button[aria-label="Change state of SC-24-1032-029"]')!.click();
      (await waitFor(() => root.querySelector<HTMLButtonElement>('[data-target-state="Pending Signature"]'))).click();
      const refusal = await waitFor(() => root.querySelector('[data-gate-refusal]'));
      expect(textOf(refusal, 'span')).to.equal(`${T.gateRefused} ${message}`);
      expect(refusal.querySelector('a[data-gate-start]')!.getAttribute('href')).to.equal('/sr/sra?recordKey=Subcontract&recordId=9');
      await waitFor(() => fetchRequests.filter((r) => r.path === '/api/risk/getsrastatus').length > before);
      expect(textOf(root, '[data-state-name]')).to.equal('Draft');
    });

    it('<pfm-buyout>: an SRA column per line (number linking to the portal, state, level), Start SRA named by cost code, pre-filled with the remaining amount; totals row keeps its columns', async () => {
      const summary = [
        { costCodeId: 101, code: '09200000', description: 'Drywall', type: 'S', currentBudget: 500000 },
        { costCodeId: 102, code: '09900000', description: 'Painting', type: 'S', currentBudget: 300000 },
      ];
      stubFetch(answers({
        '/api/pfm/projects/GetProjectByProjectId': { body: { data: { projectId: 1, budgetId: 11, displayText: '24-1032 Riverside' } } },
        '/api/pfm/getcostcodetransactionsummary': { body: { data: summary } },
        '/api/pfm/getsubcontracts': ({ query }: FetchRequest) => ({ body: { data: query.get('open') === 'false' ? [] : [{ ...SC, recordStateName: 'Executed', items: [{ costCodeId: 101, amount: 120000 }] }] } }),
        '/api/pfm/getpurchaseagreements': { body: { data: [] } },
        '/api/pfm/getpurchaseorders': { body: { data: [] } },
        '/api/pfm/getsubcontractchangeorders': { body: { data: [] } },
        '/api/pfm/getpurchaseagreementchangeorders': { body: { data: [] } },
        '/api/risk/getbuyoutsras': { body: { data: [{ costCodeId: 102, sras: [row({ sraId: 4, number: 'SRA-0004', state: 'Approved', level: 'Low' })] }] } },
      }));
      const root = await mount('pfm-buyout', { 'project-id': '1' });
      await waitFor(() => root.querySelector('[data-sra-id="4"]'));
      expect(textOf(root, 'tr[data-cost-code-id="102"] [data-sra-id="4"]')).to.equal('SRA-0004 Approved Low');
      expect(root.querySelector('[data-sra-id="4"] a')!.getAttribute('href')).to.equal('/sr/sra?workbench=RiskAssessment&recordKey=Sra&recordId=4');
      expect(textOf(root, 'tr[data-cost-code-id="101"] [data-cell="sra"] [data-sras]')).to.equal('');
      const headers = [...root.querySelectorAll('thead th')].map((th) => th.textContent);
      expect(headers[headers.length - 1]).to.equal('SRA');
      const footer = [...root.querySelectorAll('tfoot tr > *')].reduce((n, cell) => n + Number(cell.getAttribute('colspan') ?? 1), 0);
      expect(footer).to.equal(headers.length);
      const start = root.querySelector<HTMLButtonElement>('tr[data-cost-code-id="101"] [data-start-sra]')!;
      expect(start.getAttribute('aria-label')).to.equal('Start SRA for cost code 09-2000-00');
      start.click();
      const form = await waitFor(() => root.querySelector('form[data-sra-form]'));
      await waitFor(() => form.querySelector<HTMLInputElement>('input[data-cost-code-id="101"]'));
      expect(form.querySelector<HTMLSelectElement>('[data-field="projectId"]')!.value).to.equal('1');
      expect(form.querySelector<HTMLInputElement>('[data-field="amount"]')!.value).to.equal('380000');
      expect(form.querySelector<HTMLInputElement>('input[data-cost-code-id="101"]')!.checked).to.equal(true);
      expect(form.querySelector<HTMLInputElement>('input[data-cost-code-id="102"]')!.checked).to.equal(false);
    });

    it('a PFM user without an SR role of the SRA screen is offered no Start SRA (the gate line here; the buyout line asks the same useMayStartSra)', async () => {
      setRoles([{ applicationKey: 'keyPFM', name: 'Project Manager' }, { applicationKey: 'keyRISK', name: 'Viewer' }]);
      try {
        stubFetch(subcontractAnswers({ '/api/risk/getsrastatus': { body: { data: gate({}) } } }));
        const root = await mount('wb-subcontract', { 'record-id': '9' });
        await waitFor(() => root.querySelector('[data-gate="needed"]'));
        expect(root.querySelector('[data-gate-start]')).to.equal(null);
        setRoles([{ applicationKey: 'keyRISK', name: 'Default' }]);
        await waitFor(() => root.querySelector('[data-gate-start]'));
      } finally {
        resetRoles();
      }
    });
  });
});
