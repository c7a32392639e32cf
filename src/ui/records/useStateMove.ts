/**
 * A workbench's state move (§4): `move` runs the area's move (optimistic in the record store, the previous
 * state put back on failure: core/records `moveRecordState`) with the target chosen in the state menu and
 * the reason typed, says "<number> is now <state>." when it is done, and says why when it is not, by the
 * one write-failure mapping (`writeFailure`):
 * - 409: someone else moved the record first: `stale`, with Reload (the record is already put back);
 * - 400: the server's 'Request Failed' box (autoAlert) has said why; `refusalInline` says it beside the form too;
 * - a refusal the caller shows itself (`refusal`: the SRA gate's, with its start link);
 * - anything else: a 'State not changed' box with the reason.
 */
import { useState } from 'react';
import { alertedByServer, serverMessage } from '../../core/api';
import { showMessage, showToast } from '../../core/messages';
import { writeFailure, type MoveTarget } from '../../core/records';
import type { WriteProblem } from './useRecordWrites';

export interface StateMoveOptions<T> {
  /** The record as shown: its number names it, and its state is the one it stays in on failure. */
  record: { number: string; recordStateName: string } | undefined;
  /** The area's move of the record. */
  move(target: MoveTarget, reason: string | undefined): Promise<T>;
  /** Said after a 409, with Reload; without it a 409 is said as any other failure. */
  stale?: string;
  /** A 400's reason is also said beside the form. */
  refusalInline?: boolean;
  /** Where the problem line goes (the form's one line, shared with its saves); null clears it as a move starts. */
  onProblem?(problem: WriteProblem | null): void;
  /** A refusal the caller shows itself: true when `error` is one (and it is shown). */
  refusal?(error: unknown): boolean;
  /** The move is done; the server's answer. */
  onMoved?(answer: T): void;
  /** After the move, done or not. */
  onSettled?(): void;
}

export interface StateMove {
  /** A move is on its way (the menu and Save wait). */
  busy: boolean;
  move(target: MoveTarget, reason?: string): Promise<void>;
}

const errorText = (error: unknown): string => (error instanceof Error ? error.message : String(error));

export function useStateMove<T>(options: StateMoveOptions<T>): StateMove {
  const [busy, setBusy] = useState(false);
  const { record, onProblem } = options;
  return {
    busy,
    async move(target, reason) {
      if (!record) return;
      setBusy(true);
      onProblem?.(null);
      try {
        const answer = await options.move(target, reason);
        showToast(`${record.number} is now ${target.name}.`, { variant: 'success' });
        options.onMoved?.(answer);
      } catch (error) {
        const stays = `${record.number} stays ${record.recordStateName}`;
        const failure = writeFailure(error, {
          stale: options.stale ?? '', refused: `${stays}.`, signedOut: stays, forbidden: stays, timeout: stays, failed: () => stays,
        });
        if (failure.kind === 'stale' && options.stale) onProblem?.({ text: options.stale, stale: true });
        else if (options.refusal?.(error)) {
          // Shown by the caller.
        } else if (failure.kind === 'refused' && options.refusalInline) onProblem?.({ text: failure.message });
        else if (!alertedByServer(error)) {
          void showMessage({ title: 'State not changed', message: `${stays}: ${serverMessage(error) || errorText(error)}`, buttons: ['ok'] });
        }
      } finally {
        setBusy(false);
        options.onSettled?.();
      }
    },
  };
}
