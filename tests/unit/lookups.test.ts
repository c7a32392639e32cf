import { expect } from 'chai';
import { resetApi } from '../../src/core/api';
import {
  LIBRARIES_KEY, LIBRARIES_TTL_MS, LOOKUP_BATCH_MIN, LOOKUP_TYPES, clearLibraries, lookup, lookupConfig, lookupList, lookupObject, resetLookups, setLookupClock,
} from '../../src/core/lookups';

interface FetchCall { url: string }

const realFetch = globalThis.fetch;
const realError = console.error;
const realWarn = console.warn;
const realLog = console.log;
const realSetItem = Storage.prototype.setItem;
let calls: FetchCall[] = [];
let logged: string[] = [];
let errors: unknown[][] = [];

/** Answer each GET from `routes` (path without query → body, or a function of the URL); 404 otherwise. */
function stubFetch(routes: Record<string, unknown>): void {
  globalThis.fetch = (async (input: RequestInfo | URL) => {
    const url = String(input);
    calls.push({ url });
    const path = url.split('?')[0] ?? '';
    if (!Object.hasOwn(routes, path)) return new Response(JSON.stringify({ message: 'not found' }), { status: 404 });
    const route = routes[path];
    const body = typeof route === 'function' ? (route as (u: string) => unknown)(url) : route;
    return new Response(JSON.stringify(body), { status: 200 });
  }) as typeof fetch;
}

const T0 = 1_700_000_000_000;
let clock = T0;

const reasons = [
  { changeReasonId: 1, displayText: 'Owner Request' },
  { changeReasonId: 2, displayText: 'Design Error' },
];

function saved(): unknown {
  return JSON.parse(localStorage.getItem(LIBRARIES_KEY) ?? 'null');
}

describe('core/lookups', () => {
  beforeEach(() => {
    resetApi();
    resetLookups();
    localStorage.clear();
    calls = [];
    logged = [];
    errors = [];
    clock = T0;
    setLookupClock(() => clock);
    console.error = (...args: unknown[]) => { errors.push(args); };
    console.warn = (...args: unknown[]) => { logged.push(args.map(String).join(' ')); };
    console.log = (...args: unknown[]) => { logged.push(args.map(String).join(' ')); };
  });
  afterEach(() => {
    globalThis.fetch = realFetch;
    console.error = realError;
    console.warn = realWarn;
    console.log = realLog;
    Storage.prototype.setItem = realSetItem;
    resetApi();
    resetLookups();
    localStorage.clear();
  });

  describe('LOOKUP_TYPES (the convention table)', () => {
    // type → [id field, single-object call, whole-list call]
    const table: Record<string, [string, string, string | undefined]> = {
      employee: ['employeeId', '/api/employees/getEmployeeIncludeInactive', undefined],
      employeeRole: ['employeeRoleId', '/api/employees/getEmployeeRole', '/api/employees/getemployeeroles'],
      project: ['projectId', '/api/projects/GetProjectByProjectId', undefined],
      'pfm-project': ['projectId', '/api/pfm/projects/GetProjectByProjectId', undefined],
      'pfm-budget': ['budgetId', '/api/pfm/getBudget', undefined],
      'pfm-owner-agreement': ['ownerAgreementId', '/api/pfm/getOwnerAgreementById', undefined],
      'pfm-owner-agreement-change-order': ['ownerAgreementChangeOrderId', '/api/pfm/getOwnerAgreementChangeOrderById', undefined],
      vendor: ['vendorId', '/api/pfm/vendors/getVendor', '/api/pfm/vendors/getVendors'],
      subcontract: ['subcontractId', '/costmanagement/costmanagement/GetSubcontract', undefined],
      'pfm-subcontract': ['subcontractId', '/api/pfm/GetSubcontractById', undefined],
      'pfm-purchase-agreement': ['purchaseAgreementId', '/api/pfm/GetPurchaseAgreementById', undefined],
      'pfm-subcontract-change-order': ['subcontractChangeOrderId', '/api/pfm/GetSubcontractChangeOrderById', undefined],
      'pfm-purchase-agreement-change-order': ['purchaseAgreementChangeOrderId', '/api/pfm/GetPurchaseAgreementChangeOrderById', undefined],
      'pfm-purchase-order': ['purchaseOrderId', '/api/pfm/GetPurchaseOrderById', undefined],
      application: ['applicationKey', '/api/applications/data/ajaxGetApplicationData', undefined],
      legalEntity: ['legalEntityId', '/api/Common/GetLegalEntity', '/api/Common/GetLegalEntities'],
      applicationRecord: ['applicationRecordId', '/api/applications/getApplicationRecordById', '/api/applications/GetApplicationRecords'],
      applicationRecordState: ['applicationRecordStateId', '/api/applications/GetApplicationRecordState', undefined],
      changeRecordType: ['changeRecordTypeId', '/api/pfm/GetChangeRecordTypes', '/api/pfm/GetChangeRecordTypes'],
      initiatingDocumentType: ['initiatingDocumentTypeId', '/api/pfm/getinitiatingdocumenttypes', '/api/pfm/getinitiatingdocumenttypes'],
      changeReason: ['changeReasonId', '/api/pfm/GetChangeReason', '/api/pfm/GetChangeReasons'],
      reimbursableType: ['reimbursableTypeId', '/api/pfm/GetReimbursableTypeById', '/api/pfm/GetReimbursableTypes'],
      costAdjustmentReason: ['costAdjustmentReasonId', '/api/pfm/GetCostAdjustmentReason', '/api/pfm/GetCostAdjustmentReasons'],
      directCostType: ['directCostTypeId', '/api/pfm/GetDirectCostType', '/api/pfm/GetDirectCostTypes'],
      subcontractType: ['subcontractTypeId', '/api/pfm/GetsubcontractType', '/api/pfm/GetSubcontractTypes'],
      fieldSecurity: ['applicationRecordStateId', '/api/applications/GetUserRecordFieldPermissionByApplicationRecordStateId', '/api/applications/GetUserRecordFieldPermissionAll'],
      costCode: ['costCodeId', '/api/pfm/GetcostCode', undefined],
    };

    it('holds exactly the 27 convention types', () => {
      expect(Object.keys(LOOKUP_TYPES).sort()).to.deep.equal(Object.keys(table).sort());
      expect(Object.keys(LOOKUP_TYPES)).to.have.length(27);
    });

    for (const [type, [idField, single, list]] of Object.entries(table)) {
      it(`${type}: ${idField}, ${single}, ${list ?? '–'}`, () => {
        const config = lookupConfig(type);
        expect(config?.idField).to.equal(idField);
        expect(config?.single).to.equal(single);
        expect(config?.list).to.equal(list);
      });
    }

    it('marks application keys as strings, fieldSecurity objects as keyed by lookupApplicationRecordStateId', () => {
      expect(LOOKUP_TYPES.application.idKind).to.equal('string');
      expect(LOOKUP_TYPES.vendor.idKind).to.equal('number');
      expect(LOOKUP_TYPES.fieldSecurity.keyField).to.equal('lookupApplicationRecordStateId');
    });

    it('knows no inherited names', () => {
      expect(lookupConfig('toString')).to.equal(undefined);
      expect(lookupConfig('__proto__')).to.equal(undefined);
      expect(lookupConfig('Vendor')).to.equal(undefined);
    });
  });

  describe('lookup', () => {
    it('answers displayText through the single-object call with the id field as query parameter', async () => {
      stubFetch({ '/api/pfm/vendors/getVendor': { data: { vendorId: 3, displayText: 'ACME Steel' } } });
      expect(await lookup('vendor', 3)).to.equal('ACME Steel');
      expect(calls.map((c) => c.url)).to.deep.equal(['/api/pfm/vendors/getVendor?vendorId=3']);
    });

    it('caches the object: a second lookup makes no request', async () => {
      stubFetch({ '/api/pfm/getBudget': { data: { budgetId: 8, displayText: '1001 - Tower' } } });
      expect(await lookup('pfm-budget', 8)).to.equal('1001 - Tower');
      expect(await lookup('pfm-budget', '8')).to.equal('1001 - Tower');
      expect(calls).to.have.length(1);
    });

    it('shares concurrent lookups of one id', async () => {
      stubFetch({ '/api/employees/getEmployeeIncludeInactive': { data: { employeeId: 4, displayText: 'Pat Lee' } } });
      const texts = await Promise.all([lookup('employee', 4), lookup('employee', 4), lookup('employee', '4')]);
      expect(texts).to.deep.equal(['Pat Lee', 'Pat Lee', 'Pat Lee']);
      expect(calls).to.have.length(1);
    });

    for (const id of [0, -1, 'abc', '', ' ', '0', '-3', 1.5, Number.NaN, Number.POSITIVE_INFINITY, null, undefined, '1e3', '0x10']) {
      it(`answers '' for id ${JSON.stringify(id) ?? String(id)} without a request`, async () => {
        stubFetch({ '/api/pfm/vendors/getVendor': { data: { displayText: 'should not be asked' } } });
        expect(await lookup('vendor', id)).to.equal('');
        expect(await lookupObject('vendor', id)).to.equal(undefined);
        expect(calls).to.have.length(0);
      });
    }

    it("accepts a numeric id given as text ('7')", async () => {
      stubFetch({ '/api/pfm/vendors/getVendor': { data: { vendorId: 7, displayText: 'Seven' } } });
      expect(await lookup('vendor', '7')).to.equal('Seven');
      expect(calls[0]?.url).to.equal('/api/pfm/vendors/getVendor?vendorId=7');
    });

    for (const type of ['nope', 'Vendor', 'toString', '__proto__', '']) {
      it(`answers '' for unknown type ${JSON.stringify(type)} without a request`, async () => {
        stubFetch({});
        expect(await lookup(type, 1)).to.equal('');
        expect(calls).to.have.length(0);
      });
    }

    it('looks up application by its string key', async () => {
      stubFetch({ '/api/applications/data/ajaxGetApplicationData': { data: { applicationKey: 'keyPFM', displayText: 'Project Financial Management' } } });
      expect(await lookup('application', 'keyPFM')).to.equal('Project Financial Management');
      expect(calls[0]?.url).to.equal('/api/applications/data/ajaxGetApplicationData?applicationKey=keyPFM');
      expect(await lookup('application', '')).to.equal('');
      expect(calls).to.have.length(1);
    });

    it("answers '' and logs with console.error when the request fails; it does not throw", async () => {
      stubFetch({});
      expect(await lookup('vendor', 99)).to.equal('');
      expect(errors).to.have.length(1);
      expect(String(errors[0]?.[1])).to.contain('HTTP error! Status: 404');
    });

    it("answers '' for a not-found object ({ data: null }) or one without displayText", async () => {
      stubFetch({ '/api/pfm/vendors/getVendor': (url: string) => ({ data: url.endsWith('=1') ? null : { vendorId: 2 } }) });
      expect(await lookup('vendor', 1)).to.equal('');
      expect(await lookup('vendor', 2)).to.equal('');
    });

    it('reads a bare (unwrapped) object too', async () => {
      stubFetch({ '/api/pfm/GetcostCode': { costCodeId: 5, displayText: '01-2345-67' } });
      expect(await lookup('costCode', 5)).to.equal('01-2345-67');
    });

    it('lookupObject answers the whole object', async () => {
      const project = { projectId: 12, number: 'P-12', name: 'Tower', displayText: 'P-12 Tower' };
      stubFetch({ '/api/pfm/projects/GetProjectByProjectId': { data: project } });
      expect(await lookupObject('pfm-project', 12)).to.deep.equal(project);
    });

    it('picks the matching object when a single call answers a list (changeRecordType)', async () => {
      stubFetch({ '/api/pfm/GetChangeRecordTypes': { data: [{ changeRecordTypeId: 1, displayText: 'A' }, { changeRecordTypeId: 2, displayText: 'B' }] } });
      expect(await lookup('changeRecordType', 2)).to.equal('B');
      expect(calls[0]?.url).to.equal('/api/pfm/GetChangeRecordTypes?changeRecordTypeId=2');
    });

    it('answers from the cached whole list without a request', async () => {
      stubFetch({ '/api/pfm/GetChangeReasons': { data: reasons }, '/api/pfm/GetChangeReason': { data: { changeReasonId: 3, displayText: 'Three' } } });
      await lookupList('changeReason');
      expect(calls).to.have.length(1);
      expect(await lookup('changeReason', 2)).to.equal('Design Error');
      expect(await lookup('changeReason', '1')).to.equal('Owner Request');
      expect(calls).to.have.length(1);
      // An id the list lacks still asks the single-object call.
      expect(await lookup('changeReason', 3)).to.equal('Three');
      expect(calls.map((c) => c.url)).to.deep.equal(['/api/pfm/GetChangeReasons', '/api/pfm/GetChangeReason?changeReasonId=3']);
    });

    it('finds fieldSecurity entries in the list by lookupApplicationRecordStateId', async () => {
      stubFetch({ '/api/applications/GetUserRecordFieldPermissionAll': { data: [{ lookupApplicationRecordStateId: 6, displayText: 'Approved: read only' }] } });
      await lookupList('fieldSecurity');
      expect(await lookup('fieldSecurity', 6)).to.equal('Approved: read only');
      expect(calls).to.have.length(1);
    });

    it('uses the single call again once the saved list has expired', async () => {
      stubFetch({ '/api/pfm/GetChangeReasons': { data: reasons }, '/api/pfm/GetChangeReason': { data: { changeReasonId: 2, displayText: 'Design Error (new)' } } });
      await lookupList('changeReason');
      clock = T0 + 181_000;
      expect(await lookup('changeReason', 2)).to.equal('Design Error (new)');
      expect(calls).to.have.length(2);
    });
  });

  describe('lookups of one type in one tick', () => {
    const vendors = Array.from({ length: 40 }, (_, i) => ({ vendorId: i + 1, displayText: `Vendor ${i + 1}` }));
    const vendorRoutes = (list: unknown[] = vendors) => ({
      '/api/pfm/vendors/getVendors': { data: list },
      '/api/pfm/vendors/getVendor': (url: string) => ({ data: { vendorId: Number(url.split('=')[1]), displayText: `Single ${url.split('=')[1]}` } }),
    });

    it(`batches from ${LOOKUP_BATCH_MIN} ids: 33 vendor lookups in one tick make one call, the whole list, saved in 'libraries'`, async () => {
      expect(LOOKUP_BATCH_MIN).to.equal(2);
      stubFetch(vendorRoutes());
      const ids = Array.from({ length: 33 }, (_, i) => i + 1);
      const texts = await Promise.all(ids.map((id) => lookup('vendor', id)));
      expect(texts).to.deep.equal(ids.map((id) => `Vendor ${id}`));
      expect(calls.map((c) => c.url)).to.deep.equal(['/api/pfm/vendors/getVendors']);
      expect(saved()).to.deep.equal({ vendor: { savedAt: T0, items: vendors } });
      // Later lookups answer from the saved list, repeated ids from the object cache: no request.
      expect(await Promise.all([lookup('vendor', 40), lookup('vendor', 2), lookup('vendor', '2')])).to.deep.equal(['Vendor 40', 'Vendor 2', 'Vendor 2']);
      expect(calls).to.have.length(1);
    });

    it('a lone lookup in its tick makes its single-object call, not the list', async () => {
      stubFetch(vendorRoutes());
      expect(await lookup('vendor', 5)).to.equal('Single 5');
      expect(calls.map((c) => c.url)).to.deep.equal(['/api/pfm/vendors/getVendor?vendorId=5']);
      expect(localStorage.getItem(LIBRARIES_KEY)).to.equal(null);
    });

    it('the same id asked for many times in one tick is one id (one single-object call)', async () => {
      stubFetch(vendorRoutes());
      expect(await Promise.all([lookup('vendor', 9), lookup('vendor', '9'), lookup('vendor', 9)])).to.deep.equal(['Single 9', 'Single 9', 'Single 9']);
      expect(calls).to.have.length(1);
    });

    it('ids the list lacks get their single-object call; the others come from the list', async () => {
      stubFetch(vendorRoutes(vendors.slice(0, 3)));
      expect(await Promise.all([lookup('vendor', 1), lookup('vendor', 3), lookup('vendor', 77)])).to.deep.equal(['Vendor 1', 'Vendor 3', 'Single 77']);
      expect(calls.map((c) => c.url)).to.deep.equal(['/api/pfm/vendors/getVendors', '/api/pfm/vendors/getVendor?vendorId=77']);
    });

    it('a failed list load (logged) falls back to the single-object calls', async () => {
      stubFetch({ '/api/pfm/vendors/getVendor': vendorRoutes()['/api/pfm/vendors/getVendor'] });
      expect(await Promise.all([lookup('vendor', 1), lookup('vendor', 2)])).to.deep.equal(['Single 1', 'Single 2']);
      expect(calls.map((c) => c.url)).to.deep.equal(['/api/pfm/vendors/getVendors', '/api/pfm/vendors/getVendor?vendorId=1', '/api/pfm/vendors/getVendor?vendorId=2']);
      expect(errors).to.have.length(1);
    });

    it('after the 180 s the list is loaded again for the next batch', async () => {
      stubFetch(vendorRoutes());
      await Promise.all([lookup('vendor', 1), lookup('vendor', 2)]);
      resetApi(); // forget the cached objects, keep 'libraries'
      clock = T0 + 179_000;
      await Promise.all([lookup('vendor', 3), lookup('vendor', 4)]);
      expect(calls).to.have.length(1);
      clock = T0 + 180_000;
      await Promise.all([lookup('vendor', 5), lookup('vendor', 6)]);
      expect(calls.map((c) => c.url)).to.deep.equal(['/api/pfm/vendors/getVendors', '/api/pfm/vendors/getVendors']);
    });

    it('lookups of different types in one tick batch per type; a type without a list makes one call per id', async () => {
      stubFetch({
        ...vendorRoutes(),
        '/api/pfm/GetChangeReasons': { data: reasons },
        '/api/employees/getEmployeeIncludeInactive': (url: string) => ({ data: { employeeId: 1, displayText: `E${url.split('=')[1]}` } }),
      });
      const texts = await Promise.all([lookup('vendor', 1), lookup('changeReason', 1), lookup('vendor', 2), lookup('changeReason', 2), lookup('employee', 1), lookup('employee', 2)]);
      expect(texts).to.deep.equal(['Vendor 1', 'Owner Request', 'Vendor 2', 'Design Error', 'E1', 'E2']);
      expect(calls.map((c) => c.url).sort()).to.deep.equal([
        '/api/employees/getEmployeeIncludeInactive?employeeId=1', '/api/employees/getEmployeeIncludeInactive?employeeId=2',
        '/api/pfm/GetChangeReasons', '/api/pfm/vendors/getVendors',
      ]);
    });
  });

  describe('lookupList and the libraries cache', () => {
    it(`saves the list in localStorage under '${LIBRARIES_KEY}' for ${LIBRARIES_TTL_MS} ms`, async () => {
      expect(LIBRARIES_KEY).to.equal('libraries');
      expect(LIBRARIES_TTL_MS).to.equal(180_000);
      stubFetch({ '/api/pfm/GetChangeReasons': { data: reasons } });
      expect(await lookupList('changeReason')).to.deep.equal(reasons);
      expect(calls.map((c) => c.url)).to.deep.equal(['/api/pfm/GetChangeReasons']);
      expect(saved()).to.deep.equal({ changeReason: { savedAt: T0, items: reasons } });
    });

    it('answers from the cache at 179 s and refetches at 181 s', async () => {
      stubFetch({ '/api/pfm/GetChangeReasons': { data: reasons } });
      await lookupList('changeReason');
      clock = T0 + 179_000;
      expect(await lookupList('changeReason')).to.deep.equal(reasons);
      expect(calls).to.have.length(1);
      clock = T0 + 181_000;
      expect(await lookupList('changeReason')).to.deep.equal(reasons);
      expect(calls).to.have.length(2);
      expect(saved()).to.deep.equal({ changeReason: { savedAt: T0 + 181_000, items: reasons } });
    });

    it('treats exactly 180 s as expired', async () => {
      stubFetch({ '/api/pfm/GetChangeReasons': { data: reasons } });
      await lookupList('changeReason');
      clock = T0 + 180_000;
      await lookupList('changeReason');
      expect(calls).to.have.length(2);
    });

    it('keeps other fresh types and discards expired ones when saving', async () => {
      stubFetch({ '/api/pfm/GetChangeReasons': { data: reasons }, '/api/Common/GetLegalEntities': { data: [{ legalEntityId: 1, displayText: 'LE' }] }, '/api/pfm/GetDirectCostTypes': { data: [] } });
      await lookupList('changeReason');
      clock = T0 + 100_000;
      await lookupList('legalEntity');
      expect(Object.keys(saved() as object)).to.deep.equal(['changeReason', 'legalEntity']);
      clock = T0 + 200_000; // changeReason expired, legalEntity still fresh
      await lookupList('directCostType');
      expect(Object.keys(saved() as object).sort()).to.deep.equal(['directCostType', 'legalEntity']);
    });

    it('clearLibraries removes the key, and the next call refetches', async () => {
      stubFetch({ '/api/pfm/GetChangeReasons': { data: reasons } });
      await lookupList('changeReason');
      clearLibraries();
      expect(localStorage.getItem('libraries')).to.equal(null);
      await lookupList('changeReason');
      expect(calls).to.have.length(2);
    });

    it('shares one request between concurrent calls for one list', async () => {
      stubFetch({ '/api/pfm/GetSubcontractTypes': { data: [{ subcontractTypeId: 1, displayText: 'Labor' }] } });
      const lists = await Promise.all([lookupList('subcontractType'), lookupList('subcontractType'), lookupList('subcontractType')]);
      expect(lists.map((l) => l.length)).to.deep.equal([1, 1, 1]);
      expect(calls).to.have.length(1);
    });

    for (const type of ['employee', 'pfm-budget', 'costCode', 'nope', 'toString']) {
      it(`logs 'Library Config not found or missing library ajax call' and answers [] for ${type}`, async () => {
        stubFetch({});
        expect(await lookupList(type)).to.deep.equal([]);
        expect(logged).to.deep.equal(['Library Config not found or missing library ajax call']);
        expect(calls).to.have.length(0);
      });
    }

    it('answers [] and logs with console.error when the list request fails, saving nothing', async () => {
      stubFetch({});
      expect(await lookupList('changeReason')).to.deep.equal([]);
      expect(errors).to.have.length(1);
      expect(localStorage.getItem('libraries')).to.equal(null);
    });

    it('answers [] when the list call does not answer a list', async () => {
      stubFetch({ '/api/pfm/GetChangeReasons': { data: { not: 'a list' } } });
      expect(await lookupList('changeReason')).to.deep.equal([]);
      expect(errors).to.have.length(1);
    });

    const corrupt: Record<string, string> = {
      'invalid JSON': '{not json',
      'an array': '[1,2,3]',
      'a number': '42',
      'null': 'null',
      'a string': '"libraries"',
      'an entry that is a number': '{"changeReason": 5}',
      'an entry with a text savedAt': '{"changeReason": {"savedAt": "today", "items": []}}',
      'an entry whose items are not a list': `{"changeReason": {"savedAt": ${T0}, "items": {"0": 1}}}`,
      'an entry saved in the future': `{"changeReason": {"savedAt": ${T0 + 60_000}, "items": [{"changeReasonId": 1, "displayText": "stale"}]}}`,
      'an entry with no savedAt': '{"changeReason": {"items": []}}',
    };
    for (const [what, raw] of Object.entries(corrupt)) {
      it(`treats ${what} under 'libraries' as empty and overwrites it`, async () => {
        localStorage.setItem('libraries', raw);
        stubFetch({ '/api/pfm/GetChangeReasons': { data: reasons } });
        expect(await lookupList('changeReason')).to.deep.equal(reasons);
        expect(calls).to.have.length(1);
        expect(saved()).to.deep.equal({ changeReason: { savedAt: T0, items: reasons } });
        expect(await lookup('changeReason', 1)).to.equal('Owner Request');
        expect(calls).to.have.length(1);
      });
    }

    it('still answers the list when saving fails (quota exceeded), and logs a warning', async () => {
      Storage.prototype.setItem = () => { throw new DOMException('full', 'QuotaExceededError'); };
      stubFetch({ '/api/pfm/GetChangeReasons': { data: reasons } });
      expect(await lookupList('changeReason')).to.deep.equal(reasons);
      expect(logged).to.have.length(1);
      expect(localStorage.getItem('libraries')).to.equal(null);
    });

    it('resetLookups removes the libraries key', async () => {
      localStorage.setItem('libraries', '{}');
      resetLookups();
      expect(localStorage.getItem('libraries')).to.equal(null);
    });
  });
});
