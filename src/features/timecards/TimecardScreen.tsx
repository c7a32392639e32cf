/**
 * The weekly timecard screen (issue 13, `<tc-timecard>`): one employee's week with its lines, the
 * checks of the core while typing (each message at its cell or field), Save / Submit / Recall, the
 * deadline in Central and local time, week navigation, Copy last week, and on a phone a day-by-day list.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ApiError } from '../../core/api';
import { formatDateTime } from '../../core/format';
import { showMessage, showPrompt, showToast } from '../../core/messages';
import {
  HOUR_FIGURES_TEXT, INVALID, TIMECARD_STATE_TEXT, addDays, checkTimecard, hourFigures, isDay, lineKey, policyInput, weekDays, weekOf,
  type ExpectedHours, type FeedbackItem,
} from '../../core/timecards';
import type { ChargeOption, TimecardAdvancement, TimecardLoad } from '../../core/timecards/contract';
import { writeFailure } from '../../core/records';
import { RecordStateBadge } from '../../ui/records';
import {
  blankLine, cellHours, copiedLines, editLines, loadTimecard, newLineKey, policyLine, saveTimecard, sumHours, updateTimecardState,
  type EditLine, type TimecardQuery,
} from './data';
import { TIMECARD_ADMINS } from '../../core/access';
import { $roles, hasAccess } from '../../core/roles';
import { useStore } from '../../ui/hooks';
import { useDraft, withNewKeys, withoutKeys } from '../../ui/drafts';
import { Deadline } from './Deadline';
import { EmployeePicker } from './EmployeePicker';
import { DayList } from './DayList';
import { HoursGrid, Messages, messageId, type GridProps } from './HoursGrid';
import { LoadProblem } from '../../ui/LoadProblem';
import { useLoad } from '../../ui/useLoad';
import { today } from '../../core/clock';
import { currentEmployeeId } from '../../core/auth/current-user';
import { QUERY_SCHEMAS, navigate, parseQuery } from '../../core/router';

export interface TimecardProps {
  employeeId?: number;
  timecardId?: number;
  recordId?: number;
  recordKey?: string;
  workbench?: string;
  activeTray?: string;
  activeTab?: string;
  search?: string;
  /** Any day of the week to open when there is no timecardId (added to §2's query, issue 13). */
  weekStart?: string;
}

/** Texts the screen shows; tests read them. */
export const TIMECARD_SCREEN_TEXT = {
  title: 'Timecard',
  loading: 'Loading the timecard…',
  loadFailed: 'The timecard could not be loaded.',
  timedOut: 'The server did not answer in time.',
  forbidden: 'You may not see this timecard: it belongs to another employee whose cards you cannot open.',
  signedOut: 'Your sign-in has expired. Sign in again, then choose Retry.',
  preview: 'Timecard Preview',
  previewNote: (name: string) => `${name}'s card, read-only.`,
  /** The state shown for a week without a card (answered computed, timecardId null, until its first save). */
  notStarted: 'Not started',
  previousWeek: 'Previous week',
  nextWeek: 'Next week',
  thisWeek: 'This week',
  addLine: 'Add line',
  copyLastWeek: 'Copy last week',
  nothingToCopy: 'Last week has no lines to copy.',
  alreadyCopied: "Last week's lines are already here: nothing was copied.",
  copied: (count: number) => `${count} line${count === 1 ? '' : 's'} copied from last week, without hours.`,
  save: 'Save',
  saved: 'Timecard saved.',
  submit: 'Submit',
  submitted: 'Timecard submitted.',
  recalled: 'Timecard recalled: it is a Draft again.',
  fixFirst: 'Fix the marked entries first.',
  stale: 'Someone else changed this timecard since you opened it. Reload to get their version: your typed lines are kept.',
  reload: 'Reload',
  retry: 'Retry',
  refused: 'The server refused it: see the marked entries.',
  forbiddenWrite: 'You may not change this timecard.',
  failed: (what: string, detail: string) => `The timecard could not be ${what} (${detail}). Your typed hours are kept.`,
  unsavedLeave: 'Your typed hours are not saved. Leave this week anyway?',
  reasonLabel: 'Reason for the hours entered',
  changeApproved: 'Change approved card',
  changeReasonLabel: 'Reason for the change (recorded)',
  cancelChange: 'Cancel change',
  rejected: 'Rejected',
  rejectedBy: (name: string) => `Rejected by ${name}`,
  approvedBy: (name: string, at: string) => `Approved by ${name}${at ? ` on ${at}` : ''}`,
  onBehalfOf: (name: string) => ` on behalf of ${name}`,
  processed: 'Processed: this timecard is locked.',
  changes: 'Changes to the approved card',
  /** The hour figures (core HOUR_FIGURES_TEXT): expected, holidays, time off, entered, left / over, each apart. */
  figures: HOUR_FIGURES_TEXT,
  reasonPrompt: (action: string) => `Why? The reason goes with the ${action}.`,
} as const;

type LoadStatus = 'loading' | 'ready' | 'forbidden' | 'failed' | 'signedOut' | 'timedOut';
type Banner = { kind: 'stale' | 'error' | 'refused'; message: string; retry?: () => void } | null;

const TIMEOUT_MS = 20_000;
/** The identity of a line: project or opportunity, cost code, time type. */
const keyOf = (line: EditLine) => lineKey(policyInput([policyLine(line)], null).lines[0]!);
const valid = (n: number | undefined) => (typeof n === 'number' && Number.isSafeInteger(n) && n > 0 ? n : undefined);
const round = (n: number) => Math.round(n * 100) / 100;

/** Abort after TIMEOUT_MS with a TimeoutError (and when `outer` aborts). */
function timed(outer?: AbortSignal): { signal: AbortSignal; done(): void } {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new DOMException('timeout', 'TimeoutError')), TIMEOUT_MS);
  const onOuter = () => controller.abort(outer?.reason);
  outer?.addEventListener('abort', onOuter, { once: true });
  return { signal: controller.signal, done: () => { clearTimeout(timer); outer?.removeEventListener('abort', onOuter); } };
}
const isTimeout = (error: unknown) => error instanceof DOMException && error.name === 'TimeoutError';

/** What a failed load says: no access, signed out, no answer in time, or failed. */
function failedStatus(error: unknown): LoadStatus {
  if (error instanceof ApiError && error.status === 403) return 'forbidden';
  if (error instanceof ApiError && error.status === 401) return 'signedOut';
  return isTimeout(error) ? 'timedOut' : 'failed';
}

/** The expected hours of the load: the context's, else the header's. */
function expectedOf(load: TimecardLoad): ExpectedHours {
  if (load.context?.expected) return load.context.expected;
  const perDay = load.timecard.expectedByDay?.length === 7 ? load.timecard.expectedByDay : [0, 8, 8, 8, 8, 8, 0];
  const left = round(perDay.reduce((s, h) => s + h, 0));
  return { expected: load.timecard.expectedHours, reducedBy: round(load.timecard.expectedHours - left), left, perDay };
}

/** The card the element's attributes (or the address's query) name: a card id, else an employee's week. */
function queryOf(props: Pick<TimecardProps, 'timecardId' | 'recordId' | 'recordKey' | 'employeeId' | 'weekStart'>): TimecardQuery {
  const timecardId = valid(props.timecardId) ?? (!props.recordKey || props.recordKey === 'Timecard' ? valid(props.recordId) : undefined);
  if (timecardId) return { timecardId };
  return isDay(props.weekStart) ? { employeeId: valid(props.employeeId), weekStart: props.weekStart } : { employeeId: valid(props.employeeId) };
}

/** Inside the portal its router owns the address and gives the element the query as attributes. */
const inPortal = () => document.querySelector('portal-app') !== null;
/** The query names of a card on the address, any case (legacy links vary). */
const CARD_PARAMS = /^(timecardid|recordid|recordkey|employeeid|weekstart)$/i;

/**
 * Put the card of `query` on the address as a new history entry: this page's path and other query kept, the card
 * named by employee and week. Through the portal's router inside the portal; else pushState (the popstate listener
 * of the screen follows Back and Forward).
 */
function openAddress(query: TimecardQuery): void {
  const url = new URL(location.href);
  for (const name of [...url.searchParams.keys()]) if (CARD_PARAMS.test(name)) url.searchParams.delete(name);
  if (query.timecardId) url.searchParams.set('timecardId', String(query.timecardId));
  else {
    if (query.employeeId) url.searchParams.set('employeeId', String(query.employeeId));
    if (query.weekStart) url.searchParams.set('weekStart', query.weekStart);
  }
  const to = url.pathname + url.search + url.hash;
  if (to === location.pathname + location.search + location.hash) return;
  if (inPortal()) navigate(to);
  else history.pushState(history.state, '', to);
}

/** One hour figure of the card's summary; `data` names its value for tests and styles (data-expected …). */
function Figure({ name, value, data }: { name: string; value: number; data: string }) {
  return (
    <div><dt className="d-inline fw-normal text-body-secondary">{name} </dt><dd className="d-inline fw-semibold" {...{ [`data-${data}`]: '' }}>{value}</dd></div>
  );
}

/** A week's typed work as kept across a reload (line keys are the page's own, left out). */
interface KeptWeek {
  lines: Array<Omit<EditLine, 'key'>>;
  reason: string;
}

export function TimecardScreen(props: TimecardProps) {
  const initial: TimecardQuery = useMemo(
    () => queryOf(props),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the query's own props, not the whole object
    [props.timecardId, props.recordId, props.recordKey, props.employeeId, props.weekStart],
  );
  // A week chosen on the screen holds until the element's attributes change.
  const [chosen, setChosen] = useState<{ from: TimecardQuery; query: TimecardQuery } | null>(null);
  const query = chosen?.from === initial ? chosen.query : initial;
  /** Open another card; its address goes into the history (issue 29), so Back and Reload return to it. */
  const setQuery = (next: TimecardQuery) => {
    setChosen({ from: initial, query: next });
    openAddress(next);
  };

  // Outside the portal (a legacy page embeds the element) Back and Forward come here: show the card the address names.
  useEffect(() => {
    if (inPortal()) return undefined;
    const onPopState = () => {
      const named = queryOf(parseQuery(QUERY_SCHEMAS.timecard, new URLSearchParams(location.search)) as TimecardProps);
      setChosen(named.timecardId || named.weekStart ? { from: initial, query: named } : null);
    };
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, [initial]);
  const [load, setLoad] = useState<TimecardLoad | null>(null);
  const [manual, setManual] = useState<EditLine[]>([]);
  const [system, setSystem] = useState<EditLine[]>([]);
  const [dirty, setDirty] = useState(false);
  const [serverItems, setServerItems] = useState<FeedbackItem[]>([]);
  const [submitItems, setSubmitItems] = useState<FeedbackItem[]>([]);
  const [reason, setReason] = useState('');
  const [changing, setChanging] = useState(false);
  const [changeReason, setChangeReason] = useState('');
  const [banner, setBanner] = useState<Banner>(null);
  const [busy, setBusy] = useState(false);
  /** The signed-in user's employee id; undefined until known, null when it could not be read. */
  const [me, setMe] = useState<number | null | undefined>(undefined);
  const [phone, setPhone] = useState(false);
  const root = useRef<HTMLElement>(null);
  const roles = useStore($roles);
  /** Admin / Timecard Admin on keyTC: may preview anyone's card. */
  const previewer = hasAccess(TIMECARD_ADMINS.key, TIMECARD_ADMINS.roles, roles);
  const keepTyped = useRef(false);

  // Phone: the element's own width, not the window's (it may sit in a narrow column).
  useEffect(() => {
    const element = root.current;
    if (!element || typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(() => setPhone(element.getBoundingClientRect().width < 576));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    const abort = new AbortController();
    currentEmployeeId(abort.signal).then(setMe, () => { if (!abort.signal.aborted) setMe(null); });
    return () => abort.abort();
  }, []);

  const apply = useCallback((next: TimecardLoad, keep = false) => {
    setLoad(next);
    setSystem(editLines(next.lines.filter((l) => l.source !== 'manual')));
    if (!keep) {
      // The same lines keep their keys, so a cell being focused or typed in is not replaced by the answer.
      setManual((before) => {
        const fresh = editLines(next.lines.filter((l) => l.source === 'manual'));
        return fresh.map((line, i) => (before[i] && keyOf(before[i]) === keyOf(line) ? { ...line, key: before[i].key } : line));
      });
      setDirty(false);
      setChanging(false);
      setChangeReason('');
      setReason(next.timecard.shortfallReason ?? '');
    }
    setServerItems([]);
    setSubmitItems([]);
  }, []);

  // The card of the query; its answer goes into the edit state (typed lines kept when a reload asks). A reload (Retry,
  // Reload) is a new load of the card: the card leaves the screen for the progress line before the request goes.
  const [reloads, setReloads] = useState(0);
  const { state: cardLoad } = useLoad(`${JSON.stringify(query)}#${reloads}`, async (signal) => {
    const answer = await loadTimecard(query, signal);
    if (!signal.aborted) {
      apply(answer, keepTyped.current);
      keepTyped.current = false;
    }
    return answer;
  }, { timeoutMs: TIMEOUT_MS, what: 'Timecard load' });
  const status: LoadStatus = cardLoad.status === 'failed' ? failedStatus(cardLoad.error) : cardLoad.status;
  const retryLoad = () => setReloads((n) => n + 1);

  // Typed hours survive a reload (issue 16): the week's manual lines and reason are kept while they differ from the card.
  const savedWeek = useMemo(() => (load ? {
    lines: withoutKeys(editLines(load.lines.filter((l) => l.source === 'manual'))), reason: load.timecard.shortfallReason ?? '',
  } : undefined), [load]);
  const kept = useDraft<KeptWeek>({
    screen: 'tc-timecard', recordKey: 'Timecard', recordId: load ? `${load.timecard.employeeId}:${load.timecard.weekStart}` : undefined,
    value: load ? { lines: withoutKeys(manual), reason } : undefined, saved: savedWeek,
    enabled: load !== null && me !== undefined && Boolean(load.timecard.mayEdit) && !load.timecard.editNeedsReason,
    restore: (value) => {
      if (!value || !Array.isArray(value.lines)) return;
      setManual(withNewKeys(value.lines, newLineKey));
      setReason(typeof value.reason === 'string' ? value.reason : '');
      setDirty(true);
    },
  });

  const header = load?.timecard;
  const expected = useMemo(() => (load ? expectedOf(load) : null), [load]);
  /** The core's checks over the editable lines then the read-only ones (feedback `lines[i]` is that order, as on the server). */
  const check = useCallback((submitting: boolean) => {
    const input = policyInput([...manual, ...system].map(policyLine), load?.context, { submit: submitting, reason, withExpected: false });
    return checkTimecard(input.lines, expected ? { ...input.context, expected } : input.context);
  }, [manual, system, load, reason, expected]);
  const days = header ? weekDays(header.weekStart) : [];
  // Another employee's card is a read-only preview (§6 Timecard Preview), except a Timecard Admin's change of an Approved card.
  const someoneElse = typeof me === 'number' && header !== undefined && me !== header.employeeId;
  const editable = me !== undefined && Boolean(header?.mayEdit) && (header?.editNeedsReason ? changing : !someoneElse);

  // The hours-differ note is for a Draft being filled; an Approved card changed by a Timecard Admin keeps its submitted reason.
  const typedItems = useMemo(() => (expected ? check(false).filter((i) => i.stringValue !== 'reason' || header?.state === 'Draft') : []),
    [check, expected, header?.state]);
  const items = useMemo(() => {
    const all = [...serverItems, ...submitItems, ...typedItems];
    if (changing && !changeReason.trim()) all.push({ integerValue: INVALID, stringValue: 'changeReason', message: TIMECARD_STATE_TEXT.changeReason });
    // One message per field and text.
    const seen = new Set<string>();
    return all.filter((i) => { const k = `${i.stringValue}|${i.message}`; if (seen.has(k)) return false; seen.add(k); return true; });
  }, [serverItems, submitItems, typedItems, changing, changeReason]);
  const byField = useMemo(() => {
    const map = new Map<string, FeedbackItem[]>();
    for (const item of items) map.set(item.stringValue, [...(map.get(item.stringValue) ?? []), item]);
    return map;
  }, [items]);

  const allRows = [...manual, ...system];
  const dayTotals = days.map((_, d) => sumHours(allRows.map((l) => (l.source === 'manual' ? cellHours(l.text[d] ?? '') : l.hours[d] ?? 0))));
  const weekTotal = sumHours(dayTotals);
  // The card's hour figures: the typed lines and the system's, counted by the one core function (as My weeks counts them).
  const figures = hourFigures(expected?.expected ?? 0, [...manual.map((l) => ({ timeType: l.timeType, hours: l.text.map(cellHours) })), ...system]);

  const edit = (change: (lines: EditLine[]) => EditLine[]) => {
    setManual((lines) => change(lines));
    setDirty(true);
    setServerItems([]);
    setSubmitItems([]);
  };
  const gridProps: GridProps = {
    days, manual, system, readOnly: !editable, problems: { byField }, dayTotals, weekTotal,
    onCell: (row, day, text) => edit((lines) => lines.map((l, i) => (i === row ? { ...l, text: l.text.map((t, d) => (d === day ? text : t)) } : l))),
    onPick: (row, option: ChargeOption) => edit((lines) => lines.map((l, i) => {
      if (i !== row) return l;
      const only = option.costCodes.length === 1 ? option.costCodes[0] : undefined;
      const base = { ...l, costCodeOptions: option.costCodes, costCodeId: null, costCode: null, costCodeName: null, opportunityCostCodeId: null };
      const withCode = (id: number | null) => (option.kind === 'opportunity'
        ? { opportunityCostCodeId: id, costCodeId: null }
        : { costCodeId: id, opportunityCostCodeId: null });
      const code = only ? { ...withCode(only.id), costCode: only.code, costCodeName: only.name } : {};
      return option.kind === 'project'
        ? { ...base, projectId: option.id, projectNumber: option.number, projectName: option.name, opportunityId: null, opportunityNumber: null, opportunityName: null, ...code }
        : { ...base, opportunityId: option.id, opportunityNumber: option.number, opportunityName: option.name, projectId: null, projectNumber: null, projectName: null, ...code };
    })),
    onCode: (row, id) => edit((lines) => lines.map((l, i) => {
      if (i !== row) return l;
      const code = l.costCodeOptions?.find((c) => c.id === id);
      const value = id > 0 ? id : null;
      return { ...l, ...(l.opportunityId ? { opportunityCostCodeId: value } : { costCodeId: value }), costCode: code?.code ?? null, costCodeName: code?.name ?? null };
    })),
    onType: (row, timeType) => edit((lines) => lines.map((l, i) => (i === row ? { ...l, timeType: timeType as EditLine['timeType'] } : l))),
    onRemove: (row) => edit((lines) => lines.filter((_, i) => i !== row)),
  };

  /** What a failed write shows; typed lines stay as they are. */
  const failed = (error: unknown, what: string, again: () => void) => {
    const failure = writeFailure(error, {
      stale: TIMECARD_SCREEN_TEXT.stale, refused: TIMECARD_SCREEN_TEXT.refused, signedOut: TIMECARD_SCREEN_TEXT.signedOut,
      forbidden: TIMECARD_SCREEN_TEXT.forbiddenWrite, timeout: TIMECARD_SCREEN_TEXT.failed(what, TIMECARD_SCREEN_TEXT.timedOut),
      failed: (detail) => TIMECARD_SCREEN_TEXT.failed(what, detail),
    });
    if (failure.kind === 'stale') setBanner({ kind: 'stale', message: failure.message });
    else if (failure.kind === 'refused') {
      setServerItems(failure.feedback);
      setBanner({ kind: 'refused', message: failure.message });
    } else setBanner({ kind: 'error', message: failure.message, retry: again });
  };

  const reloadKeepingTyped = () => {
    keepTyped.current = true;
    setBanner(null);
    retryLoad();
  };

  async function write<T>(work: (signal: AbortSignal) => Promise<T>): Promise<T> {
    const timer = timed();
    try {
      return await work(timer.signal);
    } finally {
      timer.done();
    }
  }

  const saveNow = async (): Promise<TimecardLoad | null> => {
    if (!header) return null;
    // The client's own checks gate the call (a server refusal shown at the fields does not: the server decides again).
    const refused = typedItems.some((i) => i.integerValue === INVALID && i.stringValue !== 'reason') || (changing && !changeReason.trim());
    if (refused) {
      setBanner({ kind: 'refused', message: TIMECARD_SCREEN_TEXT.fixFirst });
      return null;
    }
    const answer = await write(() => saveTimecard({
      timecardId: header.timecardId, employeeId: header.employeeId, weekStart: header.weekStart, version: header.version, lines: manual,
      reason: changing ? changeReason : undefined,
    }));
    return answer;
  };

  const save = async () => {
    setBusy(true);
    setBanner(null);
    try {
      const answer = await saveNow();
      if (answer) { apply(answer); showToast(TIMECARD_SCREEN_TEXT.saved, { variant: 'success' }); }
    } catch (error) {
      failed(error, 'saved', () => void save());
    } finally {
      setBusy(false);
    }
  };

  const advance = async (advancement: TimecardAdvancement, fresh: TimecardLoad, why?: string) => {
    const answer = await write(() => updateTimecardState({
      timecardId: fresh.timecard.timecardId ?? 0, oldRecordStateId: fresh.timecard.applicationRecordStateId, routeStateId: advancement.routeStateId, reason: why,
    }));
    apply(answer);
    return answer;
  };

  const submit = async () => {
    if (!header || !expected) return;
    setBanner(null);
    const checked = check(true);
    const invalid = checked.filter((i) => i.integerValue === INVALID);
    if (invalid.length) {
      setSubmitItems(invalid);
      setBanner({ kind: 'refused', message: TIMECARD_SCREEN_TEXT.fixFirst });
      if (invalid.some((i) => i.stringValue === 'reason')) root.current?.querySelector<HTMLTextAreaElement>('#tc-reason')?.focus();
      return;
    }
    setBusy(true);
    try {
      let fresh: TimecardLoad = load!;
      if (dirty || !header.timecardId) {
        const saved = await saveNow();
        if (!saved) return;
        fresh = saved;
        apply(saved);
      }
      const step = fresh.timecard.advancements.find((a) => a.action === 'submit');
      if (!step) { setBanner({ kind: 'error', message: TIMECARD_STATE_TEXT.notAllowed(fresh.timecard.state, 'Submitted') }); return; }
      await advance(step, fresh, reason.trim() || undefined);
      showToast(TIMECARD_SCREEN_TEXT.submitted, { variant: 'success' });
    } catch (error) {
      failed(error, 'submitted', () => void submit());
    } finally {
      setBusy(false);
    }
  };

  const runAdvancement = async (step: TimecardAdvancement) => {
    if (!load) return;
    let why: string | undefined;
    if (step.needsReason) {
      const answer = await showPrompt({ title: step.name, message: TIMECARD_SCREEN_TEXT.reasonPrompt(step.action), input: 'textarea', inputLabel: 'Reason', buttons: ['cancel', 'ok'], labels: { ok: step.name } });
      if (answer.result !== true) return;
      if (!answer.text.trim()) { void showMessage({ title: step.name, message: TIMECARD_STATE_TEXT.rejectReason, buttons: ['ok'] }); return; }
      why = answer.text;
    }
    setBusy(true);
    setBanner(null);
    try {
      await advance(step, load, why);
      showToast(step.action === 'recall' ? TIMECARD_SCREEN_TEXT.recalled : `${step.name}: done.`, { variant: 'success' });
    } catch (error) {
      failed(error, step.action === 'recall' ? 'recalled' : 'updated', () => void runAdvancement(step));
    } finally {
      setBusy(false);
    }
  };

  /** Open another card (`next` of this one's header): hours typed and not saved are left only once the user says so. */
  const goTo = async (next: (current: NonNullable<typeof header>) => TimecardQuery) => {
    if (!header) return;
    if (dirty) {
      const leave = await showMessage({ title: 'Unsaved hours', message: TIMECARD_SCREEN_TEXT.unsavedLeave, buttons: ['cancel', 'ok'], labels: { ok: 'Leave' } });
      if (leave !== true) return;
    }
    setBanner(null);
    setQuery(next(header));
  };
  const goToWeek = (weekStart: string) => goTo((current) => ({ employeeId: current.employeeId, weekStart }));
  const goToEmployee = (id: number) => goTo((current) => ({ employeeId: id, weekStart: current.weekStart }));

  const copyLastWeek = async () => {
    if (!header) return;
    setBusy(true);
    try {
      const previous = await write((signal) => loadTimecard({ employeeId: header.employeeId, weekStart: addDays(header.weekStart, -7) }, signal));
      const lastWeek = copiedLines(previous.lines);
      // A line already here (same charge, code and type) is not copied again: a second copy adds nothing.
      const missing = (lines: readonly EditLine[]) => {
        const have = new Set(lines.map(keyOf));
        return lastWeek.filter((l) => !have.has(keyOf(l)));
      };
      const copies = missing(manual);
      if (!lastWeek.length) showToast(TIMECARD_SCREEN_TEXT.nothingToCopy, { variant: 'info' });
      else if (!copies.length) showToast(TIMECARD_SCREEN_TEXT.alreadyCopied, { variant: 'info' });
      else {
        edit((lines) => [...lines, ...missing(lines)]);
        showToast(TIMECARD_SCREEN_TEXT.copied(copies.length), { variant: 'success' });
      }
    } catch (error) {
      failed(error, 'copied from last week', () => void copyLastWeek());
    } finally {
      setBusy(false);
    }
  };

  if (status !== 'ready' || !header || !expected) {
    return (
      <main ref={root} className="container-fluid py-3" data-screen="timecard">
        <h1 className="h4">{TIMECARD_SCREEN_TEXT.title}</h1>
        {status === 'forbidden' ? <LoadProblem variant="warning" state="forbidden" message={TIMECARD_SCREEN_TEXT.forbidden} onRetry={retryLoad} />
          : status === 'loading' ? (
            <div role="status" className="text-body-secondary" data-state="loading">
              <span className="spinner-border spinner-border-sm me-2" aria-hidden="true"></span>{TIMECARD_SCREEN_TEXT.loading}
            </div>
          ) : (
            <div className="alert alert-danger d-flex align-items-center gap-3" role="alert" data-state={status}>
              <span>{status === 'signedOut' ? TIMECARD_SCREEN_TEXT.signedOut : status === 'timedOut' ? `${TIMECARD_SCREEN_TEXT.loadFailed} ${TIMECARD_SCREEN_TEXT.timedOut}` : TIMECARD_SCREEN_TEXT.loadFailed}</span>
              <button type="button" className="btn btn-sm btn-outline-danger" onClick={retryLoad}>{TIMECARD_SCREEN_TEXT.retry}</button>
            </div>
          )}
      </main>
    );
  }

  const preview = someoneElse && !(header.editNeedsReason && header.mayEdit);
  const submitStep = header.advancements.find((a) => a.action === 'submit');
  const otherSteps = header.advancements.filter((a) => a.action !== 'submit');
  const canSubmit = header.state === 'Draft' && (Boolean(submitStep) || (!header.timecardId && header.mayEdit && !someoneElse));
  const thisWeek = weekOf(today()).weekStart;
  const reasonShown = editable && (figures.left > 0 || figures.over > 0) && header.state === 'Draft';

  return (
    <main ref={root} className="container-fluid py-3" data-screen="timecard" data-state-name={header.state} data-phone={phone || undefined}
      data-week-start={header.weekStart}>
      <div className="d-flex flex-wrap align-items-baseline gap-2 mb-2">
        <h1 className="h4 mb-0">{preview ? TIMECARD_SCREEN_TEXT.preview : TIMECARD_SCREEN_TEXT.title}</h1>
        <span className="fw-semibold" data-employee>{header.employeeName}</span>
        <RecordStateBadge state={header.timecardId ? header.state : TIMECARD_SCREEN_TEXT.notStarted} data-state={header.state}
          tone={header.state === 'Approved' ? 'success' : header.state === 'Submitted' ? 'primary' : header.state === 'Processed' ? 'dark' : 'secondary'} />
        {preview ? <span className="text-body-secondary small" data-preview>{TIMECARD_SCREEN_TEXT.previewNote(header.employeeName)}</span> : null}
      </div>

      <nav className="d-flex flex-wrap align-items-center gap-2 mb-2" aria-label="Weeks">
        <button type="button" className="btn btn-sm btn-outline-secondary" data-week="previous" onClick={() => void goToWeek(addDays(header.weekStart, -7))}>
          ‹ {TIMECARD_SCREEN_TEXT.previousWeek}</button>
        <span className="fw-semibold" data-week-range>{days[0]?.slice(5).replace('-', '/')}/{days[0]?.slice(0, 4)} – {days[6]?.slice(5).replace('-', '/')}/{days[6]?.slice(0, 4)}</span>
        <button type="button" className="btn btn-sm btn-outline-secondary" data-week="next" onClick={() => void goToWeek(addDays(header.weekStart, 7))}>
          {TIMECARD_SCREEN_TEXT.nextWeek} ›</button>
        <button type="button" className="btn btn-sm btn-link" data-week="this" disabled={header.weekStart === thisWeek} onClick={() => void goToWeek(thisWeek)}>
          {TIMECARD_SCREEN_TEXT.thisWeek}</button>
      </nav>

      {previewer ? <EmployeePicker weekStart={header.weekStart} onOpen={(id) => void goToEmployee(id)} /> : null}

      <Deadline dueDate={header.dueDate} owed={header.state === 'Draft'} />

      {header.state === 'Draft' && header.rejectionReason ? (
        <div className="alert alert-danger mt-2 mb-2" role="alert" data-rejection>
          <div className="fw-semibold">{header.rejectedByName ? TIMECARD_SCREEN_TEXT.rejectedBy(header.rejectedByName) : TIMECARD_SCREEN_TEXT.rejected}</div>
          <div data-rejection-reason style={{ whiteSpace: 'pre-wrap' }}>{header.rejectionReason}</div>
        </div>
      ) : null}
      {header.approvedByName && (header.state === 'Approved' || header.state === 'Processed') ? (
        <p className="mt-2 mb-1" data-approved-by>
          {TIMECARD_SCREEN_TEXT.approvedBy(header.approvedByName, formatDateTime(header.approvedAt))}
          {header.onBehalfOfName ? TIMECARD_SCREEN_TEXT.onBehalfOf(header.onBehalfOfName) : ''}
        </p>
      ) : null}
      {header.state === 'Processed' ? <p className="text-body-secondary mt-1 mb-1" data-locked>{TIMECARD_SCREEN_TEXT.processed}</p> : null}

      <dl className="d-flex flex-wrap gap-3 my-2 small" data-summary>
        <Figure name={HOUR_FIGURES_TEXT.expected} value={figures.expected} data="expected" />
        <Figure name={HOUR_FIGURES_TEXT.holidays} value={figures.holidays} data="holidays" />
        <Figure name={HOUR_FIGURES_TEXT.timeOff} value={figures.timeOff} data="time-off" />
        <Figure name={HOUR_FIGURES_TEXT.entered} value={figures.entered} data="entered" />
        {figures.over > 0 ? <Figure name={HOUR_FIGURES_TEXT.over} value={figures.over} data="over" />
          : <Figure name={HOUR_FIGURES_TEXT.left} value={figures.left} data="left" />}
      </dl>

      {editable ? kept.banner : null}
      {banner ? (
        <div className={`alert ${banner.kind === 'stale' ? 'alert-warning' : 'alert-danger'} d-flex flex-wrap align-items-center gap-2 py-2`} role="alert" data-banner={banner.kind}>
          <span>{banner.message}</span>
          {banner.kind === 'stale' ? <button type="button" className="btn btn-sm btn-outline-secondary" data-reload onClick={reloadKeepingTyped}>{TIMECARD_SCREEN_TEXT.reload}</button> : null}
          {banner.retry ? <button type="button" className="btn btn-sm btn-outline-danger" data-retry onClick={() => { const again = banner.retry; setBanner(null); again?.(); }}>{TIMECARD_SCREEN_TEXT.retry}</button> : null}
        </div>
      ) : null}
      <Messages field="" items={byField.get('')} className="mb-2" />

      {header.editNeedsReason && header.mayEdit ? (
        changing ? (
          <div className="mb-2" data-change-reason>
            <label className="form-label small mb-1" htmlFor="tc-change-reason">{TIMECARD_SCREEN_TEXT.changeReasonLabel}</label>
            <textarea id="tc-change-reason" className={`form-control form-control-sm${byField.get('changeReason') ? ' is-invalid' : ''}`} rows={2} value={changeReason}
              aria-describedby={byField.get('changeReason') ? messageId('changeReason') : undefined} aria-required="true"
              onChange={(e) => setChangeReason(e.target.value)} />
            <Messages field="changeReason" items={byField.get('changeReason')} />
          </div>
        ) : (
          <button type="button" className="btn btn-sm btn-warning mb-2" data-action="change-approved" onClick={() => setChanging(true)}>{TIMECARD_SCREEN_TEXT.changeApproved}</button>
        )
      ) : null}

      {phone ? <DayList {...gridProps} /> : <HoursGrid {...gridProps} />}

      {header.state !== 'Draft' && header.shortfallReason ? (
        <p className="my-2 small" data-shortfall-reason><span className="text-body-secondary">{TIMECARD_SCREEN_TEXT.reasonLabel}: </span>{header.shortfallReason}</p>
      ) : null}
      {reasonShown || (header.state === 'Draft' && byField.get('reason')) ? (
        <div className="my-2" data-reason>
          <label className="form-label small mb-1" htmlFor="tc-reason">{TIMECARD_SCREEN_TEXT.reasonLabel}</label>
          <textarea id="tc-reason" className={`form-control form-control-sm${byField.get('reason')?.some((i) => i.integerValue === INVALID) ? ' is-invalid' : ''}`} rows={2}
            value={reason} readOnly={!editable} aria-invalid={byField.get('reason')?.some((i) => i.integerValue === INVALID) || undefined} aria-describedby={byField.get('reason') ? messageId('reason') : undefined}
            onChange={(e) => { setReason(e.target.value); setSubmitItems([]); }} />
          <Messages field="reason" items={byField.get('reason')} />
        </div>
      ) : null}

      <div className="d-flex flex-wrap gap-2 mt-2" data-actions>
        {editable ? (
          <>
            <button type="button" className="btn btn-sm btn-outline-secondary" data-action="add-line" disabled={busy}
              onClick={() => edit((lines) => [...lines, blankLine()])}>{TIMECARD_SCREEN_TEXT.addLine}</button>
            <button type="button" className="btn btn-sm btn-outline-secondary" data-action="copy-last-week" disabled={busy}
              onClick={() => void copyLastWeek()}>{TIMECARD_SCREEN_TEXT.copyLastWeek}</button>
            <button type="button" className="btn btn-sm btn-primary" data-action="save" disabled={busy} onClick={() => void save()}>{TIMECARD_SCREEN_TEXT.save}</button>
            {changing ? <button type="button" className="btn btn-sm btn-link" data-action="cancel-change" onClick={() => apply(load!)}>{TIMECARD_SCREEN_TEXT.cancelChange}</button> : null}
          </>
        ) : null}
        {canSubmit && editable ? (
          <button type="button" className="btn btn-sm btn-success" data-action="submit" disabled={busy} onClick={() => void submit()}>{TIMECARD_SCREEN_TEXT.submit}</button>
        ) : null}
        {otherSteps.map((step) => (
          <button key={step.routeStateId} type="button" className={`btn btn-sm ${step.action === 'reject' ? 'btn-outline-danger' : 'btn-outline-primary'}`}
            data-action={step.action} disabled={busy} onClick={() => void runAdvancement(step)}>{step.name}</button>
        ))}
      </div>

      {load!.changes.length ? (
        <section className="mt-3" data-changes aria-labelledby="tc-changes">
          <h2 className="h6" id="tc-changes">{TIMECARD_SCREEN_TEXT.changes}</h2>
          <ul className="list-unstyled small mb-0">
            {load!.changes.map((c) => (
              <li key={c.timecardChangeId} className="mb-1" data-change={c.timecardChangeId}>
                <span className="fw-semibold">{formatDateTime(c.changedAt)}</span> {c.changedByName}: <span data-change-reason-text>{c.reason}</span>
                {c.description ? <span className="text-body-secondary"> · {c.description}</span> : null}
                <span className="text-body-secondary"> · {c.hoursBefore} → {c.hoursAfter} h</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </main>
  );
}
