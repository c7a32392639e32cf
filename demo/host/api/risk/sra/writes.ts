/**
 * SRA writes (issue 14): create a Draft, change a Draft, move its state. Refusals a user must read
 * are a 400 autoAlert (with `fieldName` at the field); a role or person that may not act is a 403; a
 * stale version / OldRecordStateId is a 409 and nothing is written. Every write is one immediate
 * transaction.
 *
 * - Draft → Submitted: the creator, or Risk / Admin; the chosen mitigations must meet the level
 *   (core mitigationProblem); the factors and the level are frozen into the row.
 * - Submitted → Draft: the submitter's recall (approvals so far are dropped).
 * - Submitted → Approved: Risk or Admin, never one's own (created or submitted). Low / Medium: one
 *   approval. High: the first is recorded (sra_approvals) and the SRA stays Submitted; the second, by
 *   another person, moves it, and the two must include an Admin.
 * - Submitted → Rejected: Risk or Admin, with a reason.
 */
import { requireApprovalAuthority } from '../../approvals';
import type Database from 'better-sqlite3';
import { RISK_FUNCTIONS, SRA_RECORD_KEY, type SraLoad } from '../../../../../src/core/risk/contract';
import { MITIGATIONS, mitigationProblem, SRA_TEXT, type MitigationKey } from '../../../../../src/core/risk/sra';
import type { Caller } from '../../context';
import { p, type ParamsOf, type RouteCtx } from '../../declare';
import { autoAlert, conflict, forbidden, HttpError, notFound, NUMBER } from '../../http';
import { isAdvancement, stateById } from '../../records';
import { requestedMove, stateUpdateParams } from '../../state-update-params';

import {
  approvalRefusal, approvalsOf, approverRole, isRiskApprover, mayEdit, mitigationsOf, scoreNow, sraDbRowOr404, sraLoad, sraStateId, type SraDbRow,
} from './records';
import { subcontractCurrentSum } from './gate';
import * as clock from '../../../../../src/core/clock';

const CREATE = RISK_FUNCTIONS.sraCreate;
const SAVE = RISK_FUNCTIONS.sraSave;
const STATE = RISK_FUNCTIONS.sraState;
const MITIGATION_KEYS = MITIGATIONS.map((m) => m.key) as readonly string[];

/** A 400 autoAlert at one field (and its feedback item, as the forms show them). */
const fieldAlert = (functionName: string, fieldName: string, message: string): HttpError =>
  autoAlert(functionName, message, { serviceName: 'RiskService', fieldName, feedback: [{ integerValue: 1, stringValue: fieldName, message }] });

const MAX_ID = 2_147_483_647;
const show = (value: string) => (value.length > 40 ? `${value.slice(0, 40)}…` : value);

/**
 * The forms' fields as sent: ids, amounts and texts the user picks or types stay text in the parse so
 * the handler answers a bad one at its field (400 autoAlert with `fieldName`); this is the text the
 * parse takes at most (the handler answers each field's own maximum).
 */
const FORM_TEXT = 20_000;

/** An id of a form: absent (empty, -1) → undefined (or, `required`, a refusal); else a positive integer id, or a 400 autoAlert at its field. */
function formId(functionName: string, name: string, raw: string | undefined, required = false): number | undefined {
  if (raw === undefined || raw === '-1') {
    if (required) throw fieldAlert(functionName, name, `Parameter '${name}' is required.`);
    return undefined;
  }
  if (!/^\d{1,10}$/.test(raw) || Number(raw) < 1 || Number(raw) > MAX_ID) {
    throw fieldAlert(functionName, name, `Parameter '${name}' must be a positive integer id (got '${show(raw)}').`);
  }
  return Number(raw);
}

/** A number of a form (plain decimal), or a 400 autoAlert at its field. */
function formNumber(functionName: string, name: string, raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined;
  if (!NUMBER.test(raw)) throw fieldAlert(functionName, name, `Parameter '${name}' must be a number (got '${show(raw)}').`);
  return Number(raw);
}

/** A text of a form, at most `max` characters, or a 400 autoAlert at its field. */
function formText(functionName: string, name: string, raw: string | undefined, max = 2000): string | undefined {
  if (raw !== undefined && raw.length > max) throw fieldAlert(functionName, name, `Parameter '${name}' is longer than ${max} characters.`);
  return raw;
}

function projectRow(db: Database.Database, projectId: number): { projectId: number; completionDate: string | null } | undefined {
  return db.prepare('SELECT projectId, completionDate FROM projects WHERE projectId = ?').get(projectId) as { projectId: number; completionDate: string | null } | undefined;
}

const vendorExists = (db: Database.Database, vendorId: number): boolean => db.prepare('SELECT 1 FROM vendors WHERE vendorId = ?').get(vendorId) !== undefined;

/** The cost code ids, each a line of one of the project's budgets; 400 at `costCodeIds` otherwise. */
function checkCostCodes(db: Database.Database, functionName: string, projectId: number, raw: readonly string[]): number[] {
  if (!raw.length) throw fieldAlert(functionName, 'costCodeIds', 'Choose at least one cost code of the buyout line.');
  if (raw.length > 200) throw fieldAlert(functionName, 'costCodeIds', 'An SRA names at most 200 cost codes.');
  const ids = [...new Set(raw.map((value) => {
    if (!/^\d{1,10}$/.test(value) || Number(value) < 1) throw fieldAlert(functionName, 'costCodeIds', `'${value.slice(0, 20)}' is not a cost code id.`);
    return Number(value);
  }))];
  const ok = new Set(db.prepare(`SELECT c.costCodeId FROM cost_codes c JOIN budgets b ON b.budgetId = c.budgetId
    WHERE b.projectId = ? AND c.costCodeId IN (SELECT value FROM json_each(?))`).pluck().all(projectId, JSON.stringify(ids)) as number[]);
  const wrong = ids.filter((id) => !ok.has(id));
  if (wrong.length) throw fieldAlert(functionName, 'costCodeIds', `Cost code ${wrong.join(', ')} is not a line of the project's budgets.`);
  return ids;
}

function checkMitigations(raw: readonly string[]): MitigationKey[] {
  const wrong = raw.filter((k) => !MITIGATION_KEYS.includes(k));
  if (wrong.length) throw fieldAlert(SAVE, 'mitigations', `Unknown mitigation '${wrong[0]!.slice(0, 30)}' (one of ${MITIGATION_KEYS.join(', ')}).`);
  return [...new Set(raw)] as MitigationKey[];
}

const checkAmount = (functionName: string, amount: number | undefined): number => {
  if (amount === undefined) throw fieldAlert(functionName, 'amount', 'The subcontract amount is required.');
  if (!(amount > 0)) throw fieldAlert(functionName, 'amount', SRA_TEXT.amountPositive);
  if (amount > 10_000_000_000) throw fieldAlert(functionName, 'amount', 'The subcontract amount is too large.');
  return Math.round(amount * 100) / 100;
};

function writeCostCodes(db: Database.Database, sraId: number, ids: readonly number[]): void {
  db.prepare('DELETE FROM sra_cost_codes WHERE sraId = ?').run(sraId);
  const insert = db.prepare('INSERT INTO sra_cost_codes (sraId, costCodeId) VALUES (?, ?)');
  for (const id of ids) insert.run(sraId, id);
}

/** Keep the rows of mitigations still chosen (who chose them and when), drop the others, add the new. */
function writeMitigations(db: Database.Database, sraId: number, chosen: readonly MitigationKey[], employeeId: number, at: string): void {
  const before = new Set(mitigationsOf(db, sraId));
  for (const key of before) if (!chosen.includes(key)) db.prepare('DELETE FROM sra_mitigations WHERE sraId = ? AND mitigation = ?').run(sraId, key);
  for (const key of chosen) {
    if (!before.has(key)) db.prepare('INSERT INTO sra_mitigations (sraId, mitigation, chosenByEmployeeId, chosenAt) VALUES (?, ?, ?, ?)').run(sraId, key, employeeId, at);
  }
}

/** The next number: SRA-0001, SRA-0002, … */
export function nextSraNumber(db: Database.Database): string {
  const max = db.prepare("SELECT coalesce(max(CAST(substr(number, 5) AS INTEGER)), 0) FROM sras WHERE number LIKE 'SRA-%'").pluck().get() as number;
  return `SRA-${String(max + 1).padStart(4, '0')}`;
}

/** createsra: the form as sent (checked by the handler, each at its field). */
export const CREATE_PARAMS = {
  projectId: p.string(20), vendorId: p.string(20), subcontractId: p.string(20), amount: p.string(30),
  costCodeIds: p.list(p.string(20)), description: p.string(FORM_TEXT),
};

export function createSra({ db, user, params }: RouteCtx<ParamsOf<typeof CREATE_PARAMS>>): SraLoad {
  const projectId = formId(CREATE, 'projectId', params.projectId, true)!;
  const subcontractId = formId(CREATE, 'subcontractId', params.subcontractId);
  let vendorId = formId(CREATE, 'vendorId', params.vendorId);
  let amount = formNumber(CREATE, 'amount', params.amount);
  const description = formText(CREATE, 'description', params.description) ?? '';
  let costCodes: readonly string[] | undefined = params.costCodeIds;
  return db.transaction(() => {
    const project = projectRow(db, projectId);
    if (!project) throw fieldAlert(CREATE, 'projectId', `Project ${projectId} not found.`);
    if (subcontractId !== undefined) {
      const sub = db.prepare('SELECT s.subcontractId, s.projectId, s.vendorId FROM subcontracts s WHERE s.subcontractId = ?')
        .get(subcontractId) as { projectId: number; vendorId: number } | undefined;
      if (!sub || sub.projectId !== projectId) throw fieldAlert(CREATE, 'subcontractId', `Subcontract ${subcontractId} is not a subcontract of the project.`);
      vendorId ??= sub.vendorId;
      // The sum the gate judges (items plus approved change orders), so the SRA covers it as started.
      amount ??= subcontractCurrentSum(db, subcontractId);
      if (!costCodes?.length) {
        costCodes = (db.prepare('SELECT DISTINCT costCodeId FROM subcontract_items WHERE subcontractId = ? ORDER BY costCodeId').pluck().all(subcontractId) as number[]).map(String);
      }
    }
    if (vendorId === undefined) throw fieldAlert(CREATE, 'vendorId', 'Choose the proposed vendor.');
    if (!vendorExists(db, vendorId)) throw fieldAlert(CREATE, 'vendorId', `Vendor ${vendorId} not found.`);
    const checkedAmount = checkAmount(CREATE, amount);
    const codes = checkCostCodes(db, CREATE, projectId, costCodes ?? []);
    const score = scoreNow(db, { vendorId, amount: checkedAmount, subcontractId: subcontractId ?? null, completionDate: project.completionDate });
    const at = clock.nowIso();
    const number = nextSraNumber(db);
    const vendorName = db.prepare('SELECT name FROM vendors WHERE vendorId = ?').pluck().get(vendorId) as string;
    const sraId = Number(db.prepare(`INSERT INTO sras (number, projectId, vendorId, amount, subcontractId, description, level, factors, applicationRecordStateId,
        createdByEmployeeId, createdAt, version, displayText, modifiedAt) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1, ?, ?)`).run(
      number, projectId, vendorId, checkedAmount, subcontractId ?? null, description, score.level, JSON.stringify(score.factors), sraStateId(db, 'Draft'),
      user.employeeId, at, `${number} ${vendorName}`, at,
    ).lastInsertRowid);
    writeCostCodes(db, sraId, codes);
    return sraLoad(db, user, sraId);
  }).immediate();
}

/** savesra: the id and version typed; the fields as sent (checked by the handler, each at its field); a field not sent keeps its value. */
export const SAVE_PARAMS = {
  sraId: p.id({ required: true }), version: p.integer({ required: true }),
  vendorId: p.string(20), amount: p.string(30), costCodeIds: p.list(p.string(20)), description: p.string(FORM_TEXT, { empty: 'keep' }),
  mitigations: p.list(p.string(40)), mitigationNote: p.string(FORM_TEXT, { empty: 'keep' }),
};

export function saveSra({ db, user, params }: RouteCtx<ParamsOf<typeof SAVE_PARAMS>>): SraLoad {
  const { sraId, version } = params;
  const vendorIdIn = formId(SAVE, 'vendorId', params.vendorId);
  const amountIn = formNumber(SAVE, 'amount', params.amount);
  const description = formText(SAVE, 'description', params.description);
  const mitigationNoteText = formText(SAVE, 'mitigationNote', params.mitigationNote);
  const mitigationNote = mitigationNoteText === undefined ? undefined : (mitigationNoteText || null);
  const costCodesIn = params.costCodeIds;
  const mitigationsIn = params.mitigations;
  return db.transaction(() => {
    const row = sraDbRowOr404(db, sraId);
    if (!mayEdit(user, row)) throw forbidden('Only the SRA\'s creator, or the Risk role, may change it.');
    if (row.version !== version) {
      throw conflict(`${row.number} was changed by someone else (version ${row.version}, yours ${version}). Reload it and try again.`, { currentVersion: row.version, currentRecordStateName: row.state });
    }
    if (row.state !== 'Draft') throw autoAlert(SAVE, SRA_TEXT.onlyDraftEditable, { serviceName: 'RiskService' });
    const vendorId = vendorIdIn ?? row.vendorId;
    if (!vendorExists(db, vendorId)) throw fieldAlert(SAVE, 'vendorId', `Vendor ${vendorId} not found.`);
    const amount = amountIn === undefined ? row.amount : checkAmount(SAVE, amountIn);
    const codes = costCodesIn === undefined ? undefined : checkCostCodes(db, SAVE, row.projectId, costCodesIn);
    const mitigations = mitigationsIn === undefined ? undefined : checkMitigations(mitigationsIn);
    const score = scoreNow(db, { vendorId, amount, subcontractId: row.subcontractId, completionDate: row.completionDate });
    const at = clock.nowIso();
    const vendorName = db.prepare('SELECT name FROM vendors WHERE vendorId = ?').pluck().get(vendorId) as string;
    db.prepare(`UPDATE sras SET vendorId = ?, amount = ?, description = ?, mitigationNote = ?, level = ?, factors = ?, displayText = ?,
        version = version + 1, modifiedAt = ? WHERE sraId = ?`).run(
      vendorId, amount, description ?? row.description, mitigationNote === undefined ? row.mitigationNote : mitigationNote, score.level,
      JSON.stringify(score.factors), `${row.number} ${vendorName}`, at, sraId,
    );
    if (codes) writeCostCodes(db, sraId, codes);
    if (mitigations) writeMitigations(db, sraId, mitigations, user.employeeId, at);
    return sraLoad(db, user, sraId);
  }).immediate();
}

// --- state moves -----------------------------------------------------------------------------------

const nameOf = (db: Database.Database, id: number | null): string =>
  id === null ? 'someone else' : ((db.prepare('SELECT preferredName FROM employees WHERE employeeId = ?').pluck().get(id) as string | undefined) ?? 'someone else');
const when = (iso: string | null) => (iso ? ` at ${iso.slice(0, 16).replace('T', ' ')} UTC` : '');

/** The 409 message of a stale move: what the SRA is now, and who moved it there. */
export function staleSraMessage(db: Database.Database, row: SraDbRow): string {
  let how: string;
  if (row.state === 'Approved') how = `it was approved by ${approvalsOf(db, row.sraId).map((a) => a.name).join(' and ') || 'someone else'}${when(row.decidedAt)}`;
  else if (row.state === 'Rejected') how = `it was rejected by ${nameOf(db, row.rejectedByEmployeeId)}${when(row.decidedAt)}`;
  else if (row.state === 'Submitted') how = `it was submitted by ${nameOf(db, row.submittedByEmployeeId)}${when(row.submittedAt)}`;
  else how = 'it was recalled to Draft';
  return `${row.number} is now ${row.state}: ${how}. Reload it and try again.`;
}

export interface SraMoveRequest { itemId: number; oldStateId: number; routeStateId: number; reason?: string }

/** Move one SRA (inside the caller's transaction); throws to refuse, nothing written. */
export function moveSra(db: Database.Database, user: Caller, request: SraMoveRequest): void {
  const row = sraDbRowOr404(db, request.itemId);
  if (row.applicationRecordStateId !== request.oldStateId) {
    throw conflict(staleSraMessage(db, row), { currentRecordStateId: row.applicationRecordStateId, currentRecordStateName: row.state });
  }
  const target = stateById(db, request.routeStateId);
  if (!target || target.applicationRecordKey !== SRA_RECORD_KEY) throw notFound(`No SRA state with RouteStateId ${request.routeStateId}.`);
  if (!isAdvancement(db, row.applicationRecordStateId, target.applicationRecordStateId)) {
    throw autoAlert(STATE, `An SRA can not be moved from '${row.state}' to '${target.name}'.`, { serviceName: 'RiskService' });
  }
  // The approval matrix applies to SRAs too (approvals.ts; the amount is the SRA's exposure): a step App Records
  // adds for a state is asked here, beside the SRA's own two-approval rule below.
  const recordApproval = requireApprovalAuthority(db, {
    recordKey: SRA_RECORD_KEY, recordId: row.sraId, label: 'SRA', functionName: STATE, current: stateById(db, row.applicationRecordStateId)!, target, actorId: user.employeeId,
  });
  const at = clock.nowIso();
  recordApproval?.(at);
  const set = (columns: Record<string, unknown>, stateId = target.applicationRecordStateId) => {
    const names = Object.keys(columns);
    db.prepare(`UPDATE sras SET ${names.map((n) => `${n} = @${n}`).join(', ')}${names.length ? ', ' : ''}applicationRecordStateId = @stateId,
      version = version + 1, modifiedAt = @at WHERE sraId = @sraId`).run({ ...columns, stateId, at, sraId: row.sraId });
  };
  if (row.state === 'Draft' && target.name === 'Submitted') {
    if (!mayEdit(user, row)) throw forbidden('Only the SRA\'s creator, or the Risk role, submits it.');
    const score = scoreNow(db, row);
    const problem = mitigationProblem(score.level, mitigationsOf(db, row.sraId));
    if (problem) throw fieldAlert(STATE, 'mitigations', problem);
    db.prepare('DELETE FROM sra_approvals WHERE sraId = ?').run(row.sraId);
    set({ level: score.level, factors: JSON.stringify(score.factors), submittedByEmployeeId: user.employeeId, submittedAt: at, decidedAt: null,
      rejectedByEmployeeId: null, rejectionReason: null });
  } else if (row.state === 'Submitted' && target.name === 'Draft') {
    if (user.employeeId !== row.submittedByEmployeeId) throw forbidden('Only the one who submitted an SRA recalls it.');
    db.prepare('DELETE FROM sra_approvals WHERE sraId = ?').run(row.sraId);
    set({ submittedByEmployeeId: null, submittedAt: null });
  } else if (row.state === 'Submitted' && target.name === 'Approved') {
    const approvals = approvalsOf(db, row.sraId);
    const refusal = approvalRefusal(user, row, approvals);
    if (refusal === 'role') throw forbidden(SRA_TEXT.approverRole);
    if (refusal === 'own') throw forbidden(SRA_TEXT.ownApproval);
    if (refusal === 'twice') throw autoAlert(STATE, `You have approved ${row.number} already: a High-risk SRA needs a second approval by someone else.`, { serviceName: 'RiskService' });
    if (refusal === 'admin') throw autoAlert(STATE, SRA_TEXT.highNeedsAdmin, { serviceName: 'RiskService' });
    db.prepare('INSERT INTO sra_approvals (sraId, employeeId, role, at) VALUES (?, ?, ?, ?)').run(row.sraId, user.employeeId, approverRole(user), at);
    if (row.level === 'High' && approvals.length === 0) set({}, row.applicationRecordStateId);
    else set({ decidedAt: at });
  } else if (row.state === 'Submitted' && target.name === 'Rejected') {
    if (!isRiskApprover(user)) throw forbidden(SRA_TEXT.approverRole);
    const reason = request.reason?.trim();
    if (!reason) throw fieldAlert(STATE, 'reason', SRA_TEXT.rejectReason);
    set({ decidedAt: at, rejectedByEmployeeId: user.employeeId, rejectionReason: reason });
  } else {
    throw autoAlert(STATE, `An SRA can not be moved from '${row.state}' to '${target.name}'.`, { serviceName: 'RiskService' });
  }
}

/** updatesrastate: the move and (reject) the reason. */
export const STATE_PARAMS = { ...stateUpdateParams(), reason: p.string(FORM_TEXT) };

export function updateSraState({ db, user, params }: RouteCtx<ParamsOf<typeof STATE_PARAMS>>): SraLoad {
  const request: SraMoveRequest = { ...requestedMove(params), reason: formText(STATE, 'reason', params.reason) };
  return db.transaction(() => {
    moveSra(db, user, request);
    return sraLoad(db, user, request.itemId);
  }).immediate();
}
