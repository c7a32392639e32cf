/**
 * `<pfm-forecast>`'s view (/pfm/projects/forecast): a budget's forecast periods. The months (close, close for
 * the whole region, re-open with a reason), the comparison of two snapshots or a snapshot and today, and why
 * the forecast moved between them, by source, with links to the records. Each part loads on its own and fails
 * with its own Retry. The rules and numbers: src/core/projections/periods.ts.
 */
import { useState } from 'react';
import { attributeId } from '../../../core/attributes';
import { problemText, type ProblemTexts } from '../../../core/api';
import type { BudgetInfo } from '../../../core/projections/contract';
import { CURRENT_FIGURES, type Comparison, type ForecastPeriod, type Movement } from '../../../core/projections/periods';
import { $roles, $rolesStatus, hasAccess } from '../../../core/roles';
import { useStore } from '../../../ui/hooks';
import { LoadProblem, LoadProgress } from '../../../ui/LoadProblem';
import { LookupText } from '../../../ui/records';
import { useLoad, type LoadState } from '../../../ui/useLoad';
import { ComparisonTable } from './Comparison';
import { chosenBudget, defaultPair, loadComparison, loadForecastScope, loadMovement, loadPeriods, sideLabel, snapshotMonths } from './data';
import { Periods } from './Periods';
import { FORECAST_TEXT } from './text';
import { WhyMoved } from './WhyMoved';

export interface ForecastProps {
  projectId?: number;
  budgetId?: number;
}

/** What the roles the client knows allow: unknown roles show the buttons, and the server decides. */
function useMay(): { close: boolean; reopen: boolean } {
  const roles = useStore($roles);
  const status = useStore($rolesStatus);
  const known = status === 'loaded';
  return {
    close: !known || hasAccess('keyPFM', ['Admin', 'RPM'], roles),
    reopen: !known || hasAccess('keyPFM', ['Admin'], roles),
  };
}

/** A load's progress or failure (with Retry); null when it has data to show. */
function LoadStatus<T>({ state, retry, progress, problems, action }: { state: LoadState<T>; retry(): void; progress: string; problems: ProblemTexts; action: string }) {
  if (state.status === 'failed') {
    const forbidden = state.failure === 'forbidden';
    return <LoadProblem variant={forbidden ? 'warning' : 'danger'} state={forbidden ? 'forbidden' : 'failed'} message={problemText(state.error, problems)} onRetry={retry} action={action} />;
  }
  if (state.status === 'loading') return <LoadProgress label={progress} />;
  return null;
}

const SCOPE_LOAD = { what: 'Forecast budget load' };
const PERIODS_LOAD = { what: 'Forecast periods load' };
const COMPARISON_LOAD = { what: 'Forecast comparison load' };
const MOVEMENT_LOAD = { what: 'Forecast movement load' };

/** The screen. */
export function Forecast(props: ForecastProps) {
  const projectId = attributeId(props.projectId);
  const budgetId = attributeId(props.budgetId);
  const asked = projectId > 0 || budgetId > 0;
  const scope = useLoad(asked ? `${projectId}:${budgetId}` : null, (signal, attempt) => loadForecastScope({ projectId, budgetId }, signal, attempt), SCOPE_LOAD);
  const [picked, setPicked] = useState(budgetId);
  const data = scope.state.status === 'ready' ? scope.state.data : undefined;
  const budget = data ? chosenBudget(data, picked) : undefined;

  return (
    <main className="container-fluid py-3" data-screen="forecast">
      <div className="d-flex flex-wrap align-items-baseline gap-2 mb-3">
        <h1 className="h4 mb-0">{FORECAST_TEXT.title}</h1>
        {data && data.projectId > 0 ? <span className="text-body-secondary" data-project><LookupText type="pfm-project" id={data.projectId} /></span> : null}
        {data && data.budgets.length > 1 ? (
          <span className="ms-auto d-flex align-items-center gap-2">
            <label className="form-label small mb-0" htmlFor="forecast-budget">{FORECAST_TEXT.budgetLabel}</label>
            <select id="forecast-budget" className="form-select form-select-sm w-auto" value={budget?.budgetId ?? ''} data-field="budget"
              onChange={(e) => setPicked(Number(e.currentTarget.value))}>
              {data.budgets.map((b) => <option key={b.budgetId} value={b.budgetId}>{b.displayText || b.jobNumber}</option>)}
            </select>
          </span>
        ) : budget ? <span className="text-body-secondary small" data-budget>{budget.displayText || budget.jobNumber}</span> : null}
      </div>
      {!asked ? <div className="alert alert-info" role="status">{FORECAST_TEXT.noProject}</div>
        : !data ? <LoadStatus state={scope.state} retry={scope.retry} progress={FORECAST_TEXT.loadingScope} problems={FORECAST_TEXT.problems.scope} action="retry-scope" />
        : !budget ? <div className="alert alert-info" role="status">{FORECAST_TEXT.noBudget}</div>
        : <BudgetPeriods key={budget.budgetId} budget={budget} regionId={data.regionId} />}
    </main>
  );
}

function BudgetPeriods({ budget, regionId }: { budget: BudgetInfo; regionId: number | null }) {
  const may = useMay();
  const periods = useLoad(`periods:${budget.budgetId}`, (signal, attempt) => loadPeriods(budget.budgetId, signal, attempt), PERIODS_LOAD);
  const shown: ForecastPeriod[] | undefined = periods.state.status === 'ready' ? periods.state.data : 'last' in periods.state ? periods.state.last : undefined;
    return (
    <>
      {periods.state.status !== 'ready' ? (
        <LoadStatus state={periods.state} retry={periods.retry} progress={FORECAST_TEXT.loadingPeriods} problems={FORECAST_TEXT.problems.periods} action="retry-periods" />
      ) : null}
      {shown ? (
        <>
          <Periods budget={budget} regionId={regionId} periods={shown} canClose={may.close} canReopen={may.reopen} onChanged={periods.retry} />
          {/* A close or re-open changes the snapshots: the comparison starts again from the new default pair. */}
          <Compare key={snapshotMonths(shown).join(',')} budgetId={budget.budgetId} jobNumber={budget.jobNumber} periods={shown} />
        </>
      ) : null}
    </>
  );
}

function Compare({ budgetId, jobNumber, periods }: { budgetId: number; jobNumber: string; periods: readonly ForecastPeriod[] }) {
  const T = FORECAST_TEXT.compare;
  const months = snapshotMonths(periods);
  const [pair, setPair] = useState(() => defaultPair(periods));
  const key = pair ? `${budgetId}|${pair.from}|${pair.to}` : null;
  const comparison = useLoad<Comparison>(key, (signal, attempt) => loadComparison(budgetId, pair!.from, pair!.to, signal, attempt), COMPARISON_LOAD);
  const movement = useLoad<Movement>(key, (signal, attempt) => loadMovement(budgetId, pair!.from, pair!.to, signal, attempt), MOVEMENT_LOAD);
  if (!pair) {
    return (
      <section aria-labelledby="forecast-compare-title" className="mt-4" data-section="compare">
        <h2 id="forecast-compare-title" className="h5">{T.heading}</h2>
        <p className="text-body-secondary" data-no-snapshots>{T.noSnapshots}</p>
      </section>
    );
  }
  // 'To' is a later snapshot or today (the server compares an earlier month with a later one).
  const toChoices = [...months.filter((m) => m > pair.from), CURRENT_FIGURES];
  const chooseFrom = (from: string) => setPair((p) => ({ from, to: p && (p.to === CURRENT_FIGURES || p.to > from) ? p.to : CURRENT_FIGURES }));
  return (
    <>
      <section aria-labelledby="forecast-compare-title" className="mt-4" data-section="compare">
        <div className="d-flex flex-wrap align-items-end gap-3 mb-2">
          <h2 id="forecast-compare-title" className="h5 mb-0 me-auto">{T.heading}</h2>
          <div>
            <label className="form-label small mb-1" htmlFor="forecast-from">{T.from}</label>
            <select id="forecast-from" className="form-select form-select-sm" value={pair.from} data-field="from" onChange={(e) => chooseFrom(e.currentTarget.value)}>
              {months.map((m) => <option key={m} value={m}>{sideLabel(m)}</option>)}
            </select>
          </div>
          <div>
            <label className="form-label small mb-1" htmlFor="forecast-to">{T.to}</label>
            <select id="forecast-to" className="form-select form-select-sm" value={pair.to} data-field="to" onChange={(e) => { const to = e.currentTarget.value; setPair((p) => (p ? { ...p, to } : p)); }}>
              {toChoices.map((m) => <option key={m} value={m}>{m === CURRENT_FIGURES ? T.today : sideLabel(m)}</option>)}
            </select>
          </div>
        </div>
        {comparison.state.status === 'ready' ? <ComparisonTable comparison={comparison.state.data} jobNumber={jobNumber} />
          : <LoadStatus state={comparison.state} retry={comparison.retry} progress={FORECAST_TEXT.loadingComparison} problems={FORECAST_TEXT.problems.comparison} action="retry-comparison" />}
      </section>
      <section aria-labelledby="forecast-moved-title" className="mt-4" data-section="moved">
        <h2 id="forecast-moved-title" className="h5">{`${FORECAST_TEXT.moved.heading}: ${sideLabel(pair.from)} → ${sideLabel(pair.to)}`}</h2>
        {movement.state.status === 'ready' ? <WhyMoved movement={movement.state.data} />
          : <LoadStatus state={movement.state} retry={movement.retry} progress={FORECAST_TEXT.loadingMovement} problems={FORECAST_TEXT.problems.movement} action="retry-movement" />}
      </section>
    </>
  );
}
