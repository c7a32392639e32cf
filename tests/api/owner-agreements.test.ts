/**
 * Owner agreement writes (pfm/commitments/writes.ts): header saves of owner agreements and their change
 * orders under field security, and new owner change orders.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { checksum, stateId, type Form } from './api-client';
import { useTestHost, type Row } from './support/use-host';

const { host, api, one } = useTestHost();

const TABLES = ['owner_agreements', 'owner_agreement_change_orders', 'change_tracking'];
const invalidOf = (body: Row) => (body.data as Row[]).filter((f) => f.integerValue === 1).map((f) => [f.stringValue, f.message]);

/** Project 1's owner agreement (Executed in the seed). */
const agreement = () => one('SELECT * FROM owner_agreements WHERE projectId = 1');
/** A change order of project 1's agreement in state `name`, made for the test. */
function changeOrderIn(name: string): Row {
  const oa = agreement();
  const id = Number(host.db.prepare(`INSERT INTO owner_agreement_change_orders (ownerAgreementId, budgetId, number, description, amount, applicationRecordStateId,
    changeOrderDate, displayText, modifiedAt) VALUES (?, ?, ?, 'Test change order', 0, ?, '2026-10-01', 'test', '2026-11-01T00:00:00.000Z')`)
    .run(oa.ownerAgreementId, oa.budgetId, `T-${name}`, stateId(host, 'OwnerAgreementChangeOrder', name)).lastInsertRowid);
  return one('SELECT * FROM owner_agreement_change_orders WHERE ownerAgreementChangeOrderId = ?', id);
}

/** A SaveCommitment of `form`, which names `parameter`, no field of the record: refused at that name (400), nothing written. */
async function expectUnknownParameterRefused(form: Form, parameter: string): Promise<void> {
  const before = checksum(host, TABLES);
  const answer = await api.post('pm', '/api/pfm/SaveCommitment', form);
  assert.deepEqual([answer.status, answer.body.parameter], [400, parameter]);
  assert.equal(checksum(host, TABLES), before);
}

describe('SaveCommitment: owner agreement headers', () => {
  it('an executed owner agreement: description, contract type and executed date are saved; the contract amount is not a field', async () => {
    const oa = agreement();
    // The contract amount is not a parameter of the save: sending it is refused (an unknown name), nothing written.
    await expectUnknownParameterRefused({
      RecordKey: 'OwnerAgreement', RecordId: oa.ownerAgreementId, description: 'Prime contract (amended)', contractAmount: '1',
    }, 'contractAmount');
    const answer = await api.post('pm', '/api/pfm/SaveCommitment', {
      RecordKey: 'OwnerAgreement', RecordId: oa.ownerAgreementId, OldRecordStateId: oa.applicationRecordStateId,
      description: 'Prime contract (amended)', contractType: 'GMP', executedDate: '2025-04-30',
    });
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    const { record, feedback } = answer.body.data;
    assert.equal(record.description, 'Prime contract (amended)');
    assert.equal(record.contractType, 'GMP');
    assert.equal(record.executedDate, '2025-04-30');
    assert.equal(record.contractAmount, oa.contractAmount);
    assert.deepEqual(feedback, []);
    assert.equal(agreement().contractAmount, oa.contractAmount);
    // The executed date may be emptied.
    const cleared = await api.post('pm', '/api/pfm/SaveCommitment', { RecordKey: 'OwnerAgreement', RecordId: oa.ownerAgreementId, executedDate: '' });
    assert.equal(cleared.status, 200, JSON.stringify(cleared.body));
    assert.equal(cleared.body.data.record.executedDate, null);
  });

  it('400 feedback per field: required description, a contract type of the list, a calendar date; nothing is written', async () => {
    const oa = agreement();
    const before = checksum(host, TABLES);
    const answer = await api.post('pm', '/api/pfm/SaveCommitment', {
      RecordKey: 'OwnerAgreement', RecordId: oa.ownerAgreementId, description: '  ', contractType: 'Handshake', executedDate: '2026-02-30',
    });
    assert.equal(answer.status, 400);
    assert.deepEqual(invalidOf(answer.body), [
      ['description', 'A description is required.'],
      ['contractType', 'contractType must be one of: GMP, Lump Sum, Cost Plus Fee.'],
      ['executedDate', 'executedDate must be a date (YYYY-MM-DD) on or after 1990-01-01.'],
    ]);
    assert.equal(checksum(host, TABLES), before);
  });

  it('items are refused: an owner agreement has header fields only', async () => {
    const oa = agreement();
    const answer = await api.post('pm', '/api/pfm/SaveCommitment', {
      RecordKey: 'OwnerAgreement', RecordId: oa.ownerAgreementId, 'items[0].costCodeId': 1, 'items[0].description': 'x', 'items[0].amount': '1',
    });
    assert.equal(answer.status, 400);
    assert.deepEqual(invalidOf(answer.body), [['items', 'An owner agreement has no items: only its header fields are saved.']]);
  });

  it('a closed owner agreement refuses every field', async () => {
    const closed = one("SELECT oa.ownerAgreementId FROM owner_agreements oa JOIN application_record_states st USING (applicationRecordStateId) WHERE st.name = 'Closed' LIMIT 1");
    const before = checksum(host, TABLES);
    const answer = await api.post('pm', '/api/pfm/SaveCommitment', { RecordKey: 'OwnerAgreement', RecordId: closed.ownerAgreementId, description: 'Reopened?', contractType: 'GMP' });
    assert.equal(answer.status, 400);
    assert.deepEqual(invalidOf(answer.body)[0], ['description', 'description can not be changed in this state.']);
    assert.equal(checksum(host, TABLES), before);
  });
});

describe('SaveCommitment: owner agreement change order headers', () => {
  it('a draft change order: description and date saved; the amount stays derived', async () => {
    const co = changeOrderIn('Draft');
    // The amount is not a parameter of the save: sending it is refused (an unknown name), nothing written.
    await expectUnknownParameterRefused({
      RecordKey: 'OwnerAgreementChangeOrder', RecordId: co.ownerAgreementChangeOrderId, description: 'Added casework', amount: '999',
    }, 'amount');
    const answer = await api.post('pm', '/api/pfm/SaveCommitment', {
      RecordKey: 'OwnerAgreementChangeOrder', RecordId: co.ownerAgreementChangeOrderId, OldRecordStateId: co.applicationRecordStateId,
      description: 'Added casework', changeOrderDate: '2026-11-05',
    });
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    assert.equal(answer.body.data.record.description, 'Added casework');
    assert.equal(answer.body.data.record.changeOrderDate, '2026-11-05');
    assert.equal(answer.body.data.record.amount, 0);
  });

  it('an approved (closed) change order refuses its description; a stale state is 409 with the current state', async () => {
    const approved = changeOrderIn('Approved');
    const refused = await api.post('pm', '/api/pfm/SaveCommitment', { RecordKey: 'OwnerAgreementChangeOrder', RecordId: approved.ownerAgreementChangeOrderId, description: 'Changed' });
    assert.equal(refused.status, 400);
    assert.deepEqual(invalidOf(refused.body), [['description', 'description can not be changed in this state.']]);
    const draft = changeOrderIn('Draft');
    const stale = await api.post('pm', '/api/pfm/SaveCommitment', {
      RecordKey: 'OwnerAgreementChangeOrder', RecordId: draft.ownerAgreementChangeOrderId,
      OldRecordStateId: stateId(host, 'OwnerAgreementChangeOrder', 'Pending Approval'), description: 'Changed',
    });
    assert.equal(stale.status, 409);
    assert.equal(stale.body.currentRecordStateId, draft.applicationRecordStateId);
    assert.equal(one('SELECT description FROM owner_agreement_change_orders WHERE ownerAgreementChangeOrderId = ?', draft.ownerAgreementChangeOrderId).description, 'Test change order');
  });

  it('a change order date is required and must be a calendar date', async () => {
    const co = changeOrderIn('Draft');
    for (const [value, ok] of [['', false], ['11/05/2026', false], ['1989-12-31', false], ['2026-13-01', false], ['2026-02-28', true]] as const) {
      const answer = await api.post('pm', '/api/pfm/SaveCommitment', { RecordKey: 'OwnerAgreementChangeOrder', RecordId: co.ownerAgreementChangeOrderId, changeOrderDate: value });
      assert.equal(answer.status, ok ? 200 : 400, `${value}: ${JSON.stringify(answer.body)}`);
      if (!ok) assert.deepEqual(invalidOf(answer.body), [['changeOrderDate', 'changeOrderDate must be a date (YYYY-MM-DD) on or after 1990-01-01.']]);
    }
  });

  it('employee and viewer are refused (403)', async () => {
    for (const login of ['employee', 'viewer']) {
      assert.equal((await api.post(login, '/api/pfm/SaveCommitment', { RecordKey: 'OwnerAgreement', RecordId: agreement().ownerAgreementId, description: 'x' })).status, 403);
    }
  });
});

describe('CreateOwnerAgreementChangeOrder', () => {
  it('a new Draft change order numbered after the agreement’s highest, amount 0, dated today by default, tracked for the team', async () => {
    const oa = agreement();
    const highest = Math.max(...(host.db.prepare("SELECT number FROM owner_agreement_change_orders WHERE ownerAgreementId = ? AND number LIKE 'OCO-%'")
      .pluck().all(oa.ownerAgreementId) as string[]).map((n) => Number(n.slice(4))));
    const tracked = one('SELECT count(*) AS n FROM change_tracking').n as number;
    const answer = await api.post('pm', '/api/pfm/CreateOwnerAgreementChangeOrder', { OwnerAgreementId: oa.ownerAgreementId, BudgetId: oa.budgetId, Description: '  Exam room casework  ' });
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    const co = answer.body.data;
    assert.equal(co.number, `OCO-${String(highest + 1).padStart(3, '0')}`);
    assert.equal(co.ownerAgreementId, oa.ownerAgreementId);
    assert.equal(co.projectId, 1);
    assert.equal(co.budgetId, oa.budgetId);
    assert.equal(co.description, 'Exam room casework');
    assert.equal(co.amount, 0);
    assert.equal(co.recordStateName, 'Draft');
    assert.equal(co.closed, false);
    assert.equal(co.changeOrderDate, new Date().toISOString().slice(0, 10));
    assert.equal(co.displayText, `${co.number} ${oa.ownerName}`);
    // pm created it: the project's RPM hears of it, the pm does not.
    assert.equal(one('SELECT count(*) AS n FROM change_tracking').n, tracked + 1);
    // The next one follows it, with the date given.
    const second = await api.post('pm', '/api/pfm/CreateOwnerAgreementChangeOrder', { OwnerAgreementId: oa.ownerAgreementId, BudgetId: oa.budgetId, Description: 'Second', ChangeOrderDate: '2026-11-20' });
    assert.equal(second.body.data.number, `OCO-${String(highest + 2).padStart(3, '0')}`);
    assert.equal(second.body.data.changeOrderDate, '2026-11-20');
    // Numbers are per agreement: project 3's agreement goes on from its own.
    const other = one('SELECT * FROM owner_agreements WHERE projectId = 3');
    const third = await api.post('pm', '/api/pfm/CreateOwnerAgreementChangeOrder', { OwnerAgreementId: other.ownerAgreementId, BudgetId: 4, Description: 'Other agreement' });
    assert.equal(third.status, 200, JSON.stringify(third.body));
    const otherCount = one('SELECT count(*) AS n FROM owner_agreement_change_orders WHERE ownerAgreementId = ?', other.ownerAgreementId).n as number;
    assert.equal(third.body.data.number, `OCO-${String(otherCount).padStart(3, '0')}`);
  });

  it('refused with feedback: a budget of another project, a missing description, a bad date; a closed agreement; nothing is written', async () => {
    const oa = agreement();
    const before = checksum(host, TABLES);
    const refused = await api.post('pm', '/api/pfm/CreateOwnerAgreementChangeOrder', { OwnerAgreementId: oa.ownerAgreementId, BudgetId: 2, Description: ' ', ChangeOrderDate: '2026-02-30' });
    assert.equal(refused.status, 400);
    assert.deepEqual(invalidOf(refused.body), [
      ['budgetId', 'Choose a budget of the owner agreement’s project.'],
      ['description', 'A description is required.'],
      ['changeOrderDate', 'changeOrderDate must be a date (YYYY-MM-DD) on or after 1990-01-01.'],
    ]);
    assert.equal((await api.post('pm', '/api/pfm/CreateOwnerAgreementChangeOrder', { OwnerAgreementId: oa.ownerAgreementId, Description: 'No budget' })).status, 400);
    const closed = one("SELECT oa.* FROM owner_agreements oa JOIN application_record_states st USING (applicationRecordStateId) WHERE st.name = 'Closed' LIMIT 1");
    const closedAnswer = await api.post('pm', '/api/pfm/CreateOwnerAgreementChangeOrder', { OwnerAgreementId: closed.ownerAgreementId, BudgetId: closed.budgetId, Description: 'Late change' });
    assert.equal(closedAnswer.status, 400);
    assert.deepEqual(invalidOf(closedAnswer.body), [['ownerAgreementId', `${closed.number} is 'Closed' (closed): it takes no new change orders.`]]);
    assert.equal((await api.post('pm', '/api/pfm/CreateOwnerAgreementChangeOrder', { OwnerAgreementId: 999999, BudgetId: 1, Description: 'x' })).status, 404);
    assert.equal(checksum(host, TABLES), before);
  });

  it('employee and viewer are refused (403) and nothing is written', async () => {
    const oa = agreement();
    const before = checksum(host, TABLES);
    for (const login of ['employee', 'viewer']) {
      const answer = await api.post(login, '/api/pfm/CreateOwnerAgreementChangeOrder', { OwnerAgreementId: oa.ownerAgreementId, BudgetId: oa.budgetId, Description: 'x' });
      assert.equal(answer.status, 403);
    }
    assert.equal(checksum(host, TABLES), before);
  });

  it('a new change order moves Draft → Pending Approval along its advancements; a stale move is 409', async () => {
    const oa = agreement();
    const co = (await api.post('pm', '/api/pfm/CreateOwnerAgreementChangeOrder', { OwnerAgreementId: oa.ownerAgreementId, BudgetId: oa.budgetId, Description: 'To approve' })).body.data;
    const draft = stateId(host, 'OwnerAgreementChangeOrder', 'Draft');
    const pending = stateId(host, 'OwnerAgreementChangeOrder', 'Pending Approval');
    const moved = await api.post('pm', '/api/pfm/UpdateCommitmentState', { RecordKey: 'OwnerAgreementChangeOrder', ItemId: co.ownerAgreementChangeOrderId, OldRecordStateId: draft, RouteStateId: pending });
    assert.equal(moved.status, 200, JSON.stringify(moved.body));
    assert.equal(moved.body.data.recordStateName, 'Pending Approval');
    const stale = await api.post('pm', '/api/pfm/UpdateCommitmentState', { RecordKey: 'OwnerAgreementChangeOrder', ItemId: co.ownerAgreementChangeOrderId, OldRecordStateId: draft, RouteStateId: pending });
    assert.equal(stale.status, 409);
    assert.equal(stale.body.currentRecordStateName, 'Pending Approval');
  });
});
