import { sayNotDone } from '../core/api';
import { showMessage, showToast } from '../core/messages';
import { useRowWrite } from './hooks';

/** The words of a row's Delete: the box's title and OK button, and the toast once it is done. */
export interface RowDeleteText {
  delete: string;
  deleted: string;
}

/**
 * A list row's Delete, asked first: `remove(id, question, write)` shows `question` in a warning box (Cancel / Delete);
 * on Delete, `write` runs as the row's write ({@link useRowWrite}: `busy` is that row's id meanwhile), then the
 * `deleted` toast shows and `done` runs (a reload). A refusal is said in a 'Not done' box with `problem(error)`.
 */
export function useRowDelete<Id>(text: RowDeleteText, problem: (error: unknown) => string, done: () => void): {
  busy: Id | null;
  remove: (id: Id, question: string, write: () => Promise<unknown>) => Promise<void>;
} {
  const row = useRowWrite<Id>();
  const remove = async (id: Id, question: string, write: () => Promise<unknown>) => {
    const ok = await showMessage({ title: text.delete, message: question, buttons: ['cancel', 'ok'], labels: { ok: text.delete }, variant: 'warning' });
    if (ok !== true) return;
    await row.run(id, async () => {
      try {
        await write();
        showToast(text.deleted, { variant: 'success' });
        done();
      } catch (error) {
        await sayNotDone(error, problem(error));
      }
    });
  };
  return { busy: row.busy, remove };
}
