/**
 * The Files count of a workbench (src/ui/workbench/files.ts): PFM records ask the count load; issue 14's SLIM requests
 * and SRAs, whose users hold no PFM role, are counted from the Files list they may read.
 */
import { expect } from 'chai';
import { resetApi } from '../../src/core/api';
import { loadFileCount } from '../../src/core/records/files';
import { fetchCalls, restoreFetch, stubFetch } from '../support/browser';

const file = (fileId: number, applicationRecordKey: string, recordId: number) => ({ fileId, applicationRecordKey, recordId, name: `f${fileId}.pdf`, mime: 'application/pdf', size: 1, uploadedByEmployeeId: 1, uploadedAt: 't', modifiedAt: 't' });

describe('workbench Files count', () => {
  beforeEach(() => resetApi());
  afterEach(() => restoreFetch());

  it('a PFM record: its own rows of the count load', async () => {
    stubFetch({ '/api/pfm/getapplicationrecordfilecounts': { body: { data: [
      { applicationRecordKey: 'Subcontract', recordId: 4, fileCount: 2 }, { applicationRecordKey: 'SubcontractChangeOrder', recordId: 9, fileCount: 5 },
    ] } } });
    expect(await loadFileCount('Subcontract', 4)).to.equal(2);
    expect(fetchCalls.every((c) => c.startsWith('/api/pfm/getapplicationrecordfilecounts'))).to.equal(true);
  });

  for (const recordKey of ['SlimRequest', 'Sra']) {
    it(`a ${recordKey}: the length of its Files list, without the PFM count load`, async () => {
      stubFetch({ '/api/pfm/files': { body: { data: [file(1, recordKey, 7), file(2, recordKey, 7), file(3, recordKey, 7)] } } });
      expect(await loadFileCount(recordKey, 7)).to.equal(3);
      expect(fetchCalls).to.have.length(1);
      expect(fetchCalls[0]).to.match(new RegExp(`^/api/pfm/files\\?recordKey=${recordKey}&recordId=7$`));
    });
  }
});
