/**
 * Projection-grid writes (added, §7 style): pins, saving, submitting and re-opening projections, adding a budget line.
 * See demo/host/api/routes.ts for the fields of each call.
 *
 * A month's submission (migration 032) holds: SaveProjections refuses a submitted month (nothing saved) until
 * ReopenProjections (the submitter, an RPM or a keyPFM Admin: src/core/projections/contract.ts mayReopenProjections)
 * makes it not submitted again, which also puts the budget back among the bell's pending projections (pending.ts).
 */
import type Database from 'better-sqlite3';
import { COST_TYPES, formatCostCode } from '../../../../../src/core/format';
import { declaredFor, p, route, type ParamsOf, type RouteCtx } from '../../declare';
import { autoAlert, conflict, forbidden, invalid, notFound, NUMBER, type FeedbackItem } from '../../http';
import { prepared } from '../../../db/statements';
import { toApi } from '../../rows';
import { lineSummaries } from './summaries';
import * as clock from '../../../../../src/core/clock';
import { autoCostToComplete, mayReopenProjections, PROJECTION_PATHS, SUBMISSION_TEXT, type ProjectionConflict } from '../../../../../src/core/projections/contract';
import { ADD_COST_CODE_PATH } from '../../../../../src/core/budget-lines/contract';
import { formatDate } from '../../../../../src/core/format/dates';
import { periodLabel } from '../../../../../src/core/projections/periods';
import { entryFeedback, parseAmount, parseQuantity, pluggedCostToComplete, type PluggedBy } from '../../../../../src/core/projections/entry';
import { refuseClosedPeriod } from './periods/store';

// --- pins ---------------------------------------------------------------------------------------

/** The project of a pin call, or 404. */
function projectOr404(db: Database.Database, projectId: number): number {
  if (!db.prepare('SELECT 1 FROM projects WHERE projectId = ?').get(projectId)) throw notFound(`Project ${projectId} not found.`);
  return projectId;
}

function pins(db: Database.Database, employeeId: number): unknown {
  return db.prepare(`SELECT p.projectId, p.number, p.name, p.classification, p.legalEntityId, p.budgetId, p.displayText, pin.pinnedAt
    FROM project_pins pin JOIN projects p USING (projectId) WHERE pin.employeeId = ? ORDER BY pin.pinnedAt, p.number`).all(employeeId);
}

// --- projections --------------------------------------------------------------------------------

interface BudgetRow { budgetId: number; jobNumber: string; budgetLock: number; budgetLockReason: string | null; children: number }

/** The budget of a projection write: 404 unknown, 400 feedback on a locked (unless `lockedToo`) or roll-up budget. */
function budgetForProjection(db: Database.Database, budgetId: number, lockedToo = false): BudgetRow {
  const budget = db.prepare(`SELECT budgetId, jobNumber, budgetLock, budgetLockReason,
      (SELECT count(*) FROM budgets c WHERE c.rollUpBudgetId = b.budgetId) AS children FROM budgets b WHERE budgetId = ?`).get(budgetId) as BudgetRow | undefined;
  if (!budget) throw notFound(`Budget ${budgetId} not found.`);
  if (budget.budgetLock === 1 && !lockedToo) {
    throw invalid([{ integerValue: 1, stringValue: 'budgetId', message: `Budget ${budget.jobNumber} is locked: ${budget.budgetLockReason ?? 'no projections can be entered'}.` }]);
  }
  if (budget.children > 0) {
    throw invalid([{ integerValue: 1, stringValue: 'budgetId', message: `Budget ${budget.jobNumber} is a roll-up budget: enter projections on its child budgets.` }]);
  }
  return budget;
}

/**
 * SaveProjections (the contract: src/core/projections/contract.ts, SaveProjectionsAnswer): the budget,
 * `lastLoad`, and the entries `projections[i].costCodeId/method/value/reason/units/hours/overwrite`, with
 * plugging `unitsToComplete` + `unitCost` or `hoursToComplete` + `rate`; amounts and quantities read by
 * src/core/projections/entry.ts (checked into per-line feedback). At most 10,000 entries: declare.ts's
 * list indexes have at most 4 digits.
 */
const SAVE_PROJECTIONS = {
  BudgetId: p.id({ required: true, scope: 'Budget' }),
  lastLoad: p.timestamp(),
  projections: p.list({
    costCodeId: p.id(), method: p.string(20, { empty: 'keep' }), value: p.string(40, { empty: 'keep' }), reason: p.string(4000, { empty: 'keep' }),
    units: p.string(40, { empty: 'keep' }), hours: p.string(40, { empty: 'keep' }), overwrite: p.boolean(),
    unitsToComplete: p.string(40, { empty: 'keep' }), unitCost: p.string(40, { empty: 'keep' }),
    hoursToComplete: p.string(40, { empty: 'keep' }), rate: p.string(40, { empty: 'keep' }),
  }, { max: 10000 }),
};

interface ParsedProjection {
  index: number; costCodeId: number; method: 'auto' | 'manual'; value: number | null; reason: string | null; units: number | null; hours: number | null;
  plug: { by: PluggedBy; quantity: number; rate: number } | null; overwrite: boolean;
}

type SaveEntry = NonNullable<ParamsOf<typeof SAVE_PROJECTIONS>['projections']>[number];

/** One entry's plug (units × unit cost or hours × rate): null when none was typed, undefined when refused (feedback pushed). */
function readPlug(entry: SaveEntry, line: string, field: (name: string) => string, feedback: FeedbackItem[]): ParsedProjection['plug'] | undefined {
  const typed = (name: 'unitsToComplete' | 'unitCost' | 'hoursToComplete' | 'rate') => (entry[name] ?? '').trim();
  const byUnits = typed('unitsToComplete') !== '' || typed('unitCost') !== '';
  const byHours = typed('hoursToComplete') !== '' || typed('rate') !== '';
  if (!byUnits && !byHours) return null;
  if (byUnits && byHours) {
    feedback.push({ integerValue: 1, stringValue: field('unitsToComplete'), message: `${line}: plug units × unit cost or hours × rate, not both.` });
    return undefined;
  }
  const [quantityName, rateName, by] = byUnits ? ['unitsToComplete', 'unitCost', 'units'] as const : ['hoursToComplete', 'rate', 'hours'] as const;
  let refused = false;
  const read = (name: typeof quantityName | typeof rateName, label: string): number => {
    const reading = parseQuantity(typed(name));
    if (reading.kind === 'value') return reading.value;
    refused = true;
    feedback.push({ integerValue: 1, stringValue: field(name), message: `${line}: ${reading.kind === 'empty' ? `type the ${label} too.` : `the ${label}: ${reading.message}`}` });
    return 0;
  };
  const quantity = read(quantityName, by === 'units' ? 'units to complete' : 'hours to complete');
  const rate = read(rateName, by === 'units' ? 'unit cost' : 'rate');
  return refused ? undefined : { by, quantity, rate };
}

interface Submission { submittedBy: number | null; submittedByName: string | null; submittedAt: string }

/**
 * The budget's submission of `month`, if it is submitted: who and when (the latest submitted row; rows submitted
 * before migration 032 or seeded say the saver and the time last written, as that migration filled them).
 */
function submissionOf(db: Database.Database, budgetId: number, month: string): Submission | undefined {
  return prepared(db, `SELECT coalesce(p.submittedBy, p.employeeId) AS submittedBy, e.preferredName AS submittedByName,
      coalesce(p.submittedAt, p.modifiedAt) AS submittedAt
    FROM projections p LEFT JOIN employees e ON e.employeeId = coalesce(p.submittedBy, p.employeeId)
    WHERE p.budgetId = ? AND p.month = ? AND p.submitted = 1 ORDER BY 3 DESC LIMIT 1`).get(budgetId, month) as Submission | undefined;
}

/** A submission's month, who and day as the refusals say them: ['November 2026', 'Marcus Reyes', '11/02/2026']. */
function submissionWords(submission: Submission, month: string): [string, string, string] {
  return [periodLabel(month), submission.submittedByName ?? `employee ${submission.submittedBy ?? '?'}`,
    formatDate(clock.centralDayOf(Date.parse(submission.submittedAt)))];
}

function saveProjections({ db, params, user }: RouteCtx<ParamsOf<typeof SAVE_PROJECTIONS>>): unknown {
  const budget = budgetForProjection(db, params.BudgetId);
  refuseClosedPeriod(db, budget, clock.currentPeriod(), 'SaveProjections');
  // A submitted month holds what was submitted: no line of it is saved until it is re-opened (all or nothing).
  const submission = submissionOf(db, budget.budgetId, clock.currentPeriod());
  if (submission) {
    throw autoAlert('SaveProjections', SUBMISSION_TEXT.saveRefused(...submissionWords(submission, clock.currentPeriod())),
      { submittedBy: submission.submittedByName, submittedAt: submission.submittedAt });
  }
  const entries = params.projections ?? [];
  if (entries.length === 0) throw invalid([{ integerValue: 1, stringValue: 'projections', message: 'No projections to save.' }]);
  const lineIds = new Set((db.prepare('SELECT costCodeId FROM cost_codes WHERE budgetId = ?').all(budget.budgetId) as Array<{ costCodeId: number }>).map((r) => r.costCodeId));
  const feedback: FeedbackItem[] = [];
  const parsed: ParsedProjection[] = [];
  const seen = new Set<number>();
  for (const entry of entries) {
    const { index } = entry;
    const field = (name: string) => `projections[${index}].${name}`;
    const line = `Line ${index + 1}`;
    const costCodeId = entry.costCodeId;
    if (costCodeId === undefined || !lineIds.has(costCodeId)) {
      feedback.push({ integerValue: 1, stringValue: field('costCodeId'), message: `${line}: '${costCodeId ?? ''}' is not a cost code of budget ${budget.jobNumber}.` });
      continue;
    }
    if (seen.has(costCodeId)) {
      feedback.push({ integerValue: 1, stringValue: field('costCodeId'), message: `${line}: cost code ${costCodeId} appears twice.` });
      continue;
    }
    seen.add(costCodeId);
    const method = (entry.method ?? 'manual').toLowerCase();
    if (method !== 'auto' && method !== 'manual') {
      feedback.push({ integerValue: 1, stringValue: field('method'), message: `${line}: method must be auto or manual.` });
      continue;
    }
    const plug = readPlug(entry, line, field, feedback);
    if (plug === undefined) continue;
    if (plug && method === 'auto') {
      feedback.push({ integerValue: 1, stringValue: field('method'), message: `${line}: a plugged cost to complete is a manual projection (method manual).` });
      continue;
    }
    let value: number | null = null;
    if (method === 'manual') {
      const reading = parseAmount(entry.value);
      if (plug) {
        value = pluggedCostToComplete(plug.quantity, plug.rate);
        if (reading.kind === 'refused' || (reading.kind === 'value' && reading.value !== value)) {
          feedback.push({ integerValue: 1, stringValue: field('value'), message: `${line}: the cost to complete sent does not match ${plug.by} × ${plug.by === 'units' ? 'unit cost' : 'rate'} (${value}).` });
          continue;
        }
      } else if (reading.kind !== 'value') {
        const why = reading.kind === 'refused' ? ` ${reading.message}` : '';
        feedback.push({ integerValue: 1, stringValue: field('value'), message: `${line}: the projected cost to complete must be a number.${why}` });
        continue;
      } else value = reading.value;
    }
    const reason = (entry.reason ?? '').trim();
    if (reason.length > 500) {
      feedback.push({ integerValue: 1, stringValue: field('reason'), message: `${line}: the reason is longer than 500 characters.` });
      continue;
    }
    const optionalNumber = (name: 'units' | 'hours'): number | null | undefined => {
      const raw = (entry[name] ?? '').trim();
      if (raw === '') return null;
      if (!NUMBER.test(raw)) {
        feedback.push({ integerValue: 1, stringValue: field(name), message: `${line}: ${name} must be a number.` });
        return undefined;
      }
      return Number(raw);
    };
    const units = optionalNumber('units');
    const hours = optionalNumber('hours');
    if (units === undefined || hours === undefined) continue;
    parsed.push({ index, costCodeId, method, value, reason: reason || null, units, hours, plug, overwrite: entry.overwrite === true });
  }
  if (feedback.some((f) => f.integerValue === 1)) throw invalid(feedback);
  const at = clock.nowIso();
  const period = clock.currentPeriod();
  const since = params.lastLoad === undefined ? undefined : Date.parse(params.lastLoad);
  const conflicts: ProjectionConflict[] = [];
  const saved = db.transaction(() => {
    const current = new Map(lineSummaries(db, { recordKey: 'Budget', recordId: budget.budgetId, open: true }).map((l) => [l.costCodeId, l]));
    // §5-style entry rules (src/core/projections/entry.ts): a negative cost to complete without a reason is refused, below the remaining commitment warns.
    for (const p of parsed) {
      if (p.method !== 'manual') continue;
      feedback.push(...entryFeedback({ costToComplete: p.value!, reason: p.reason, remainingCommitment: current.get(p.costCodeId)!.remainingCommitment },
        `projections[${p.index}].value`, `Line ${p.index + 1}`));
    }
    if (feedback.some((f) => f.integerValue === 1)) throw invalid(feedback);
    // No silent overwrite: this month's row saved after lastLoad by someone else is theirs unless the entry says overwrite.
    const saves = parsed.filter((p) => {
      if (since === undefined || p.overwrite) return true;
      const row = savedThisMonth(db, p.costCodeId, period);
      if (!row || row.employeeId === user.employeeId || !(Date.parse(row.modifiedAt) > since)) return true;
      const line = current.get(p.costCodeId)!;
      conflicts.push({
        costCodeId: p.costCodeId, savedBy: row.savedBy ?? `employee ${row.employeeId ?? '?'}`, savedAt: row.modifiedAt,
        theirs: { method: row.method, projectedCostToComplete: row.projectedCostToComplete, reason: row.reason },
        yours: { method: p.method, projectedCostToComplete: p.method === 'manual' ? p.value : autoCostToComplete(line), reason: p.reason },
      });
      return false;
    });
    const upsert = db.prepare(`INSERT INTO projections (costCodeId, budgetId, month, method, projectedCostToComplete, projectedUnits, projectedHours,
        projectedFinalCost, reason, employeeId, submitted, modifiedAt, pluggedQuantity, pluggedRate, pluggedBy)
      VALUES (@costCodeId, @budgetId, @month, @method, @ctc, @units, @hours, @finalCost, @reason, @employeeId, 0, @at, @pluggedQuantity, @pluggedRate, @pluggedBy)
      ON CONFLICT (costCodeId, month) DO UPDATE SET method = excluded.method, projectedCostToComplete = excluded.projectedCostToComplete,
        projectedUnits = excluded.projectedUnits, projectedHours = excluded.projectedHours, projectedFinalCost = excluded.projectedFinalCost,
        reason = excluded.reason, employeeId = excluded.employeeId, modifiedAt = excluded.modifiedAt,
        pluggedQuantity = excluded.pluggedQuantity, pluggedRate = excluded.pluggedRate, pluggedBy = excluded.pluggedBy`);
    const touch = db.prepare('UPDATE cost_codes SET modifiedAt = ? WHERE costCodeId = ?');
    for (const p of saves) {
      const line = current.get(p.costCodeId)!;
      const ctc = p.method === 'manual' ? p.value! : autoCostToComplete(line);
      upsert.run({
        costCodeId: p.costCodeId, budgetId: budget.budgetId, month: period, method: p.method, ctc, units: p.units, hours: p.hours,
        finalCost: Math.round((line.actualToDate + ctc) * 100) / 100, reason: p.reason, employeeId: user.employeeId, at,
        pluggedQuantity: p.plug?.quantity ?? null, pluggedRate: p.plug?.rate ?? null, pluggedBy: p.plug?.by ?? null,
      });
      touch.run(at, p.costCodeId);
    }
    return new Set(saves.map((p) => p.costCodeId));
  }).immediate();
  if (saved.size === 0) {
    const names = [...new Set(conflicts.map((c) => c.savedBy))].join(', ');
    throw conflict(`${conflicts.length === 1 ? 'This line was' : `These ${conflicts.length} lines were`} saved by ${names} since you loaded the grid: keep yours (save again with overwrite) or take theirs.`, { conflicts });
  }
  const lines = lineSummaries(db, { recordKey: 'Budget', recordId: budget.budgetId, open: true }).filter((l) => saved.has(l.costCodeId));
  const warnings = feedback.filter((f) => saved.has(parsed.find((p) => f.stringValue === `projections[${p.index}].value`)?.costCodeId ?? -1));
  return { budgetId: budget.budgetId, month: period, saved: saved.size, lines, feedback: warnings, conflicts };
}

/** The current month's projection row of a line with who saved it (prepared once per database). */
function savedThisMonth(db: Database.Database, costCodeId: number, month: string) {
  return prepared(db, `SELECT p.method, p.projectedCostToComplete, p.reason, p.employeeId, p.modifiedAt, e.preferredName AS savedBy
    FROM projections p LEFT JOIN employees e ON e.employeeId = p.employeeId WHERE p.costCodeId = ? AND p.month = ?`).get(costCodeId, month) as
    { method: 'auto' | 'manual'; projectedCostToComplete: number; reason: string | null; employeeId: number | null; modifiedAt: string; savedBy: string | null } | undefined;
}

const BUDGET = { BudgetId: p.id({ required: true, scope: 'Budget' }) };

function submitProjections({ db, params, user }: RouteCtx<ParamsOf<typeof BUDGET>>): unknown {
  const budget = budgetForProjection(db, params.BudgetId);
  refuseClosedPeriod(db, budget, clock.currentPeriod(), 'SubmitProjections');
  const at = clock.nowIso();
  const period = clock.currentPeriod();
  return db.transaction(() => {
    // The first submission stands (who and when): submitting again is refused, naming it.
    const already = submissionOf(db, budget.budgetId, period);
    if (already) {
      throw autoAlert('SubmitProjections', SUBMISSION_TEXT.alreadySubmitted(...submissionWords(already, period)),
        { submittedBy: already.submittedByName, submittedAt: already.submittedAt });
    }
    const lines = lineSummaries(db, { recordKey: 'Budget', recordId: budget.budgetId, open: true });
    // A line not saved this period submits what it shows: its projection carried from an earlier month, or the automatic one.
    const insertShown = db.prepare(`INSERT OR IGNORE INTO projections (costCodeId, budgetId, month, method, projectedCostToComplete, projectedUnits,
      projectedHours, projectedFinalCost, reason, employeeId, submitted, modifiedAt) VALUES (?, ?, ?, ?, ?, NULL, NULL, ?, ?, ?, 0, ?)`);
    for (const line of lines) {
      insertShown.run(line.costCodeId, budget.budgetId, period, line.projectionMethod, line.projectedCostToComplete, line.projectedFinalCost, line.projectionReason, user.employeeId, at);
    }
    const submitted = db.prepare('UPDATE projections SET submitted = 1, submittedBy = ?, submittedAt = ?, modifiedAt = ? WHERE budgetId = ? AND month = ?')
      .run(user.employeeId, at, at, budget.budgetId, period).changes;
    db.prepare('UPDATE cost_codes SET modifiedAt = ? WHERE budgetId = ?').run(at, budget.budgetId);
    // Submitted projections are what clear the period's pending budget (api/pfm/projections/pending.ts).
    return { budgetId: budget.budgetId, month: period, submitted };
  }).immediate();
}

/**
 * ReopenProjections: the budget's current month submitted → not submitted, so its lines take saves again and the
 * budget is pending again (pending.ts). Who: {@link mayReopenProjections} (403 for another team member); the team
 * guard has checked write access to the budget's project. Refused (400 autoAlert) in a closed period and when the
 * month is not submitted. Who re-opened, when and the optional reason are kept on the month's rows.
 */
const REOPEN = { BudgetId: p.id({ required: true, scope: 'Budget' }), Reason: p.string(2000) };

function reopenProjections({ db, params, user }: RouteCtx<ParamsOf<typeof REOPEN>>): unknown {
  const fn = 'ReopenProjections';
  const budget = budgetForProjection(db, params.BudgetId);
  const period = clock.currentPeriod();
  refuseClosedPeriod(db, budget, period, fn);
  const at = clock.nowIso();
  return db.transaction(() => {
    const submission = submissionOf(db, budget.budgetId, period);
    if (!submission) throw autoAlert(fn, SUBMISSION_TEXT.notSubmitted(periodLabel(period), budget.jobNumber));
    if (!mayReopenProjections(user, submission.submittedBy)) throw forbidden(SUBMISSION_TEXT.reopenWho(submissionWords(submission, period)[1]));
    const reopened = db.prepare(`UPDATE projections SET submitted = 0, submittedBy = NULL, submittedAt = NULL, reopenedBy = ?, reopenedAt = ?,
        reopenReason = ?, modifiedAt = ? WHERE budgetId = ? AND month = ? AND submitted = 1`)
      .run(user.employeeId, at, params.Reason ?? null, at, budget.budgetId, period).changes;
    db.prepare('UPDATE cost_codes SET modifiedAt = ? WHERE budgetId = ?').run(at, budget.budgetId);
    return { budgetId: budget.budgetId, month: period, reopened };
  }).immediate();
}

// --- budget lines -------------------------------------------------------------------------------

/**
 * A new budget line on a budget that is not a roll-up; the cost type must be one users may pick (§3).
 * A locked budget's lines change only by cost adjustment: a line added to it starts at $0.00, and an
 * original budget sent for it is refused (as Procore refuses editing the original budget once locked).
 */
const ADD_COST_CODE = {
  BudgetId: p.id({ required: true, scope: 'Budget' }),
  Code: p.string(40, { empty: 'keep' }),
  Description: p.string(4000, { empty: 'keep' }),
  CostType: p.string(20, { empty: 'keep' }),
  OriginalBudget: p.string(40, { empty: 'keep' }),
};

function addCostCode({ db, params }: RouteCtx<ParamsOf<typeof ADD_COST_CODE>>): unknown {
  const budget = budgetForProjection(db, params.BudgetId, true);
  const feedback: FeedbackItem[] = [];
  const code = (params.Code ?? '').replace(/[\s-]/g, '');
  if (!/^\d{8}$/.test(code)) feedback.push({ integerValue: 1, stringValue: 'code', message: 'The cost code must have 8 digits, shown 2-4-2 (for example 03-3000-00).' });
  const description = params.Description ?? '';
  if (!description) feedback.push({ integerValue: 1, stringValue: 'description', message: 'A description is required.' });
  else if (description.length > 200) feedback.push({ integerValue: 1, stringValue: 'description', message: 'The description is longer than 200 characters.' });
  const costType = (params.CostType ?? '').toUpperCase();
  const type = COST_TYPES.find((candidate) => candidate.code === costType);
  if (!type || type.hidden || type.disabled) feedback.push({ integerValue: 1, stringValue: 'costType', message: 'Choose a cost type: L, M, W, E, S or R.' });
  const amountRaw = params.OriginalBudget ?? '';
  if (!NUMBER.test(amountRaw)) feedback.push({ integerValue: 1, stringValue: 'originalBudget', message: 'The original budget must be a number.' });
  else if (budget.budgetLock === 1 && Number(amountRaw) !== 0) {
    feedback.push({
      integerValue: 1, stringValue: 'originalBudget',
      message: `Budget ${budget.jobNumber} is locked${budget.budgetLockReason ? ` (${budget.budgetLockReason})` : ''}: a line added to it starts at $0.00 and changes by cost adjustment.`,
    });
  } else if (Number(amountRaw) < 0) feedback.push({ integerValue: 2, stringValue: 'originalBudget', message: 'A negative original budget is unusual: check the sign.' });
  if (feedback.some((item) => item.integerValue === 1)) throw invalid(feedback);
  const display = `${formatCostCode(code)} ${description}`;
  if (db.prepare('SELECT 1 FROM cost_codes WHERE budgetId = ? AND code = ? AND type = ?').get(budget.budgetId, code, costType)) {
    throw invalid([{ integerValue: 1, stringValue: 'code', message: `${formatCostCode(code)} (${costType}) is already a line of budget ${budget.jobNumber}.` }]);
  }
  const result = db.prepare(`INSERT INTO cost_codes (budgetId, code, type, description, displayText, originalBudget, modifiedAt)
    VALUES (?, ?, ?, ?, ?, ?, ?)`).run(budget.budgetId, code, costType, description, `${display} (${costType})`, Number(amountRaw), clock.nowIso());
  const costCode = db.prepare('SELECT * FROM cost_codes WHERE costCodeId = ?').get(result.lastInsertRowid);
  return { costCode: toApi(costCode as Record<string, unknown>), feedback };
}

// --- handlers -------------------------------------------------------------------------------------

export const projectionWriteHandlers = declaredFor('pfm', [
  route({
    method: 'POST', path: '/api/pfm/projects/PinProject',
    note: 'added: ProjectId',
    // A pin is the caller's own: reading the project is enough (a Viewer member may pin it).
    params: { ProjectId: p.id({ required: true, scope: 'Project' }) }, write: false,
    handler: ({ db, params, user }) => {
      const projectId = projectOr404(db, params.ProjectId);
      db.prepare('INSERT OR IGNORE INTO project_pins (employeeId, projectId, pinnedAt) VALUES (?, ?, ?)').run(user.employeeId, projectId, clock.nowIso());
      return pins(db, user.employeeId);
    },
  }),
  route({
    method: 'POST', path: '/api/pfm/projects/UnpinProject',
    note: 'added: ProjectId',
    // Not scoped: removing one's own pin touches no project data (a user who lost a project may still clear its pin).
    params: { ProjectId: p.id({ required: true }) },
    handler: ({ db, params, user }) => {
      const projectId = projectOr404(db, params.ProjectId);
      db.prepare('DELETE FROM project_pins WHERE employeeId = ? AND projectId = ?').run(user.employeeId, projectId);
      return pins(db, user.employeeId);
    },
  }),
  route({
    method: 'POST', path: PROJECTION_PATHS.save,
    note: 'added: BudgetId, lastLoad, projections[i].costCodeId/method/value/reason/units/hours/overwrite/unitsToComplete/unitCost/hoursToComplete/rate; 409 when every line conflicts, else conflicts[] beside the saved lines',
    params: SAVE_PROJECTIONS, handler: saveProjections,
  }),
  route({
    method: 'POST', path: ADD_COST_CODE_PATH,
    note: 'added: BudgetId, Code, Description, CostType, OriginalBudget',
    params: ADD_COST_CODE, handler: addCostCode,
  }),
  route({
    method: 'POST', path: PROJECTION_PATHS.submit,
    note: 'added: BudgetId; clears it from budgetsPendingProjections',
    params: BUDGET, handler: submitProjections,
  }),
  route({
    method: 'POST', path: PROJECTION_PATHS.reopen,
    note: 'added: BudgetId, Reason (optional); the submitter, an RPM or a keyPFM Admin; the budget is pending projections again',
    params: REOPEN, handler: reopenProjections,
  }),
]);
