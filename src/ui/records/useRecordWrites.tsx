/**
 * A record form's writes: the §5 feedback shown at the fields, the one problem line above the form (with
 * Reload after a 409), and `busy` while a write is on its way. A failed write keeps every typed value.
 */
import { useMemo, useState } from 'react';
import { isStale } from '../../core/api';
import { feedbackForRows, feedbackFrom, formFeedback, type FeedbackItem, type FormFeedback, type ItemRow } from '../../core/records';

/** What went wrong, said above the form; `stale` (someone else changed the record first) offers Reload. */
export interface WriteProblem {
  text: string;
  stale?: boolean;
}

/** What a failed save says. */
export interface SaveTexts {
  /** After a 409 (with Reload); without it a 409 is said as any other failure. */
  stale?: string;
  /** Any other failure that brought no feedback to show at the fields. */
  failed(error: unknown): string;
}

export interface RecordWrites {
  busy: boolean;
  feedback: FormFeedback;
  setFeedback(items: FeedbackItem[]): void;
  problem: WriteProblem | null;
  setProblem(problem: WriteProblem | null): void;
  /** Drop the feedback and the problem (Discard, Reload). */
  clear(): void;
  /**
   * Run a write: the problem cleared, busy meanwhile. On failure the server's feedback goes to the fields, a line's to
   * its row among `sent` (`items[i]` is the i-th sent), and the problem says why. True when it succeeded.
   */
  write(sent: readonly ItemRow[], run: () => Promise<void>, texts: SaveTexts): Promise<boolean>;
}

export function useRecordWrites(): RecordWrites {
  const [items, setFeedback] = useState<FeedbackItem[]>([]);
  const [problem, setProblem] = useState<WriteProblem | null>(null);
  const [busy, setBusy] = useState(false);
  const feedback = useMemo(() => formFeedback(items), [items]);
  return {
    busy,
    feedback,
    setFeedback,
    problem,
    setProblem,
    clear: () => {
      setFeedback([]);
      setProblem(null);
    },
    async write(sent, run, texts) {
      setBusy(true);
      setProblem(null);
      try {
        await run();
        return true;
      } catch (error) {
        const found = feedbackForRows(feedbackFrom(error), sent);
        setFeedback(found);
        if (texts.stale && isStale(error)) setProblem({ text: texts.stale, stale: true });
        else if (found.length === 0) setProblem({ text: texts.failed(error) });
        return false;
      } finally {
        setBusy(false);
      }
    },
  };
}

/** The problem line above a form: its sentence and, after a 409, Reload. */
export function WriteProblemAlert({ problem, onReload }: { problem: WriteProblem | null; onReload(): void }) {
  if (!problem) return null;
  return (
    <div className="alert alert-warning d-flex align-items-center gap-3" role="alert" data-problem>
      <span>{problem.text}</span>
      {problem.stale ? <button type="button" className="btn btn-sm border text-body" onClick={onReload}>Reload</button> : null}
    </div>
  );
}

/** A record form's Discard changes and Save ('Saving…' while a write is on its way). */
export function SaveButtons({ busy, onDiscard, canSave = true }: { busy: boolean; onDiscard(): void; canSave?: boolean }) {
  return (
    <>
      <button type="button" className="btn btn-sm border text-body" disabled={busy} onClick={onDiscard}>Discard changes</button>
      <button type="submit" className="btn btn-sm btn-primary" disabled={busy || !canSave} data-save>{busy ? 'Saving…' : 'Save'}</button>
    </>
  );
}
