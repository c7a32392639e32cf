import { expect } from 'chai';
import { resetApi } from '../../src/core/api';
import { $changes, CHANGES_PATHS, acknowledgeChanges, clearChanges, hasChanges, refreshChanges, resetChanges } from '../../src/core/changes';
import { $toasts, resetMessages } from '../../src/core/messages';
import { fetchCalls, restoreFetch, stubFetch } from '../support/browser';

const LIST = [
  { parentApplicationRecordId: 10, applicationRecordId: 101, recordType: 'ChangeEvent' },
  { parentApplicationRecordId: 10, applicationRecordId: 102, recordType: 'ChangeEventItem' },
  { parentApplicationRecordId: 20, applicationRecordId: 201, recordType: 'Subcontract' },
];

describe('core/changes', () => {
  beforeEach(() => {
    resetApi();
    resetChanges();
    resetMessages();
  });
  afterEach(() => {
    restoreFetch();
    resetApi();
    resetChanges();
    resetMessages();
  });

  it('refreshes, then loads the list for the application (§7)', async () => {
    stubFetch({ [CHANGES_PATHS.refresh]: { body: { data: true } }, [CHANGES_PATHS.list]: { body: { data: [...LIST, { bad: 1 }, null] } } });
    const loaded = await refreshChanges(3);
    expect(fetchCalls).to.deep.equal(['/api/changes/refresh?ApplicationId=3', '/api/changes?ApplicationId=3']);
    expect(loaded).to.deep.equal(LIST);
    expect($changes.get()).to.deep.equal(LIST);
    expect(hasChanges(10)).to.equal(true);
    expect(hasChanges(20)).to.equal(true);
    expect(hasChanges(30)).to.equal(false);
  });

  it('keeps the old list and rethrows when loading fails', async () => {
    stubFetch({ [CHANGES_PATHS.refresh]: { body: { data: true } }, [CHANGES_PATHS.list]: { body: { data: LIST } } });
    await refreshChanges(3);
    stubFetch({ [CHANGES_PATHS.refresh]: { status: 500 } });
    let failed = false;
    await refreshChanges(3).catch(() => { failed = true; });
    expect(failed).to.equal(true);
    expect($changes.get()).to.deep.equal(LIST);
  });

  it('acknowledges a parent record: remove call sent, its changes leave the store', async () => {
    stubFetch({ [CHANGES_PATHS.refresh]: { body: {} }, [CHANGES_PATHS.list]: { body: { data: LIST } }, [CHANGES_PATHS.remove]: { body: { data: true } } });
    await refreshChanges(3);
    const acknowledged = acknowledgeChanges(3, 10);
    expect(hasChanges(10), 'removed at once').to.equal(false);
    expect(await acknowledged).to.equal(true);
    expect(fetchCalls.at(-1)).to.equal('/api/changes/remove?ApplicationId=3&ParentApplicationRecordId=10');
    expect($changes.get()).to.deep.equal([LIST[2]]);
    expect($toasts.get()).to.deep.equal([]);
  });

  it('restores the changes and shows a danger toast when acknowledging fails', async () => {
    stubFetch({ [CHANGES_PATHS.refresh]: { body: {} }, [CHANGES_PATHS.list]: { body: { data: LIST } }, [CHANGES_PATHS.remove]: { status: 500 } });
    await refreshChanges(3);
    expect(await acknowledgeChanges(3, 10)).to.equal(false);
    expect(hasChanges(10)).to.equal(true);
    expect($changes.get()).to.have.length(3);
    const toast = $toasts.get()[0];
    expect(toast?.variant).to.equal('danger');
    expect(toast?.message).to.contain('HTTP error! Status: 500');
  });

  it('clears every change of the application, and restores them on failure', async () => {
    stubFetch({ [CHANGES_PATHS.refresh]: { body: {} }, [CHANGES_PATHS.list]: { body: { data: LIST } }, [CHANGES_PATHS.clear]: { body: { data: true } } });
    await refreshChanges(5);
    expect(await clearChanges(5)).to.equal(true);
    expect(fetchCalls.at(-1)).to.equal('/api/changes/clear?ApplicationId=5');
    expect($changes.get()).to.deep.equal([]);

    stubFetch({ [CHANGES_PATHS.refresh]: { body: {} }, [CHANGES_PATHS.list]: { body: { data: LIST } }, [CHANGES_PATHS.clear]: { status: 403 } });
    await refreshChanges(5);
    expect(await clearChanges(5)).to.equal(false);
    expect($changes.get()).to.deep.equal(LIST);
    expect($toasts.get()[0]?.variant).to.equal('danger');
  });
});
