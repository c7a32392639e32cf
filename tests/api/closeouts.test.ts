/**
 * Project closeouts (demo/host/api/toolbox/closeouts.ts; rules and words: src/core/toolbox/closeout.ts):
 * the checklist computed from the data with linked blockers, the list of reachable projects, soft close
 * refused while blockers remain, a project brought to no blockers through the API then soft closed
 * (409 when stale), new costs refused on it, final close and reopen for Admins only.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { checksum } from './api-client';
import { CLOSEOUT_ITEMS, CLOSEOUT_TEXT, CLOSEOUT_API } from '../../src/core/toolbox';
import { SEED_TEAM_FACTS } from '../../demo/host/db/seed/teams';
import { useTestHost, type Row } from './support/use-host';

const { host, api, one, all } = useTestHost();

/** 26-1058: an inactive project (region 3) with no commitments, change events or direct costs; the pm is on its team. */
const READY = 20;
const checklist = async (login: string, projectId: number) => api.get(login, CLOSEOUT_API.checklist, { recordKey: 'Project', recordId: projectId });
const item = (answer: Row, id: string) => answer.items.find((i: Row) => i.id === id);

describe('closeout checklist', () => {
  it('lists every item of 24-1032 with its blockers, computed from the data and linked to their workbenches', async () => {
    const answer = await checklist('pm', 1);
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    const data = answer.body.data;
    assert.equal(data.number, '24-1032');
    assert.equal(data.closeoutState, 'Open');
    assert.deepEqual(data.items.map((i: Row) => [i.id, i.title]), CLOSEOUT_ITEMS.map((i) => [i.id, i.title]));
    assert.ok(data.items.every((i: Row) => !i.passed && i.blockers.length > 0));

    const openEvents = all(`SELECT c.changeEventId, c.number FROM change_events c JOIN application_record_states s USING (applicationRecordStateId)
      WHERE c.projectId = 1 AND s.closed = 0 ORDER BY c.number`);
    assert.deepEqual(item(data, 'change-events').blockers.map((b: Row) => b.number), openEvents.map((e) => e.number));
    assert.equal(item(data, 'change-events').blockers[0].href,
      `/pfm/projects/changemanagement?projectId=1&activeTab=change-events&workbench=ChangeEvent&recordKey=ChangeEvent&recordId=${openEvents[0]!.changeEventId}`);

    const openCosts = all(`SELECT d.number, d.amount FROM direct_costs d JOIN application_record_states s USING (applicationRecordStateId)
      WHERE d.projectId = 1 AND s.closed = 0 ORDER BY d.number`);
    assert.deepEqual(item(data, 'direct-costs').blockers.map((b: Row) => [b.number, b.amount]), openCosts.map((d) => [d.number, d.amount]));

    const missing = one('SELECT count(*) AS n FROM contract_document_tracking WHERE projectId = 1 AND required = 1 AND received = 0').n;
    assert.equal(item(data, 'contract-documents').blockers.length, missing);
    assert.deepEqual(item(data, 'projection').blockers.map((b: Row) => [b.number, b.href]), [['24-1032', '/pfm/projects/projectiongrid?projectId=1&budgetId=1']]);

    // A commitment blocker: what is left unbilled, linked to its own workbench over the commitments screen.
    const sc = item(data, 'commitments').blockers.find((b: Row) => b.recordKey === 'Subcontract');
    assert.equal(sc.href, `/pfm/projects/commitments?projectId=1&workbench=Subcontract&recordKey=Subcontract&recordId=${sc.recordId}`);
    const facts = one(`SELECT (SELECT sum(amount) FROM subcontract_items WHERE subcontractId = @id) AS items,
      (SELECT coalesce(sum(ci.amount), 0) FROM subcontract_change_order_items ci JOIN subcontract_change_orders co USING (subcontractChangeOrderId)
        JOIN application_record_states s ON s.applicationRecordStateId = co.applicationRecordStateId WHERE co.subcontractId = @id AND s.name = 'Approved') AS changes,
      (SELECT coalesce(sum(amount), 0) FROM cost_code_transactions WHERE sourceRecordKey = 'Subcontract' AND sourceRecordId = @id) AS billed,
      (SELECT retainagePercent FROM subcontracts WHERE subcontractId = @id) AS pct`, { id: sc.recordId });
    assert.equal(sc.amount, Math.round((facts.items + facts.changes - facts.billed) * 100) / 100);
    // Retainage: billed × percentage on the commitments not yet closed.
    const held = item(data, 'retainage').blockers[0];
    const heldFacts = one('SELECT coalesce(sum(amount), 0) AS billed FROM cost_code_transactions WHERE sourceRecordKey = ? AND sourceRecordId = ?', held.recordKey, held.recordId);
    const pct = one(`SELECT retainagePercent FROM ${held.recordKey === 'Subcontract' ? 'subcontracts WHERE subcontractId' : 'purchase_agreements WHERE purchaseAgreementId'} = ?`, held.recordId).retainagePercent;
    assert.equal(held.amount, Math.round(heldFacts.billed * pct) / 100);
    assert.ok(pct > 0);

    assert.equal(data.blockerCount, data.items.reduce((n: number, i: Row) => n + i.blockers.length, 0));
    assert.deepEqual(data.allowed, { softClose: false, finalClose: false, reopen: false });
  });

  it("answers 403 for a project out of the caller's reach, lists only reachable projects, and refuses callers without the access", async () => {
    const hidden = SEED_TEAM_FACTS.pmHiddenProjectIds[0];
    const refused = await checklist('pm', hidden);
    assert.equal(refused.status, 403);
    assert.equal(refused.body.projectAccess, 'notOnTeam');
    assert.equal((await checklist('admin', hidden)).status, 200);
    assert.equal((await checklist('pm', 99999)).status, 404);
    assert.equal((await api.get('pm', CLOSEOUT_API.checklist, { recordKey: 'Budget', recordId: 1 })).status, 400);

    const list = await api.get('pm', CLOSEOUT_API.list);
    assert.equal(list.status, 200);
    const ids = list.body.data.map((p: Row) => p.projectId);
    assert.ok(ids.includes(1) && ids.includes(READY));
    assert.ok(SEED_TEAM_FACTS.pmHiddenProjectIds.every((id) => !ids.includes(id)));
    const riverside = list.body.data.find((p: Row) => p.projectId === 1);
    assert.equal(riverside.blockerCount, (await checklist('pm', 1)).body.data.blockerCount);
    assert.equal(riverside.failedItems, CLOSEOUT_ITEMS.length);
    assert.equal((await api.get('admin', CLOSEOUT_API.list)).body.data.length, one('SELECT count(*) AS n FROM projects').n);

    assert.equal((await api.get('employee', CLOSEOUT_API.list)).status, 403);
    assert.equal((await checklist('viewer', 1)).status, 403);
  });
});

describe('soft close, final close, reopen', () => {
  it('refuses a soft close while blockers remain (400 autoAlert naming them), writing nothing', async () => {
    const before = checksum(host, ['projects', 'project_closeout_events']);
    const answer = await api.post('pm', CLOSEOUT_API.softClose, { ProjectId: 1, OldCloseoutState: 'Open', Reason: 'done' });
    assert.equal(answer.status, 400);
    assert.equal(answer.body.autoAlert, true);
    const data = (await checklist('pm', 1)).body.data;
    assert.equal(answer.body.message, CLOSEOUT_TEXT.blockersRemain('24-1032', data.blockerCount, data.items.map((i: Row) => `${i.title}: ${i.blockers.length}`)));
    assert.deepEqual(answer.body.blockers.map((b: Row) => b.id), CLOSEOUT_ITEMS.map((i) => i.id));
    assert.equal(checksum(host, ['projects', 'project_closeout_events']), before);
  });

  it('brings a project to no blockers through the API, soft closes it, refuses new costs, final closes (Admin) and reopens (Admin)', async () => {
    let data = (await checklist('pm', READY)).body.data;
    // No commitments, change events or direct costs: only its documents (and, unless its budget is locked, the projection).
    const failing = data.items.filter((i: Row) => !i.passed).map((i: Row) => i.id);
    assert.ok(failing.includes('contract-documents') && failing.every((id: string) => ['projection', 'contract-documents'].includes(id)), failing.join());
    for (const blocker of item(data, 'projection').blockers) {
      assert.equal((await api.post('pm', '/api/pfm/SubmitProjections', { BudgetId: blocker.recordId })).status, 200);
    }
    for (const blocker of item(data, 'contract-documents').blockers) {
      const received = await api.post('pm', CLOSEOUT_API.receiveDocument, { ContractDocumentTrackingId: blocker.contractDocumentTrackingId, ReceivedDate: '2026-11-02' });
      assert.equal(received.status, 200, JSON.stringify(received.body));
    }
    assert.equal(one('SELECT count(*) AS n FROM contract_document_tracking WHERE projectId = ? AND receivedDate = ?', READY, '2026-11-02').n,
      item(data, 'contract-documents').blockers.length);
    assert.equal((await api.post('pm', CLOSEOUT_API.receiveDocument, { ContractDocumentTrackingId: 1, ReceivedDate: '2026-02-30' })).status, 400);
    data = (await checklist('pm', READY)).body.data;
    assert.equal(data.blockerCount, 0);
    assert.ok(data.items.every((i: Row) => i.passed));
    assert.deepEqual(data.allowed, { softClose: true, finalClose: false, reopen: false });

    // A reason is required; a stale state is a 409.
    assert.equal((await api.post('pm', CLOSEOUT_API.softClose, { ProjectId: READY, OldCloseoutState: 'Open', Reason: '  ' })).body.message, CLOSEOUT_TEXT.reasonRequired);
    assert.equal((await api.post('pm', CLOSEOUT_API.softClose, { ProjectId: READY, OldCloseoutState: 'Soft Closed', Reason: 'x' })).status, 409);

    const closed = await api.post('pm', CLOSEOUT_API.softClose, { ProjectId: READY, OldCloseoutState: 'Open', Reason: 'All billed and documented.' });
    assert.equal(closed.status, 200, JSON.stringify(closed.body));
    assert.equal(closed.body.data.closeoutState, 'Soft Closed');
    assert.equal(closed.body.data.softClosedByName, one("SELECT displayText FROM employees WHERE login = 'pm'").displayText);
    assert.deepEqual(all('SELECT action, fromState, toState, reason FROM project_closeout_events WHERE projectId = ?', READY),
      [{ action: 'softClose', fromState: 'Open', toState: 'Soft Closed', reason: 'All billed and documented.' }]);
    // The same again: stale, naming who moved it.
    const again = await api.post('admin', CLOSEOUT_API.softClose, { ProjectId: READY, OldCloseoutState: 'Open', Reason: 'x' });
    assert.equal(again.status, 409);
    assert.match(again.body.message, /Soft Closed \(changed by .+\)/);

    // No new costs.
    const project = one('SELECT number, name, budgetId FROM projects WHERE projectId = ?', READY);
    const line = one('SELECT costCodeId FROM cost_codes WHERE budgetId = ? ORDER BY costCodeId LIMIT 1', project.budgetId).costCodeId;
    const tables = ['direct_costs', 'direct_cost_items', 'cost_adjustments', 'cost_adjustment_items'];
    const before = checksum(host, tables);
    const cost = await api.post('pm', '/api/pfm/CreateDirectCost', {
      ProjectId: READY, directCostDate: '2026-10-15', directCostTypeId: 3, description: 'Late permit', amount: '100',
      'items[0].costCodeId': line, 'items[0].description': 'Permit', 'items[0].amount': '100',
    });
    assert.equal(cost.status, 400);
    assert.equal(cost.body.autoAlert, true);
    assert.equal(cost.body.message, CLOSEOUT_TEXT.takesNoCosts(project.number, project.name, 'Soft Closed'));
    const adjustment = await api.post('pm', '/api/pfm/CreateCostAdjustment', {
      ProjectId: READY, BudgetId: project.budgetId, CostAdjustmentReasonId: 1, Description: 'Late', Amount: '10',
    });
    assert.equal(adjustment.status, 400);
    assert.equal(adjustment.body.message, CLOSEOUT_TEXT.takesNoCosts(project.number, project.name, 'Soft Closed'));
    assert.equal(checksum(host, tables), before);

    // Commitment items on a closed project are refused too (no commitment has project READY: set 24-1032's state for a moment).
    host.db.prepare("UPDATE projects SET closeoutState = 'Soft Closed' WHERE projectId = 1").run();
    try {
      const sc = one("SELECT subcontractId, applicationRecordStateId, budgetId FROM subcontracts WHERE projectId = 1 ORDER BY subcontractId LIMIT 1");
      const scLine = one('SELECT costCodeId FROM cost_codes WHERE budgetId = ? ORDER BY costCodeId LIMIT 1', sc.budgetId).costCodeId;
      const items = checksum(host, ['subcontract_items']);
      const grown = await api.post('pm', '/api/pfm/SaveCommitment', {
        RecordKey: 'Subcontract', RecordId: sc.subcontractId, OldRecordStateId: sc.applicationRecordStateId,
        'items[0].costCodeId': scLine, 'items[0].description': 'Extra', 'items[0].amount': '10',
      });
      assert.equal(grown.status, 400);
      assert.equal(grown.body.message, CLOSEOUT_TEXT.takesNoCosts('24-1032', one('SELECT name FROM projects WHERE projectId = 1').name, 'Soft Closed'));
      assert.equal(checksum(host, ['subcontract_items']), items);
    } finally {
      host.db.prepare("UPDATE projects SET closeoutState = 'Open' WHERE projectId = 1").run();
    }

    // Final close and reopen: Admin only.
    const pmFinal = await api.post('pm', CLOSEOUT_API.finalClose, { ProjectId: READY, OldCloseoutState: 'Soft Closed', Reason: 'x' });
    assert.equal(pmFinal.status, 403);
    assert.equal(pmFinal.body.message, CLOSEOUT_TEXT.finalNeedsAdmin);
    const final = await api.post('admin', CLOSEOUT_API.finalClose, { ProjectId: READY, OldCloseoutState: 'Soft Closed', Reason: 'Audited.' });
    assert.equal(final.status, 200);
    assert.equal(final.body.data.closeoutState, 'Final Closed');
    assert.deepEqual(final.body.data.allowed, { softClose: false, finalClose: false, reopen: true });
    assert.equal((await api.post('admin', CLOSEOUT_API.finalClose, { ProjectId: READY, OldCloseoutState: 'Final Closed', Reason: 'x' })).status, 400);
    assert.equal((await api.post('pm', CLOSEOUT_API.reopen, { ProjectId: READY, OldCloseoutState: 'Final Closed', Reason: 'x' })).body.message, CLOSEOUT_TEXT.reopenNeedsAdmin);
    const reopened = await api.post('admin', CLOSEOUT_API.reopen, { ProjectId: READY, OldCloseoutState: 'Final Closed', Reason: 'Warranty claim.' });
    assert.equal(reopened.status, 200);
    assert.equal(reopened.body.data.closeoutState, 'Open');
    assert.equal(reopened.body.data.softClosedAt, null);
    assert.deepEqual(reopened.body.data.events.map((e: Row) => e.action), ['reopen', 'finalClose', 'softClose']);
    // Open again: costs are taken.
    const taken = await api.post('pm', '/api/pfm/CreateDirectCost', {
      ProjectId: READY, directCostDate: '2026-10-15', directCostTypeId: 3, description: 'Warranty repair', amount: '100',
      'items[0].costCodeId': line, 'items[0].description': 'Repair', 'items[0].amount': '100',
    });
    assert.equal(taken.status, 200, JSON.stringify(taken.body));
  });
});
