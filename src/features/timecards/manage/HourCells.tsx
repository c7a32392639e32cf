import { HOUR_FIGURES_TEXT, type HourFigures } from '../../../core/timecards';

const hours = (value: number) => value.toFixed(2);

/**
 * The Entered and Expected cells of a week (My weeks, the team views): with the host's hour figures (core hourFigures, as the card counts them)
 * Entered is work only, and holidays, time off and what is left are said apart, never as "Entered 16".
 */
export function HourCells({ week }: { week: { enteredHours: number; expectedHours: number; figures?: HourFigures } }) {
  const f = week.figures;
  if (!f) {
    return (
      <>
        <td className="text-end" data-entered>{hours(week.enteredHours)}</td>
        <td className="text-end" data-expected>{hours(week.expectedHours)}</td>
      </>
    );
  }
  const note = 'small text-body-secondary text-nowrap';
  return (
    <>
      <td className="text-end" data-entered>
        <span data-hours>{hours(f.entered)}</span>
        {f.over > 0 ? <div className={note} data-over>{HOUR_FIGURES_TEXT.over} {hours(f.over)}</div>
          : f.left > 0 ? <div className={note} data-left>{HOUR_FIGURES_TEXT.left} {hours(f.left)}</div> : null}
      </td>
      <td className="text-end" data-expected>
        <span data-hours>{hours(f.expected)}</span>
        {f.holidays > 0 ? <div className={note} data-holidays>{HOUR_FIGURES_TEXT.holidays} {hours(f.holidays)}</div> : null}
        {f.timeOff > 0 ? <div className={note} data-time-off>{HOUR_FIGURES_TEXT.timeOff} {hours(f.timeOff)}</div> : null}
      </td>
    </>
  );
}
