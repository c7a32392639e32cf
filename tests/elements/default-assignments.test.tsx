import { expect } from 'chai';
import '../../src/elements/pt-default-assignments/define';
import { DEFAULT_ASSIGNMENTS_API as API, RULE_TEXT } from '../../src/core/toolbox';
import { ASSIGNMENTS_TEXT as T, assignmentsTimer } from '../../src/features/toolbox/default-assignments';
import { fetchRequests, mount, restoreFetch, setValue, stubFetch, waitFor, type StubAnswer, type StubFor } from '../support/browser';
import { overlaysRoot, resetPageStores, signInForTest } from '../support/elements';
import { OPTIONS, RULE } from './default-assignments-support';

const TAG = 'pt-default-assignments';
const answers = (extra: Record<string, StubFor> = {}): Record<string, StubFor> => ({
  [API.getRules]: { body: { data: [RULE] } },
  [API.getOptions]: { body: { data: OPTIONS } },
  ...extra,
});

describe('<pt-default-assignments>', () => {
  beforeEach(() => { resetPageStores(); signInForTest('admin'); });
  afterEach(() => {
    restoreFetch();
    assignmentsTimer.set(null);
    document.querySelectorAll(TAG).forEach((el) => el.remove());
  });

  it('lists the rules with their scope in words; user text renders as text', async () => {
    stubFetch(answers());
    const root = await mount(TAG);
    const row = await waitFor(() => root.querySelector('tr[data-rule-id="7"]'));
    expect(row.querySelector('[data-scope]')!.textContent).to.equal('Central Texas · DB');
    expect(row.textContent).to.contain(T.system);
    expect(row.querySelector('[data-members-added]')!.textContent).to.equal('3');
    root.querySelector<HTMLButtonElement>('[data-action="new-rule"]')!.click();
    const select = await waitFor(() => root.querySelector<HTMLSelectElement>('select[data-field="EmployeeId"]'));
    expect([...select.options].map((o) => o.textContent)).to.include('<b>Ann</b> Lee — Estimator');
    expect(root.querySelector('b')).to.equal(null);
  });

  it('checks the scope before calling the server, and keeps the typed rule when a save is stale (409)', async () => {
    stubFetch(answers({ [API.saveRule]: { status: 409, body: { message: 'Rule 7 was changed by Dana Whitfield at 2026-11-02T15:00:00.000Z after you read it; reload it and try again.' } } }));
    const root = await mount(TAG);
    (await waitFor(() => root.querySelector<HTMLButtonElement>('tr[data-rule-id="7"] [data-action="edit"]'))).click();
    const form = await waitFor(() => root.querySelector('[data-rule-form="7"]'));
    setValue(form.querySelector<HTMLSelectElement>('select[data-field="RegionId"]')!, '');
    setValue(form.querySelector<HTMLSelectElement>('select[data-field="Classification"]')!, '');
    form.querySelector<HTMLButtonElement>('[data-action="save"]')!.click();
    await waitFor(() => form.textContent!.includes(RULE_TEXT.scopeRequired));
    expect(fetchRequests.some((r) => r.path === API.saveRule)).to.equal(false);

    setValue(form.querySelector<HTMLSelectElement>('select[data-field="Classification"]')!, 'CM');
    setValue(form.querySelector<HTMLInputElement>('input[data-field="EndDays"]')!, '30');
    form.querySelector<HTMLButtonElement>('[data-action="save"]')!.click();
    const alert = await waitFor(() => form.querySelector('[data-state="failed"]'));
    expect(alert.textContent).to.contain(T.problems.stale).and.contain('Dana Whitfield').and.contain(T.keptWork);
    const sent = fetchRequests.find((r) => r.path === API.saveRule)!.body as Record<string, string>;
    expect([sent.RuleId, sent.ModifiedAt, sent.Classification, sent.EndDays]).to.deep.equal(['7', RULE.modifiedAt, 'CM', '30']);
    expect(form.querySelector<HTMLSelectElement>('select[data-field="Classification"]')!.value).to.equal('CM');
    expect(form.querySelector<HTMLInputElement>('input[data-field="EndDays"]')!.value).to.equal('30');
  });

  it('a delete the server refuses with its autoAlert shows that one box (no second \'Not done\'); Delete is disabled while on its way', async () => {
    const refusal = "Rule 7 has added people to projects (3); deactivate it instead, so the record of why they are on those teams stays.";
    let answer: (value: StubAnswer) => void = () => {};
    stubFetch(answers({ [API.deleteRule]: () => new Promise((resolve) => { answer = resolve; }) }));
    const root = await mount(TAG);
    const remove = await waitFor(() => root.querySelector<HTMLButtonElement>('tr[data-rule-id="7"] [data-action="delete"]'));
    remove.click();
    const dialogs = () => [...overlaysRoot().querySelectorAll<HTMLElement>('[role="dialog"]')];
    (await waitFor(() => dialogs()[0]?.querySelector<HTMLButtonElement>('[data-button="ok"]'))).click();
    await waitFor(() => fetchRequests.some((r) => r.path === API.deleteRule));
    expect(remove.disabled, 'disabled while the delete is on its way').to.equal(true);
    expect(remove.textContent).to.equal(T.deleting);
    answer({ status: 400, body: { autoAlert: true, message: refusal, serviceName: 'ToolboxService', functionName: 'DeleteDefaultAssignmentRule' } });
    await waitFor(() => dialogs().length > 0 && !remove.disabled);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(dialogs().map((d) => d.querySelector('.modal-title')?.textContent)).to.deep.equal(['Request Failed']);
    expect(dialogs()[0]!.textContent).to.contain(refusal);
  });

  it('a 403 gives the server\'s words; a load that takes too long says so, and Retry loads again', async () => {
    stubFetch(answers({ [API.getRules]: { status: 403, body: { message: 'You do not have access to /api/toolbox/defaultassignments/getrules.' } } }));
    const denied = await mount(TAG);
    const refused = await waitFor(() => denied.querySelector('[data-state="forbidden"]'));
    expect(refused.textContent).to.contain('You do not have access');
    document.querySelectorAll(TAG).forEach((el) => el.remove());

    assignmentsTimer.set(50);
    let calls = 0;
    stubFetch(answers({ [API.getRules]: () => (++calls === 1 ? new Promise<never>(() => {}) : { body: { data: [RULE] } }) }));
    const root = await mount(TAG);
    expect((await waitFor(() => root.querySelector('[role="status"]'))).textContent).to.contain(T.loading);
    const alert = await waitFor(() => root.querySelector('[data-state="failed"]'));
    expect(alert.textContent).to.contain(T.problems.timeout);
    alert.querySelector('button')!.click();
    await waitFor(() => root.querySelector('tr[data-rule-id="7"]'));
  });
});
