// <pfm-buyout>'s Award: a line not fully bought out offers a new commitment of each kind that fits its cost type
// (§5: S a subcontract; M, W, E a purchase agreement or order), opened in that kind's workbench on the line.
import { expect } from 'chai';
import { AWARD_TEXT } from '../../src/features/commitments';
import '../../src/elements/pfm-buyout/define';
import { clearProjectWrite } from '../../src/core/projects/write';
import { mount, stubFetch, waitFor, type FetchRequest, type StubFor } from '../support/browser';
import { useElementTestPage } from '../support/elements';

const SUMMARY = [
  { costCodeId: 101, code: '09200000', description: 'Drywall', type: 'S', currentBudget: 5000 },
  { costCodeId: 102, code: '09900000', description: 'Painting', type: 'S', currentBudget: 1000 },
  { costCodeId: 111, code: '05100000', description: 'Steel', type: 'M', currentBudget: 2000 },
  { costCodeId: 103, code: '01500000', description: 'Supervision', type: 'L', currentBudget: 900 },
];
const none = { body: { data: [] } };
function answers(canWrite: boolean): Record<string, StubFor> {
  return {
    '/api/pfm/projects/GetProjectByProjectId': { body: { data: { projectId: 1, budgetId: 1, displayText: '24-1032 Riverside' } } },
    '/api/pfm/getcostcodetransactionsummary': { body: { data: SUMMARY } },
    // Painting is fully bought out by an executed subcontract.
    '/api/pfm/getsubcontracts': ({ query }: FetchRequest) => ({ body: { data: query.get('open') === 'false' ? [] : [
      { subcontractId: 2, projectId: 1, budgetId: 1, number: 'SC-002', description: 'Paint', applicationRecordStateId: 33, recordStateName: 'Executed', closed: false,
        items: [{ costCodeId: 102, amount: 1000 }] },
    ] } }),
    '/api/pfm/getpurchaseagreements': none, '/api/pfm/getpurchaseorders': none, '/api/pfm/getsubcontractchangeorders': none,
    '/api/pfm/getpurchaseagreementchangeorders': none, '/api/risk/getbuyoutsras': none,
    '/api/pfm/projects/GetProjectMenuByProjectId': { body: { data: { projectId: 1, number: '24-1032', name: 'Riverside', canWrite } } },
  };
}

describe('<pfm-buyout>: Award', () => {
  useElementTestPage({ after: () => { clearProjectWrite(); history.replaceState(null, '', location.pathname); } });

  it('offers the fitting kinds on open lines only, and opens the kind’s workbench on the line', async () => {
    stubFetch(answers(true));
    const root = await mount('pfm-buyout', { 'project-id': '1' });
    (await waitFor(() => root.querySelector('[data-filter]')) as HTMLInputElement).click();
    await waitFor(() => root.querySelector('tr[data-cost-code-id="102"]') && root.querySelector('[data-award]'));
    const kinds = (id: number) => [...root.querySelectorAll(`tr[data-cost-code-id="${id}"] [data-award]`)].map((b) => b.textContent);
    expect(kinds(101)).to.deep.equal(['Award']);
    expect(kinds(111)).to.deep.equal(['Award PA', 'Award PO']);
    expect(kinds(102)).to.deep.equal([], 'fully bought out');
    expect(kinds(103)).to.deep.equal([], 'labour is not bought out by a commitment');
    const award = root.querySelector<HTMLButtonElement>('tr[data-cost-code-id="101"] [data-award="Subcontract"]')!;
    expect(award.getAttribute('aria-label')).to.equal(AWARD_TEXT.aria('09200000', 'Subcontract'));
    award.click();
    await waitFor(() => new URL(location.href).searchParams.get('workbench') === 'Subcontract');
    const query = new URL(location.href).searchParams;
    expect([query.get('recordKey'), query.get('recordId')]).to.deep.equal(['BuyoutLine', '101']);
  });

  it('Start SRA on an awarded line pre-fills the awarded commitment’s current sum (original plus approved changes), a Void award aside', async () => {
    const subcontract = (subcontractId: number, recordStateName: string, buyoutCostCodeId: number | null, originalAmount: number, approvedChanges: number) => ({
      subcontractId, projectId: 1, budgetId: 1, number: `SC-00${subcontractId}`, description: 'Board', applicationRecordStateId: 31, recordStateName, closed: false,
      buyoutCostCodeId, originalAmount, approvedChanges, items: [] });
    stubFetch({
      ...answers(true),
      // Drywall (101) was awarded to a Draft subcontract now at 4,000 + 750; Painting (102) only to a Void one.
      '/api/pfm/getsubcontracts': ({ query }: FetchRequest) => ({ body: { data: query.get('open') === 'false' ? [subcontract(5, 'Void', 102, 900, 0)] : [
        subcontract(4, 'Draft', 101, 4000, 750),
        { ...subcontract(2, 'Executed', null, 1000, 0), items: [{ costCodeId: 102, amount: 1000 }] },
      ] } }),
      '/api/pfm/getprojects': { body: { data: [{ projectId: 1, budgetId: 1, number: '24-1032', name: 'Riverside' }] } },
      '/api/risk/getprequalvendors': { body: { data: [] } },
      '/api/pfm/getcostcodes': { body: { data: SUMMARY.map((line) => ({ ...line, budgetId: 1 })) } },
    });
    const root = await mount('pfm-buyout', { 'project-id': '1' });
    (await waitFor(() => root.querySelector('[data-filter]')) as HTMLInputElement).click();
    const amountOnStart = async (costCodeId: number) => {
      (await waitFor(() => root.querySelector<HTMLButtonElement>(`tr[data-cost-code-id="${costCodeId}"] [data-start-sra]`)))!.click();
      const form = await waitFor(() => root.querySelector(`[data-buyout-sra-form="${costCodeId}"] form[data-sra-form]`));
      return (await waitFor(() => form.querySelector<HTMLInputElement>('[data-field="amount"]')))!.value;
    };
    expect(await amountOnStart(101)).to.equal('4750', 'the awarded subcontract, not the 5,000 left to buy out');
    expect(await amountOnStart(111)).to.equal('2000', 'not awarded: what remains to buy out');
  });

  it('a Viewer on the project’s team is offered no Award', async () => {
    stubFetch(answers(false));
    const root = await mount('pfm-buyout', { 'project-id': '1' });
    await waitFor(() => root.querySelector('tr[data-cost-code-id="101"]'));
    await waitFor(() => root.querySelectorAll('[data-award]').length === 0);
    // Still none once the project menu has answered.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(root.querySelectorAll('[data-award]').length).to.equal(0);
  });
});
