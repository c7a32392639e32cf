/** The BI, AI and search services (issue 12): each checks its own token audience; what each answers, by role, against the database. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { TokenResource } from './support/host';
import { SERVICE_ROUTES } from '../../demo/host/api/services/index';
import { useTestHost, type Row } from './support/use-host';

const { host } = useTestHost();

async function get(login: string, resource: TokenResource, path: string, query: Record<string, string | number> = {}): Promise<{ status: number; body: Row }> {
  const url = new URL(host.url + path);
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, String(value));
  const response = await fetch(url, { headers: { authorization: `Bearer ${await host.tokenFor(login, resource)}` } });
  return { status: response.status, body: (await response.json()) as Row };
}

const SERVICES = [
  { resource: 'bi', path: '/bi/reports/run', query: { report: 'committed-cost', recordKey: 'Project', recordId: 1 } },
  { resource: 'ai', path: '/ai/pfm/getchatbotcostprojections', query: { recordKey: 'Budget', recordId: 1 } },
  { resource: 'search', path: '/search/query', query: { q: 'Riverside' } },
] as const;

describe('services: token audiences', () => {
  it('every service route is listed', () => {
    assert.deepEqual([...SERVICE_ROUTES].sort(), ['GET /ai/pfm/getchatbotcostprojections', 'GET /bi/reports', 'GET /bi/reports/run', 'GET /search/query']);
  });

  for (const service of SERVICES) {
    it(`${service.resource}: its own token is accepted; an API token, another service's token and no token are refused with 401`, async () => {
      assert.equal((await get('pm', service.resource, service.path, service.query)).status, 200);
      const api = await get('pm', 'api', service.path, service.query);
      assert.equal(api.status, 401);
      assert.equal(api.body.message, 'Unauthorized');
      const other = service.resource === 'search' ? 'ai' : 'search';
      assert.equal((await get('pm', other, service.path, service.query)).status, 401);
      assert.equal((await fetch(`${host.url}${service.path}`)).status, 401);
    });
    it(`/api refuses a ${service.resource} token with 401`, async () => {
      assert.equal((await get('pm', service.resource, '/api/pfm/getprojects')).status, 401);
      assert.equal((await get('pm', 'api', '/api/pfm/getprojects')).status, 200);
    });
  }

  it('an unknown service path is a JSON 404 after the token check', async () => {
    assert.equal((await get('pm', 'bi', '/bi/nothing')).status, 404);
    assert.equal((await get('pm', 'api', '/bi/nothing')).status, 401);
  });

  it('the getchatbotcostprojections load moved from /api to the AI service', async () => {
    assert.equal((await get('pm', 'api', '/api/pfm/getchatbotcostprojections', { recordKey: 'Budget', recordId: 1 })).status, 404);
  });
});

describe('search service', () => {
  it('pm finds projects, vendors, commitments, change events and owner agreements by number or name; employee (no keyPFM) finds nothing', async () => {
    const project = host.db.prepare('SELECT projectId, number, name FROM projects WHERE projectId = 1').get() as Row;
    const byName = await get('pm', 'search', '/search/query', { q: project.name.slice(0, 9) });
    assert.equal(byName.status, 200);
    assert.ok(byName.body.data.results.some((r: Row) => r.kind === 'project' && r.id === 1 && r.number === project.number), JSON.stringify(byName.body).slice(0, 300));
    const employee = await get('employee', 'search', '/search/query', { q: project.name.slice(0, 9) });
    assert.equal(employee.status, 200);
    assert.deepEqual(employee.body.data.results, []);

    const sc = host.db.prepare('SELECT subcontractId, number, projectId, budgetId FROM subcontracts ORDER BY subcontractId LIMIT 1').get() as Row;
    const bySc = (await get('pm', 'search', '/search/query', { q: sc.number })).body.data.results as Row[];
    assert.deepEqual(bySc.filter((r) => r.kind === 'subcontract')[0], {
      ...bySc.find((r) => r.kind === 'subcontract' && r.id === sc.subcontractId), kind: 'subcontract', id: sc.subcontractId, number: sc.number, projectId: sc.projectId, budgetId: sc.budgetId,
    });
    const ce = host.db.prepare('SELECT changeEventId, number, title FROM change_events ORDER BY changeEventId LIMIT 1').get() as Row;
    const byCe = (await get('pm', 'search', '/search/query', { q: ce.title })).body.data.results as Row[];
    assert.ok(byCe.some((r) => r.kind === 'changeEvent' && r.id === ce.changeEventId && r.name === ce.title));
    const oa = host.db.prepare('SELECT ownerAgreementId, number, ownerName FROM owner_agreements ORDER BY ownerAgreementId LIMIT 1').get() as Row;
    const byOa = (await get('pm', 'search', '/search/query', { q: oa.ownerName })).body.data.results as Row[];
    assert.ok(byOa.some((r) => r.kind === 'ownerAgreement' && r.id === oa.ownerAgreementId));
    const vendor = host.db.prepare('SELECT v.vendorId, v.name FROM vendors v WHERE v.vendorId IN (SELECT vendorId FROM subcontracts) ORDER BY v.vendorId LIMIT 1').get() as Row;
    const byVendor = (await get('pm', 'search', '/search/query', { q: vendor.name })).body.data.results as Row[];
    assert.ok(byVendor.some((r) => r.kind === 'vendor' && r.id === vendor.vendorId && r.projectId > 0));
  });

  it('at most 5 per kind; % and _ match themselves; 1 character or over 100 is a 400', async () => {
    const many = (await get('pm', 'search', '/search/query', { q: 'SC' })).body.data.results as Row[];
    assert.equal(many.filter((r) => r.kind === 'subcontract').length, 5);
    assert.deepEqual((await get('pm', 'search', '/search/query', { q: '%%' })).body.data.results, []);
    assert.equal((await get('pm', 'search', '/search/query', { q: 'a' })).status, 400);
    assert.equal((await get('pm', 'search', '/search/query', { q: 'a'.repeat(101) })).status, 400);
  });
});

describe('BI service', () => {
  it('committed cost of project 1: one row per commitment and the totals, from the database', async () => {
    const answer = await get('pm', 'bi', '/bi/reports/run', { report: 'committed-cost', recordKey: 'Project', recordId: 1 });
    assert.equal(answer.status, 200);
    const { header, rows } = answer.body.data as { header: string[]; rows: Row[][] };
    assert.deepEqual(header, ['Kind', 'Number', 'Vendor', 'Description', 'State', 'Original Amount', 'Approved Changes', 'Current Amount']);
    const count = (table: string) => (host.db.prepare(`SELECT count(*) AS n FROM ${table} WHERE projectId = 1`).get() as Row).n as number;
    assert.equal(rows.length, count('subcontracts') + count('purchase_agreements') + count('purchase_orders') + 1);
    const items = (host.db.prepare(`SELECT
        (SELECT coalesce(sum(i.amount), 0) FROM subcontract_items i JOIN subcontracts s USING (subcontractId) WHERE s.projectId = 1)
      + (SELECT coalesce(sum(i.amount), 0) FROM purchase_agreement_items i JOIN purchase_agreements s USING (purchaseAgreementId) WHERE s.projectId = 1)
      + (SELECT coalesce(sum(i.amount), 0) FROM purchase_order_items i JOIN purchase_orders s USING (purchaseOrderId) WHERE s.projectId = 1) AS total`).get() as Row).total as number;
    const totalRow = rows.at(-1)!;
    assert.equal(totalRow[0], 'Total');
    assert.equal(totalRow[5], Math.round(items * 100) / 100);
  });

  it('cost code transactions of budget 1: every transaction, by date, and the amount total', async () => {
    const { rows } = (await get('pm', 'bi', '/bi/reports/run', { report: 'cost-code-transactions', recordKey: 'Budget', recordId: 1 })).body.data as { rows: Row[][] };
    const db = host.db.prepare('SELECT count(*) AS n, sum(amount) AS total, min(transactionDate) AS first FROM cost_code_transactions WHERE budgetId = 1').get() as Row;
    assert.equal(rows.length, db.n + 1);
    assert.equal(rows[0]![0], db.first);
    assert.equal(rows.at(-1)![8], Math.round(db.total * 100) / 100);
  });

  it('refuses the employee (PFM access rule: 403), an unknown report and a missing scope (400)', async () => {
    assert.equal((await get('employee', 'bi', '/bi/reports/run', { report: 'committed-cost', recordKey: 'Project', recordId: 1 })).status, 403);
    assert.equal((await get('pm', 'bi', '/bi/reports/run', { report: 'nope', recordKey: 'Project', recordId: 1 })).status, 400);
    assert.equal((await get('pm', 'bi', '/bi/reports/run', { report: 'committed-cost' })).status, 400);
    assert.equal((await get('pm', 'bi', '/bi/reports/run', { report: 'committed-cost', recordKey: 'Project', recordId: 99999 })).status, 404);
  });
});

describe('AI service', () => {
  it('per line of budget 1: burn rate of Aug–Oct 2026 × months left to the project completion, as in the database', async () => {
    const answer = await get('pm', 'ai', '/ai/pfm/getchatbotcostprojections', { recordKey: 'Budget', recordId: 1 });
    assert.equal(answer.status, 200);
    const lines = answer.body.data as Row[];
    const expected = host.db.prepare(`SELECT cc.costCodeId, p.completionDate,
        coalesce((SELECT sum(amount) FROM cost_code_transactions x WHERE x.costCodeId = cc.costCodeId AND x.kind = 'actual'
          AND x.transactionDate >= '2026-08-01' AND x.transactionDate < '2026-11-01'), 0) AS spent
      FROM cost_codes cc JOIN budgets b USING (budgetId) JOIN projects p ON p.projectId = b.projectId WHERE cc.budgetId = 1 ORDER BY cc.costCodeId`).all() as Row[];
    assert.equal(lines.length, expected.length);
    const completion = String(expected[0]!.completionDate);
    const monthsLeft = (Number(completion.slice(0, 4)) - 2026) * 12 + Number(completion.slice(5, 7)) - 11 + 1;
    assert.ok(monthsLeft > 0, completion);
    let burning = 0;
    for (const row of expected) {
      const line = lines.find((l) => l.costCodeId === row.costCodeId)!;
      const burn = Math.round(Math.max(0, row.spent / 3) * 100) / 100;
      assert.equal(line.burnRate, burn, `line ${row.costCodeId}`);
      assert.equal(line.monthsLeft, monthsLeft);
      assert.equal(line.suggestedCostToComplete, Math.round(burn * monthsLeft * 100) / 100);
      assert.equal(line.month, '2026-11');
      assert.match(line.explanation, /Aug 2026 – Oct 2026/);
      if (burn > 0) burning++;
    }
    assert.ok(burning > 0, 'some line burned money in the window');
  });

  it('refuses the employee (403) and a missing scope (400)', async () => {
    assert.equal((await get('employee', 'ai', '/ai/pfm/getchatbotcostprojections', { recordKey: 'Budget', recordId: 1 })).status, 403);
    assert.equal((await get('pm', 'ai', '/ai/pfm/getchatbotcostprojections')).status, 400);
  });
});
