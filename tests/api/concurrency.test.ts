/**
 * Issue 16, optimistic concurrency: 50 parallel writes made from the same stale view of one record
 * (the same OldRecordStateId or version) give exactly 1 success and 49 refusals with 409, for every
 * application record kind with a state-update call and every save that carries a version. A kind's
 * record and move come from the seed: records in a state with an advancement (state_advancements);
 * a candidate the business rules refuse (400: all 50 refused alike) gives way to the next one.
 * One host for the file.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { TIME_OFF_API } from '../../src/core/time-off/contract';
import { TIMECARD_API } from '../../src/core/timecards/contract';
import { RISK_API } from '../../src/core/risk/contract';
import { useTestHost } from './support/use-host';

const { host } = useTestHost();

const PARALLEL = 50;

async function post(login: string, path: string, fields: Record<string, string | number>): Promise<{ status: number; body: { message?: string } | undefined }> {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, String(value));
  const response = await fetch(host.url + path, { method: 'POST', headers: { authorization: `Bearer ${await host.tokenFor(login)}` }, body });
  const text = await response.text();
  let parsed;
  try { parsed = JSON.parse(text); } catch { parsed = undefined; }
  return { status: response.status, body: parsed };
}

/** Fire PARALLEL copies of one write at once; the statuses, counted. */
async function race(login: string, path: string, fields: Record<string, string | number>): Promise<Map<number, number>> {
  await host.tokenFor(login);
  const answers = await Promise.all(Array.from({ length: PARALLEL }, () => post(login, path, fields)));
  const counts = new Map<number, number>();
  for (const answer of answers) counts.set(answer.status, (counts.get(answer.status) ?? 0) + 1);
  return counts;
}

const verdict = (counts: Map<number, number>): string => [...counts].sort((a, b) => a[0] - b[0]).map(([s, n]) => `${n}×${s}`).join(', ');

interface StateKind {
  key: string;
  table: string;
  id: string;
  path: string;
  login?: string;
  /** Extra fields (RecordKey, a reason). */
  extra?: Record<string, string>;
  /** Which records may race (SQL over `x`), when some moves do not change the state. */
  where?: string;
}

const COMMITMENT = '/api/pfm/UpdateCommitmentState';
const STATE_KINDS: StateKind[] = [
  { key: 'ChangeRecord', table: 'change_records', id: 'changeRecordId', path: '/api/pfm/UpdateChangeRecordState' },
  { key: 'ChangeEvent', table: 'change_events', id: 'changeEventId', path: '/api/pfm/UpdateChangeEventState' },
  { key: 'ChangeEventItem', table: 'change_event_items', id: 'changeEventItemId', path: '/api/pfm/UpdateChangeEventItemState' },
  { key: 'Subcontract', table: 'subcontracts', id: 'subcontractId', path: COMMITMENT, extra: { RecordKey: 'Subcontract' } },
  { key: 'SubcontractChangeOrder', table: 'subcontract_change_orders', id: 'subcontractChangeOrderId', path: COMMITMENT, extra: { RecordKey: 'SubcontractChangeOrder' } },
  { key: 'PurchaseAgreement', table: 'purchase_agreements', id: 'purchaseAgreementId', path: COMMITMENT, extra: { RecordKey: 'PurchaseAgreement' } },
  { key: 'PurchaseAgreementChangeOrder', table: 'purchase_agreement_change_orders', id: 'purchaseAgreementChangeOrderId', path: COMMITMENT, extra: { RecordKey: 'PurchaseAgreementChangeOrder' } },
  { key: 'PurchaseOrder', table: 'purchase_orders', id: 'purchaseOrderId', path: COMMITMENT, extra: { RecordKey: 'PurchaseOrder' } },
  { key: 'OwnerAgreement', table: 'owner_agreements', id: 'ownerAgreementId', path: COMMITMENT, extra: { RecordKey: 'OwnerAgreement' } },
  { key: 'OwnerAgreementChangeOrder', table: 'owner_agreement_change_orders', id: 'ownerAgreementChangeOrderId', path: COMMITMENT, extra: { RecordKey: 'OwnerAgreementChangeOrder' } },
  { key: 'DirectCost', table: 'direct_costs', id: 'directCostId', path: '/api/pfm/UpdateDirectCostState', extra: { Reason: 'Concurrency check' } },
  { key: 'CostAdjustment', table: 'cost_adjustments', id: 'costAdjustmentId', path: '/api/pfm/UpdateCostAdjustmentState' },
  { key: 'Survey', table: 'surveys', id: 'surveyId', path: '/api/pfm/UpdateSurveyState' },
  { key: 'PtoRequest', table: 'time_off_requests', id: 'requestId', path: TIME_OFF_API.updateRequestState, extra: { reason: 'Concurrency check' } },
  { key: 'Timecard', table: 'weekly_timecards', id: 'timecardId', path: TIMECARD_API.updateTimecardState, extra: { reason: 'Concurrency check' } },
  { key: 'SlimRequest', table: 'slim_requests', id: 'requestId', path: RISK_API.updateSlimRequestState, extra: { note: 'Concurrency check' } },
  // A High SRA's first approval leaves it Submitted (a second approver is needed): the others are refused, not stale.
  { key: 'Sra', table: 'sras', id: 'sraId', path: RISK_API.updateSraState, extra: { reason: 'Concurrency check' }, where: "x.level <> 'High'" },
];

/** Records of the kind in a state with an advancement, with that move: (record, from, to), a few per state. */
function candidates(kind: StateKind): Array<{ itemId: number; from: number; to: number }> {
  return host.db.prepare(`SELECT x.${kind.id} AS itemId, x.applicationRecordStateId AS "from", a.targetApplicationRecordStateId AS "to"
    FROM ${kind.table} x JOIN state_advancements a ON a.applicationRecordStateId = x.applicationRecordStateId
    JOIN application_record_states s ON s.applicationRecordStateId = x.applicationRecordStateId
    WHERE s.applicationRecordKey = ? ${kind.where ? `AND ${kind.where}` : ''} ORDER BY x.${kind.id} DESC, a.displayOrder LIMIT 60`).all(kind.key) as Array<{ itemId: number; from: number; to: number }>;
}

describe('50 parallel stale writes to one record: exactly 1 success and 49 × 409 (issue 16)', () => {
  it('every state update, per record kind', async () => {
    // The seed's subcontract change orders are all Approved (no move left): one goes back to Draft.
    host.db.prepare(`UPDATE subcontract_change_orders SET applicationRecordStateId = (SELECT applicationRecordStateId FROM application_record_states
      WHERE applicationRecordKey = 'SubcontractChangeOrder' AND name = 'Draft') WHERE subcontractChangeOrderId = (SELECT min(subcontractChangeOrderId) FROM subcontract_change_orders)`).run();
    const failures: string[] = [];
    const tried: string[] = [];
    for (const kind of STATE_KINDS) {
      let done = false;
      let tries = 0;
      for (const candidate of candidates(kind)) {
        if (++tries > 12) break;
        const counts = await race(kind.login ?? 'admin', kind.path, {
          ItemId: candidate.itemId, OldRecordStateId: candidate.from, RouteStateId: candidate.to, ...kind.extra,
        });
        const successes = [...counts].filter(([s]) => s >= 200 && s < 300).reduce((n, [, c]) => n + c, 0);
        if (successes === 0 && !counts.has(500)) continue; // the business rules refuse this move: the next candidate
        tried.push(`${kind.key}: ${verdict(counts)}`);
        if (successes !== 1 || counts.get(409) !== PARALLEL - 1) failures.push(`${kind.key} #${candidate.itemId} ${candidate.from}→${candidate.to}: ${verdict(counts)}`);
        done = true;
        break;
      }
      if (!done) failures.push(`${kind.key}: no candidate move succeeded`);
    }
    assert.deepEqual(failures, [], tried.join('\n'));
  });

  it('every versioned save: timecard, SRA, document template', async () => {
    const failures: string[] = [];
    // A timecard: the employee's Draft card at its version (lines as they are: none sent keeps none).
    const card = host.db.prepare(`SELECT t.timecardId, t.version FROM weekly_timecards t JOIN application_record_states s USING (applicationRecordStateId)
      JOIN employees e ON e.employeeId = t.employeeId WHERE e.login = 'employee' AND s.name = 'Draft' ORDER BY t.weekStart DESC LIMIT 1`).get() as { timecardId: number; version: number };
    const sra = host.db.prepare(`SELECT t.sraId, t.version FROM sras t JOIN application_record_states s USING (applicationRecordStateId)
      WHERE s.name = 'Draft' ORDER BY t.sraId LIMIT 1`).get() as { sraId: number; version: number };
    const template = host.db.prepare('SELECT documentTemplateId, version, title, recordKey, body FROM document_templates ORDER BY documentTemplateId LIMIT 1').get() as
      { documentTemplateId: number; version: number; title: string; recordKey: string; body: string };
    const saves: Array<[string, string, string, Record<string, string | number>]> = [
      ['Timecard', 'employee', TIMECARD_API.saveTimecard, { timecardId: card.timecardId, version: card.version }],
      ['Sra', 'admin', RISK_API.saveSra, { sraId: sra.sraId, version: sra.version, description: 'Concurrency check' }],
      ['DocumentTemplate', 'admin', '/api/pfm/documents/SaveDocumentTemplate', {
        DocumentTemplateId: template.documentTemplateId, Version: template.version, Title: `${template.title} (checked)`, RecordKey: template.recordKey, Body: template.body, Active: 'true',
      }],
    ];
    for (const [what, login, path, fields] of saves) {
      const counts = await race(login, path, fields);
      const successes = [...counts].filter(([s]) => s >= 200 && s < 300).reduce((n, [, c]) => n + c, 0);
      if (successes !== 1 || counts.get(409) !== PARALLEL - 1) failures.push(`${what}: ${verdict(counts)}`);
    }
    assert.deepEqual(failures, []);
  });

  it('the saves that do not move the state, sent with lastLoad (change records, events, items, commitments, direct costs, cost adjustments)', async () => {
    const failures: string[] = [];
    /** The newest record of the table in one of the states (an editable one), with its modifiedAt. */
    const pick = (table: string, id: string, key: string, states: string[]) => host.db.prepare(`SELECT x.${id} AS id, x.modifiedAt FROM ${table} x
      JOIN application_record_states s USING (applicationRecordStateId) WHERE s.applicationRecordKey = ? AND s.name IN (${states.map(() => '?').join(', ')})
      ORDER BY x.${id} DESC LIMIT 1`).get(key, ...states) as { id: number; modifiedAt: string };
    const saves: Array<[string, string, (r: { id: number }) => Record<string, string | number>, ReturnType<typeof pick>]> = [
      ['ChangeRecord', '/api/pfm/SaveChangeRecord', (r) => ({ ChangeRecordId: r.id, description: 'Concurrency check' }), pick('change_records', 'changeRecordId', 'ChangeRecord', ['Draft'])],
      ['ChangeEvent', '/api/pfm/SaveChangeEvent', (r) => ({ ChangeEventId: r.id, description: 'Concurrency check' }), pick('change_events', 'changeEventId', 'ChangeEvent', ['Open'])],
      ['ChangeEventItem', '/api/pfm/SaveChangeEventItem', (r) => ({ ChangeEventItemId: r.id, description: 'Concurrency check' }), pick('change_event_items', 'changeEventItemId', 'ChangeEventItem', ['Open'])],
      ['Subcontract', '/api/pfm/SaveCommitment', (r) => ({ RecordKey: 'Subcontract', RecordId: r.id, description: 'Concurrency check' }), pick('subcontracts', 'subcontractId', 'Subcontract', ['Draft'])],
      ['DirectCost', '/api/pfm/SaveDirectCost', (r) => ({ DirectCostId: r.id, description: 'Concurrency check' }), pick('direct_costs', 'directCostId', 'DirectCost', ['Draft'])],
      ['CostAdjustment', '/api/pfm/SaveCostAdjustment', (r) => ({ CostAdjustmentId: r.id, description: 'Concurrency check' }), pick('cost_adjustments', 'costAdjustmentId', 'CostAdjustment', ['Open'])],
    ];
    for (const [what, path, fields, record] of saves) {
      const counts = await race('admin', path, { ...fields(record), lastLoad: record.modifiedAt });
      const successes = [...counts].filter(([s]) => s >= 200 && s < 300).reduce((n, [, c]) => n + c, 0);
      if (successes !== 1 || counts.get(409) !== PARALLEL - 1) failures.push(`${what} #${record.id}: ${verdict(counts)}`);
    }
    assert.deepEqual(failures, []);
  });
});
