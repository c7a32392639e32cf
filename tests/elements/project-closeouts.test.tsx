import { expect } from 'chai';
import { CLOSEOUT_API, CLOSEOUT_ITEMS, CLOSEOUT_TEXT, closeoutRecordHref, type CloseoutChecklist } from '../../src/core/toolbox';
import '../../src/elements/pt-project-closeouts/define';
import { fetchRequests, mount, setValue, stubFetch, textOf, waitFor } from '../support/browser';
import { useElementTestPage } from '../support/elements';

const checklist = (over: Partial<CloseoutChecklist> = {}): CloseoutChecklist => ({
  projectId: 20, number: '26-1058', name: 'Depot <b>Annex</b>', active: true, closeoutState: 'Open', softClosedAt: null, softClosedByName: null,
  finalClosedAt: null, finalClosedByName: null, blockerCount: 1, failedItems: 1, events: [], canEdit: true,
  allowed: { softClose: false, finalClose: false, reopen: false },
  items: CLOSEOUT_ITEMS.map((item) => ({
    id: item.id, title: item.title, text: item.text, passed: item.id !== 'direct-costs',
    blockers: item.id === 'direct-costs'
      ? [{ recordKey: 'DirectCost', recordId: 7, number: 'DC-26-1058-001', title: '=cmd <i>permit</i> (Draft)', amount: 1250.5, href: closeoutRecordHref(20, 'DirectCost', 7) }]
      : [],
  })),
  ...over,
});

describe('<pt-project-closeouts>', () => {
  useElementTestPage({ login: 'pm' });

  it('without a project: a loading status, then the caller\'s projects with state and blocker counts (names as text)', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => { release = resolve; });
    stubFetch({
      [CLOSEOUT_API.list]: async () => {
        await held;
        return { body: { data: [{ ...checklist(), blockerCount: 3, failedItems: 2 }] } };
      },
    });
    const root = await mount('pt-project-closeouts');
    await waitFor(() => root.querySelector('[role="status"][data-state="loading"]'));
    expect(textOf(root, '[data-state="loading"]')).to.equal(CLOSEOUT_TEXT.loading);
    release();
    const row = await waitFor(() => root.querySelector('tr[data-project="20"]'));
    expect(row.querySelector('a')!.getAttribute('href')).to.equal(`${location.pathname}?projectId=20`);
    expect(textOf(row, 'td:nth-child(2)')).to.equal('Depot <b>Annex</b>');
    expect(textOf(row, '[data-blockers]')).to.equal('3');
    expect(textOf(row, '[data-failed-items]')).to.equal('2');
    expect(textOf(row, '[data-closeout-state]')).to.equal('Open');
  });

  it('a checklist: 403 with Retry, then green and red items with the blocker linked; a reason is required; a 409 keeps the reason and offers Reload', async () => {
    let forbidden = true;
    stubFetch({
      [CLOSEOUT_API.checklist]: () => (forbidden ? { status: 403, body: { message: 'no' } } : { body: { data: checklist({ allowed: { softClose: true, finalClose: false, reopen: false } }) } }),
      [CLOSEOUT_API.softClose]: { status: 409, body: { message: 'Project 26-1058 is now Soft Closed (changed by Ana Ortiz). Reload it and try again.' } },
    });
    const root = await mount('pt-project-closeouts', { 'project-id': '20' });
    const failed = await waitFor(() => root.querySelector('[data-state="failed"]'));
    expect(failed.getAttribute('role')).to.equal('alert');
    expect(textOf(failed, 'span')).to.equal(CLOSEOUT_TEXT.failedLoad[403]);
    forbidden = false;
    failed.querySelector('button')!.click();
    await waitFor(() => root.querySelector('section[data-item="direct-costs"]'));
    expect(root.querySelectorAll('section[data-passed="true"]').length).to.equal(CLOSEOUT_ITEMS.length - 1);
    const blocked = root.querySelector('section[data-item="direct-costs"]')!;
    expect(textOf(blocked, '[data-item-status]')).to.equal('✗ Blocked (1)');
    expect(blocked.querySelector('a')!.getAttribute('href')).to.equal('/pfm/projects/directcosts?projectId=20&workbench=DirectCost&recordKey=DirectCost&recordId=7');
    expect(textOf(blocked, 'tbody td:nth-child(2)')).to.equal('=cmd <i>permit</i> (Draft)');
    expect(textOf(blocked, 'tbody td:nth-child(3)')).to.equal('$1,250.50');
    expect(textOf(root, 'h1')).to.equal('Project Closeouts: 26-1058 Depot <b>Annex</b>');

    const soft = root.querySelector<HTMLButtonElement>('button[data-action="softClose"]')!;
    expect(soft.disabled).to.equal(false);
    expect(root.querySelector<HTMLButtonElement>('button[data-action="finalClose"]')!.disabled).to.equal(true);
    soft.click();
    expect(textOf(await waitFor(() => root.querySelector('[data-problem]')), 'span')).to.equal(CLOSEOUT_TEXT.reasonRequired);
    expect(fetchRequests.filter((r) => r.method === 'POST')).to.have.length(0);

    const reason = root.querySelector<HTMLTextAreaElement>('textarea[data-field="reason"]')!;
    setValue(reason, 'All billed.');
    await waitFor(() => reason.value === 'All billed.');
    soft.click();
    const stale = await waitFor(() => root.querySelector('[data-problem]')?.textContent?.includes('changed by') && root.querySelector('[data-problem]'));
    expect(textOf(stale, 'span')).to.equal('Project 26-1058 is now Soft Closed (changed by Ana Ortiz). Reload it and try again.');
    const post = fetchRequests.find((r) => r.method === 'POST')!;
    expect(post.body).to.deep.equal({ ProjectId: '20', OldCloseoutState: 'Open', Reason: 'All billed.' });
    expect(reason.value).to.equal('All billed.');
    expect(stale.querySelector('button')!.textContent).to.equal(CLOSEOUT_TEXT.reload);
  });
});
