import { atom } from 'nanostores';
import { pageSingleton } from '../singleton';

/** Spec §9 toast variants; 'default' is grey. */
export type ToastVariant = 'success' | 'warning' | 'info' | 'danger' | 'default';

export interface Toast {
  id: number;
  title: string;
  message: string;
  variant: ToastVariant;
}

/** §9: toasts auto-hide after 5 s, fading out over 0.5 s; default title 'Notification'. */
export const TOAST_HIDE_MS = 5000;
export const TOAST_FADE_MS = 500;
export const TOAST_DEFAULT_TITLE = 'Notification';

/** §9 message box defaults. */
export const MESSAGE_BOX_DEFAULT_WIDTH = '400px';
export const MESSAGE_BOX_DEFAULT_TITLE = 'Message';

/**
 * A box with a `dedupeKey` is not opened again while an identical one is open, nor for this long after
 * it closed: one failed screen load whose calls all answer the same autoAlert shows one box.
 */
export const MESSAGE_REPEAT_WINDOW_MS = 2000;

/** Result of a message box: true for Ok, false for Cancel or close, null for Dismiss. */
export type MessageBoxResult = boolean | null;

export type MessageBoxButton = 'cancel' | 'ok' | 'dismiss';

export interface MessageBoxOptions {
  /** Plain text (rendered as text, never HTML). */
  message?: string;
  /** Label/value rows shown under the message, e.g. the 'Request Failed' details. */
  details?: Array<{ label: string; value: string }>;
  title?: string;
  width?: string;
  /** Which buttons show, in order; default Cancel, Ok and Dismiss. */
  buttons?: MessageBoxButton[];
  /** Button captions, e.g. { ok: 'Delete' }. */
  labels?: Partial<Record<MessageBoxButton, string>>;
  /** Optional text entry. */
  input?: 'text' | 'textarea';
  inputLabel?: string;
  inputValue?: string;
  variant?: ToastVariant;
  /**
   * Boxes with the same key are one message: while one is open, or within
   * {@link MESSAGE_REPEAT_WINDOW_MS} after it closed, another is not opened and its call resolves
   * with that box's result.
   */
  dedupeKey?: string;
}

export interface OpenMessageBox extends Required<Pick<MessageBoxOptions, 'title' | 'width' | 'buttons'>>, Omit<MessageBoxOptions, 'title' | 'width' | 'buttons'> {
  id: number;
  /** Called by the view with the result and, when there is an input, its text. */
  resolve(result: MessageBoxResult, text?: string): void;
}

type PromptResult = { result: MessageBoxResult; text: string };

interface MessageState {
  toasts: ReturnType<typeof atom<Toast[]>>;
  boxes: ReturnType<typeof atom<OpenMessageBox[]>>;
  nextId: number;
  /** Boxes with a dedupeKey: the open one's answer, and when it closed (undefined while open). */
  keyed: Map<string, { answer: Promise<PromptResult>; closedAt?: number }>;
}

// One set of stores per page, so toasts from any bundle copy show in one place.
const state = pageSingleton<MessageState>('messages', () => ({
  toasts: atom<Toast[]>([]), boxes: atom<OpenMessageBox[]>([]), nextId: 1, keyed: new Map(),
}));
// A page singleton made by an older bundle copy may lack the newer field.
state.keyed ??= new Map();
let now = (): number => Date.now();

/** Toasts currently shown, oldest first. The view removes a toast with {@link dismissToast}. */
export const $toasts = state.toasts;
/** Message boxes currently open; the last one is on top. */
export const $messageBoxes = state.boxes;

/** Show a toast. Returns its id. */
export function showToast(message: string, options: { title?: string; variant?: ToastVariant } = {}): number {
  const id = state.nextId++;
  $toasts.set([...$toasts.get(), { id, message, title: options.title ?? TOAST_DEFAULT_TITLE, variant: options.variant ?? 'default' }]);
  return id;
}

/** Remove a toast (after its fade). */
export function dismissToast(id: number): void {
  $toasts.set($toasts.get().filter((toast) => toast.id !== id));
}

/**
 * Open a message box. Resolves true for Ok, false for Cancel or close, null for Dismiss.
 * With an input, use {@link showPrompt} to get the text as well.
 */
export function showMessage(options: MessageBoxOptions): Promise<MessageBoxResult> {
  return showPrompt(options).then(({ result }) => result);
}

/** Like {@link showMessage}, also resolving the text typed into the optional input. */
export function showPrompt(options: MessageBoxOptions): Promise<PromptResult> {
  const key = options.dedupeKey;
  if (key === undefined) return openBox(options);
  const seen = state.keyed.get(key);
  if (seen && (seen.closedAt === undefined || now() - seen.closedAt < MESSAGE_REPEAT_WINDOW_MS)) return seen.answer;
  const entry: { answer: Promise<PromptResult>; closedAt?: number } = { answer: Promise.resolve({ result: false, text: '' }) };
  entry.answer = openBox(options).then((answer) => {
    entry.closedAt = now();
    return answer;
  });
  state.keyed.set(key, entry);
  return entry.answer;
}

function openBox(options: MessageBoxOptions): Promise<PromptResult> {
  return new Promise((resolve) => {
    const id = state.nextId++;
    const box: OpenMessageBox = {
      ...options,
      id,
      title: options.title ?? MESSAGE_BOX_DEFAULT_TITLE,
      width: options.width ?? MESSAGE_BOX_DEFAULT_WIDTH,
      buttons: options.buttons ?? ['cancel', 'ok', 'dismiss'],
      resolve: (result, text) => {
        $messageBoxes.set($messageBoxes.get().filter((b) => b.id !== id));
        resolve({ result, text: text ?? options.inputValue ?? '' });
      },
    };
    $messageBoxes.set([...$messageBoxes.get(), box]);
  });
}

/** Replace the clock of the repeat window (tests); null restores `Date.now`. */
export function setMessageClock(clock: (() => number) | null): void {
  now = clock ?? (() => Date.now());
}

/** Close everything and forget recent keyed boxes (tests and sign-out). */
export function resetMessages(): void {
  for (const box of $messageBoxes.get()) box.resolve(false);
  $toasts.set([]);
  state.keyed.clear();
}
