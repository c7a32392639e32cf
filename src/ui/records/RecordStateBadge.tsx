/**
 * A record's state as a badge (issue 16, "screen reader names on every state badge"). A bare word such as
 * "Draft" beside a record's number says nothing to a screen reader user; the badge is read "State: Draft".
 * The prefix is visually hidden, and the state's own text sits in its own span, which carries the marks
 * callers and tests find it by (`data-state`, `data-state-name`), so its text stays the state alone.
 */

/** The word read before the state. */
export const STATE_BADGE_LABEL = 'State';

type Marks = { [mark: `data-${string}`]: string | boolean | undefined };

export interface RecordStateBadgeProps extends Marks {
  state: string;
  /** Bootstrap's text-bg colour: primary for open records, secondary (quiet) for closed ones. */
  tone?: 'primary' | 'secondary' | 'success' | 'dark';
}

export function RecordStateBadge({ state, tone = 'primary', ...marks }: RecordStateBadgeProps) {
  return (
    <span className={`badge text-bg-${tone}`}>
      <span className="visually-hidden">{`${STATE_BADGE_LABEL}: `}</span>
      <span {...marks}>{state}</span>
    </span>
  );
}
