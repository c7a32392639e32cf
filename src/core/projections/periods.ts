/**
 * Forecast periods (issue 32): a budget's month closes with a snapshot per line, re-opens with a reason, and two
 * snapshots (or a snapshot and today) compare. The contract between the demo host (demo/host/api/pfm/projections/periods)
 * and the screens: paths, wire types, and the two pure rules both sides show the same numbers by:
 * - {@link compareSnapshots}: per line and in total, the change of each figure, sorted by the largest movement;
 * - {@link whyMoved}: the change of the estimate at completion broken down by what moved it, with the records.
 *
 * Money is summed in whole cents, so a breakdown adds up to its total exactly.
 */

/** The calls (form POSTs; GETs with recordKey Budget and recordId). */
export const FORECAST_PERIOD_PATHS = {
  close: '/api/pfm/CloseForecastPeriod',
  reopen: '/api/pfm/ReopenForecastPeriod',
  periods: '/api/pfm/getforecastperiods',
  comparison: '/api/pfm/getforecastcomparison',
  movement: '/api/pfm/getforecastmovement',
} as const;

/** `to` of a comparison or movement: the budget's figures now instead of a closed month's snapshot. */
export const CURRENT_FIGURES = 'current';

export type ForecastPeriodState = 'Open' | 'Closed';

/** The figures of one line a snapshot keeps (and the same figures now). */
export const SNAPSHOT_FIGURES = [
  'originalBudget', 'approvedChanges', 'currentBudget', 'committed', 'remainingCommitment', 'pendingBudgetChanges', 'pendingCostChanges',
  'actualToDate', 'projectedCostToComplete', 'estimateAtCompletion', 'variance',
] as const;
export type SnapshotFigure = (typeof SNAPSHOT_FIGURES)[number];

/** One budget line as a snapshot kept it (or as it is now). */
export type SnapshotLine = { [F in SnapshotFigure]: number } & {
  costCodeId: number;
  code?: string;
  codeDisplay?: string;
  description?: string;
  method: 'auto' | 'manual';
  reason: string | null;
};

/** The figures whose records a snapshot keeps. */
export type SourcedFigure = 'approvedChanges' | 'committed' | 'actualToDate';

/** A record's part of one line's figure (a change event's approved amount on the line, a subcontract's items on it…). */
export interface SourceRecord {
  costCodeId: number;
  component: SourcedFigure;
  recordKey: string;
  recordId: number;
  number: string | null;
  amount: number;
}

/** One snapshot taken of a month (a re-opened month keeps its superseded snapshot beside the new one). */
export interface SnapshotInfo {
  takenAt: string;
  takenBy: number | null;
  takenByName: string | null;
  lines: number;
  superseded: boolean;
  supersededAt: string | null;
}

/** A month of a budget as getforecastperiods answers it (newest first; the current month is listed even when open with no row). */
export interface ForecastPeriod {
  budgetId: number;
  month: string;
  state: ForecastPeriodState;
  current: boolean;
  closedBy: number | null;
  closedByName: string | null;
  closedAt: string | null;
  reopenedBy: number | null;
  reopenedByName: string | null;
  reopenedAt: string | null;
  reopenReason: string | null;
  hasSnapshot: boolean;
  snapshots: SnapshotInfo[];
}

/** What CloseForecastPeriod answers. */
export interface CloseResult {
  month: string;
  /** Budgets closed by this call. */
  closed: Array<{ budgetId: number; jobNumber: string; lines: number; carriedForward: number }>;
  /** Region-wide: budgets whose month was closed already (left as they were). */
  alreadyClosed: Array<{ budgetId: number; jobNumber: string; closedByName: string | null; closedAt: string | null }>;
  lines: number;
  carriedForward: number;
}

type Figures = { [F in SnapshotFigure]: number };

/** One line of a comparison: both sides' figures (zeros for a line missing on one side) and the change of each. */
export interface ComparisonLine {
  costCodeId: number;
  code: string | null;
  codeDisplay: string | null;
  description: string | null;
  from: Figures | null;
  to: Figures | null;
  change: Figures;
  method: { from: string | null; to: string | null };
  reason: { from: string | null; to: string | null };
}

export interface Comparison {
  from: string;
  to: string;
  lines: ComparisonLine[];
  total: { from: Figures; to: Figures; change: Figures };
}

const cents = (n: number | null | undefined): number => Math.round((n ?? 0) * 100);
const dollars = (c: number): number => c / 100;

function figuresOf(line: SnapshotLine | undefined): Figures {
  return Object.fromEntries(SNAPSHOT_FIGURES.map((f) => [f, line ? line[f] ?? 0 : 0])) as Figures;
}

function centsOf(figures: Figures): Record<SnapshotFigure, number> {
  return Object.fromEntries(SNAPSHOT_FIGURES.map((f) => [f, cents(figures[f])])) as Record<SnapshotFigure, number>;
}

function fromCents(values: Record<SnapshotFigure, number>): Figures {
  return Object.fromEntries(SNAPSHOT_FIGURES.map((f) => [f, dollars(values[f])])) as Figures;
}

const byCostCode = (lines: readonly SnapshotLine[]) => new Map(lines.map((l) => [l.costCodeId, l]));

/** Order: the largest movement of the estimate at completion first, then by code. */
function byMovement(a: { change: number; code: string | null; costCodeId: number }, b: { change: number; code: string | null; costCodeId: number }): number {
  return Math.abs(b.change) - Math.abs(a.change) || (a.code ?? '').localeCompare(b.code ?? '') || a.costCodeId - b.costCodeId;
}

/**
 * Compare two sets of a budget's lines (`a` the earlier): per line (every line on either side) and in total, each
 * figure on both sides and its change, the methods and the reasons typed; sorted by the largest change of the
 * estimate at completion. Totals are sums in cents, so the lines' changes add up to the total's.
 */
export function compareSnapshots(a: readonly SnapshotLine[], b: readonly SnapshotLine[], labels: { from: string; to: string } = { from: 'from', to: 'to' }): Comparison {
  const before = byCostCode(a);
  const after = byCostCode(b);
  const ids = [...new Set([...before.keys(), ...after.keys()])];
  const totalFrom = Object.fromEntries(SNAPSHOT_FIGURES.map((f) => [f, 0])) as Record<SnapshotFigure, number>;
  const totalTo = { ...totalFrom };
  const lines = ids.map((id): ComparisonLine & { sortChange: number } => {
    const x = before.get(id);
    const y = after.get(id);
    const fromCentsLine = centsOf(figuresOf(x));
    const toCentsLine = centsOf(figuresOf(y));
    const change = {} as Record<SnapshotFigure, number>;
    for (const f of SNAPSHOT_FIGURES) {
      change[f] = toCentsLine[f] - fromCentsLine[f];
      totalFrom[f] += fromCentsLine[f];
      totalTo[f] += toCentsLine[f];
    }
    const named = y ?? x!;
    return {
      costCodeId: id, code: named.code ?? null, codeDisplay: named.codeDisplay ?? null, description: named.description ?? null,
      from: x ? fromCents(fromCentsLine) : null, to: y ? fromCents(toCentsLine) : null, change: fromCents(change),
      method: { from: x?.method ?? null, to: y?.method ?? null }, reason: { from: x?.reason ?? null, to: y?.reason ?? null },
      sortChange: change.estimateAtCompletion,
    };
  });
  lines.sort((p, q) => byMovement({ change: p.sortChange, code: p.code, costCodeId: p.costCodeId }, { change: q.sortChange, code: q.code, costCodeId: q.costCodeId }));
  const totalChange = Object.fromEntries(SNAPSHOT_FIGURES.map((f) => [f, totalTo[f] - totalFrom[f]])) as Record<SnapshotFigure, number>;
  return {
    from: labels.from, to: labels.to,
    lines: lines.map(({ sortChange: _sortChange, ...line }) => line),
    total: { from: fromCents(totalFrom), to: fromCents(totalTo), change: fromCents(totalChange) },
  };
}

// --- why did the forecast move ----------------------------------------------------------------------

/** The sources of a movement, in the order they are applied. */
export const MOVEMENT_SOURCES = ['budgetChanges', 'commitments', 'actualCost', 'projections', 'remainder'] as const;
export type MovementSource = (typeof MOVEMENT_SOURCES)[number];

export const MOVEMENT_LABELS: Readonly<Record<MovementSource, string>> = {
  budgetChanges: 'Approved owner and budget changes',
  commitments: 'New or changed commitments and their change orders',
  actualCost: 'Actual cost beyond what was forecast',
  projections: 'Projection changes typed by the PM',
  remainder: 'Not explained by the sources',
};

/** The figure whose records explain a source. */
const SOURCE_FIGURE: Readonly<Partial<Record<MovementSource, SourcedFigure>>> = {
  budgetChanges: 'approvedChanges', commitments: 'committed', actualCost: 'actualToDate',
};

/** A record behind a source: its change of the source's figure between the two sides (a projection: its line's effect). */
export interface MovementRecord {
  recordKey: string;
  recordId: number;
  number: string | null;
  amount: number;
  /** Projection changes: the reasons typed before and after, and the methods. */
  reason?: string | null;
  previousReason?: string | null;
  method?: { from: string | null; to: string | null };
}

export interface MovementPart {
  source: MovementSource;
  label: string;
  /** The part of the change of the estimate at completion this source made. */
  amount: number;
  /** The change of the source's own figure (approved changes, committed, actual to date), where it has one. */
  figureChange: number | null;
  /** The part of `figureChange` no listed record explains (a record edited outside the kept sources), 0 when all is linked. */
  unlinked: number | null;
  records: MovementRecord[];
}

export interface MovementLine {
  costCodeId: number;
  code: string | null;
  codeDisplay: string | null;
  description: string | null;
  change: number;
  bySource: Partial<Record<MovementSource, number>>;
}

export interface Movement {
  from: string;
  to: string;
  fromEstimateAtCompletion: number;
  toEstimateAtCompletion: number;
  change: number;
  /** Sources in order; `remainder` only when it is not 0. The amounts add up to `change` exactly. */
  parts: MovementPart[];
  /** Lines that moved, the largest movement first. */
  lines: MovementLine[];
}

/** The estimate at completion of the automatic method in cents: actual plus the larger of budget left and commitment open (never below 0). */
const autoEac = (budget: number, actual: number, remaining: number): number => actual + Math.max(0, budget - actual, remaining);

/**
 * The change of one line's estimate at completion (cents) split by source, applied one after the other:
 * 1. budget changes: the current budget moves (an automatic forecast follows it; a typed one stands);
 * 2. commitments: committed moves, and the commitment still open with it;
 * 3. actual cost beyond what was forecast: cost spent past the forecast (the budget left or open commitment of an
 *    automatic line; the typed cost to complete of a manual one);
 * 4. projection changes: what the PM typed or switched (method, cost to complete) on either side;
 * 5. remainder: what is left, which is 0 unless a side's figures disagree with themselves (an automatic line whose
 *    estimate is not its own formula's).
 */
export function lineMovement(before: SnapshotLine | undefined, after: SnapshotLine | undefined): Record<MovementSource, number> {
  const b = centsOf(figuresOf(before));
  const a = centsOf(figuresOf(after));
  const beforeAuto = (before?.method ?? 'auto') === 'auto';
  const afterAuto = (after?.method ?? 'auto') === 'auto';
  const out: Record<MovementSource, number> = { budgetChanges: 0, commitments: 0, actualCost: 0, projections: 0, remainder: 0 };
  let start: number;
  let reached: number;
  if (beforeAuto) {
    start = autoEac(b.currentBudget, b.actualToDate, b.remainingCommitment);
    const afterBudget = autoEac(a.currentBudget, b.actualToDate, b.remainingCommitment);
    const openCommitment = Math.max(0, b.remainingCommitment + a.committed - b.committed);
    const afterCommitments = autoEac(a.currentBudget, b.actualToDate, openCommitment);
    reached = autoEac(a.currentBudget, a.actualToDate, a.remainingCommitment);
    out.budgetChanges = afterBudget - start;
    out.commitments = afterCommitments - afterBudget;
    out.actualCost = reached - afterCommitments;
  } else {
    const typed = b.projectedCostToComplete;
    start = b.actualToDate + typed;
    // The typed cost to complete covers what was spent until it runs out: only spending past it moves the estimate.
    reached = a.actualToDate + Math.max(0, typed - (a.actualToDate - b.actualToDate));
    out.actualCost = reached - start;
  }
  const typedSide = !beforeAuto || !afterAuto;
  const rest = a.estimateAtCompletion - reached;
  if (typedSide) out.projections = rest;
  // The parts telescope: (start − before) + (reached − start) + (after − reached) = after − before, exactly.
  out.remainder = (start - b.estimateAtCompletion) + (typedSide ? 0 : rest);
  return out;
}

/**
 * "Why did the forecast move": the change of the budget's estimate at completion from `before` to `after`,
 * broken down by source (see {@link lineMovement}); each source lists its records: the change of each record's part
 * of the source's figure between the sides (from the records each side kept), the projection changes each line's
 * effect with the reasons typed. The parts add up to the change exactly (in cents); `remainder` is listed only when
 * it is not 0.
 */
export function whyMoved(
  before: readonly SnapshotLine[], after: readonly SnapshotLine[],
  sources: { before: readonly SourceRecord[]; after: readonly SourceRecord[] },
  labels: { from: string; to: string } = { from: 'from', to: 'to' },
): Movement {
  const x = byCostCode(before);
  const y = byCostCode(after);
  const ids = [...new Set([...x.keys(), ...y.keys()])];
  const sums: Record<MovementSource, number> = { budgetChanges: 0, commitments: 0, actualCost: 0, projections: 0, remainder: 0 };
  const figureChange: Record<SourcedFigure, number> = { approvedChanges: 0, committed: 0, actualToDate: 0 };
  const projectionRecords: MovementRecord[] = [];
  const lines: MovementLine[] = [];
  let fromEac = 0;
  let toEac = 0;
  for (const id of ids) {
    const b = x.get(id);
    const a = y.get(id);
    const parts = lineMovement(b, a);
    const change = cents(a?.estimateAtCompletion) - cents(b?.estimateAtCompletion);
    fromEac += cents(b?.estimateAtCompletion);
    toEac += cents(a?.estimateAtCompletion);
    for (const source of MOVEMENT_SOURCES) sums[source] += parts[source];
    for (const figure of Object.keys(figureChange) as SourcedFigure[]) figureChange[figure] += cents(a?.[figure]) - cents(b?.[figure]);
    const named = a ?? b!;
    if (parts.projections !== 0) {
      projectionRecords.push({
        recordKey: 'CostCode', recordId: id, number: named.codeDisplay ?? named.code ?? null, amount: dollars(parts.projections),
        reason: a?.reason ?? null, previousReason: b?.reason ?? null, method: { from: b?.method ?? null, to: a?.method ?? null },
      });
    }
    if (change !== 0 || MOVEMENT_SOURCES.some((s) => parts[s] !== 0)) {
      const bySource: Partial<Record<MovementSource, number>> = {};
      for (const source of MOVEMENT_SOURCES) if (parts[source] !== 0) bySource[source] = dollars(parts[source]);
      lines.push({ costCodeId: id, code: named.code ?? null, codeDisplay: named.codeDisplay ?? null, description: named.description ?? null, change: dollars(change), bySource });
    }
  }
  lines.sort(byMovement);
  projectionRecords.sort((p, q) => Math.abs(q.amount) - Math.abs(p.amount) || p.recordId - q.recordId);

  // Each record's part of a figure on each side, summed over the lines; the change is after minus before.
  const recordChanges = new Map<string, { figure: SourcedFigure; record: MovementRecord; cents: number }>();
  const add = (list: readonly SourceRecord[], sign: 1 | -1) => {
    for (const s of list) {
      const key = `${s.component}|${s.recordKey}|${s.recordId}`;
      const entry = recordChanges.get(key) ?? { figure: s.component, record: { recordKey: s.recordKey, recordId: s.recordId, number: s.number, amount: 0 }, cents: 0 };
      entry.cents += sign * cents(s.amount);
      if (s.number) entry.record.number = s.number;
      recordChanges.set(key, entry);
    }
  };
  add(sources.before, -1);
  add(sources.after, 1);

  const parts: MovementPart[] = [];
  for (const source of MOVEMENT_SOURCES) {
    if (source === 'remainder' && sums.remainder === 0) continue;
    const figure = SOURCE_FIGURE[source];
    let records: MovementRecord[] = [];
    let unlinked: number | null = null;
    if (figure) {
      const moved = [...recordChanges.values()].filter((e) => e.figure === figure && e.cents !== 0);
      moved.sort((p, q) => Math.abs(q.cents) - Math.abs(p.cents) || p.record.recordKey.localeCompare(q.record.recordKey) || p.record.recordId - q.record.recordId);
      records = moved.map((e) => ({ ...e.record, amount: dollars(e.cents) }));
      unlinked = dollars(figureChange[figure] - moved.reduce((n, e) => n + e.cents, 0));
    } else if (source === 'projections') {
      records = projectionRecords;
    }
    parts.push({
      source, label: MOVEMENT_LABELS[source], amount: dollars(sums[source]),
      figureChange: figure ? dollars(figureChange[figure]) : null, unlinked, records,
    });
  }
  return { from: labels.from, to: labels.to, fromEstimateAtCompletion: dollars(fromEac), toEstimateAtCompletion: dollars(toEac), change: dollars(toEac - fromEac), parts, lines };
}

const monthName = /*#__PURE__*/ new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** A period as people say it: '2026-11' → 'November 2026'. */
export function periodLabel(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return monthName.format(new Date(Date.UTC(y, m - 1, 15)));
}
