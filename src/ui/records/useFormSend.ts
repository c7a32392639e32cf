/**
 * A create or upload form's send: `busy` while it is on its way; refused, the server's §5 feedback at the fields,
 * or, when it names no field, one problem line made of the error's message. What the user typed stays.
 */
import { useCallback, useState } from 'react';
import { feedbackFrom, type FeedbackItem } from '../../core/records';

export interface FormSend {
  busy: boolean;
  /** The problem line above the form, or null. */
  problem: string | null;
  setProblem(problem: string | null): void;
  feedback: FeedbackItem[];
  setFeedback(feedback: FeedbackItem[]): void;
  /** Run `write`; a failure it throws becomes feedback or `failed(the error's message)`. */
  send(write: () => Promise<void>, failed: (why: string) => string): Promise<void>;
}

export function useFormSend(): FormSend {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [feedback, setFeedback] = useState<FeedbackItem[]>([]);
  const send = useCallback(async (write: () => Promise<void>, failed: (why: string) => string): Promise<void> => {
    setBusy(true);
    setProblem(null);
    try {
      await write();
    } catch (error) {
      const items = feedbackFrom(error);
      setFeedback(items);
      if (items.length === 0) setProblem(failed(error instanceof Error ? error.message : String(error)));
    } finally {
      setBusy(false);
    }
  }, []);
  return { busy, problem, setProblem, feedback, setFeedback, send };
}
