import { Fragment, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { $messageBoxes } from '../core/messages';
import type { MessageBoxButton, MessageBoxResult, OpenMessageBox, ToastVariant } from '../core/messages';
import { useStore } from './hooks';

/** §9 default button captions. */
export const MESSAGE_BOX_BUTTON_LABELS: Record<MessageBoxButton, string> = { cancel: 'Cancel', ok: 'Ok', dismiss: 'Dismiss' };
/** Label of the optional input when the box gives none. */
export const MESSAGE_BOX_DEFAULT_INPUT_LABEL = 'Your answer';

const BUTTON_RESULT: Record<MessageBoxButton, MessageBoxResult> = { ok: true, cancel: false, dismiss: null };
const OK_CLASS: Record<ToastVariant, string> = {
  success: 'btn-success', warning: 'btn-warning', info: 'btn-info', danger: 'btn-danger', default: 'btn-primary',
};
const BUTTON_CLASS: Record<MessageBoxButton, string> = { ok: '', cancel: 'btn-secondary', dismiss: 'btn-outline-secondary' };
const FOCUSABLE = 'button:not([disabled]), input:not([disabled]), textarea:not([disabled]), select:not([disabled]), a[href], [tabindex]:not([tabindex="-1"])';

/** The focused element, looking inside shadow roots (document.activeElement stops at a host). */
function deepActiveElement(): HTMLElement | null {
  let el: Element | null = document.activeElement;
  while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
  return el instanceof HTMLElement ? el : null;
}

/** One open box as a Bootstrap modal. Remounted per box (keyed by id), so its state starts fresh. */
function MessageBoxDialog({ box }: { box: OpenMessageBox }) {
  const titleId = useId();
  const inputId = useId();
  const modalRef = useRef<HTMLDivElement>(null);
  const [text, setText] = useState(box.inputValue ?? '');
  const answer = (result: MessageBoxResult) => box.resolve(result, box.input ? text : undefined);

  // Focus moves into the dialog: the input, else Ok, else the first button.
  useEffect(() => {
    const modal = modalRef.current;
    if (!modal) return;
    const target = modal.querySelector<HTMLElement>('[data-initial-focus]')
      ?? modal.querySelector<HTMLElement>('.modal-footer button')
      ?? modal.querySelector<HTMLElement>(FOCUSABLE);
    target?.focus();
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      answer(false);
    } else if (event.key === 'Tab') {
      trapTab(event);
    }
  };

  // Tab and Shift+Tab cycle through the dialog's own controls.
  const trapTab = (event: KeyboardEvent<HTMLDivElement>) => {
    const modal = modalRef.current;
    if (!modal) return;
    const focusable = [...modal.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) return;
    const root = modal.getRootNode() as Document | ShadowRoot;
    const current = root.activeElement;
    const inside = current instanceof HTMLElement && focusable.includes(current);
    if (event.shiftKey && (!inside || current === first)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && (!inside || current === last)) {
      event.preventDefault();
      first.focus();
    }
  };

  const inputLabel = box.inputLabel ?? MESSAGE_BOX_DEFAULT_INPUT_LABEL;
  return (
    <>
      <div className="modal-backdrop fade show" />
      {/* A click beside the dialog does nothing (Bootstrap's static backdrop): an answer needs a button. */}
      <div ref={modalRef} className="modal fade show" style={{ display: 'block' }} role="dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1} onKeyDown={onKeyDown} data-box-id={box.id}>
        <div className="modal-dialog modal-dialog-centered" style={{ maxWidth: box.width }}>
          <div className="modal-content">
            <div className="modal-header">
              <h2 className="modal-title fs-5" id={titleId}>{box.title}</h2>
              <button type="button" className="btn-close" aria-label="Close" onClick={() => answer(false)} />
            </div>
            <div className="modal-body">
              {box.message ? <p className="mb-0" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{box.message}</p> : null}
              {box.details?.length ? (
                <dl className="row mt-3 mb-0">
                  {box.details.map((row, index) => (
                    <Fragment key={index}>
                      <dt className="col-4">{row.label}</dt>
                      <dd className="col-8" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{row.value}</dd>
                    </Fragment>
                  ))}
                </dl>
              ) : null}
              {box.input ? (
                <div className="mt-3">
                  <label className="form-label" htmlFor={inputId}>{inputLabel}</label>
                  {box.input === 'textarea' ? (
                    <textarea id={inputId} className="form-control" rows={4} value={text} onChange={(e) => setText(e.target.value)} data-initial-focus />
                  ) : (
                    <input
                      id={inputId}
                      type="text"
                      className="form-control"
                      value={text}
                      onChange={(e) => setText(e.target.value)}
                      onKeyDown={(e) => {
                        if (e.key === 'Enter' && !e.nativeEvent.isComposing && box.buttons.includes('ok')) {
                          e.preventDefault();
                          answer(true);
                        }
                      }}
                      data-initial-focus
                    />
                  )}
                </div>
              ) : null}
            </div>
            <div className="modal-footer">
              {box.buttons.map((button) => (
                <button
                  key={button}
                  type="button"
                  className={`btn ${button === 'ok' ? OK_CLASS[box.variant ?? 'default'] : BUTTON_CLASS[button]}`}
                  data-button={button}
                  data-initial-focus={button === 'ok' && !box.input ? true : undefined}
                  onClick={() => answer(BUTTON_RESULT[button])}
                >
                  {box.labels?.[button] ?? MESSAGE_BOX_BUTTON_LABELS[button]}
                </button>
              ))}
            </div>
          </div>
        </div>
      </div>
    </>
  );
}

/**
 * The top message box of `$messageBoxes` (the last opened), as a modal dialog. Focus returns to
 * the element that had it when the first box opened once the last one closes.
 */
export function MessageBox() {
  const boxes = useStore($messageBoxes);
  const top = boxes[boxes.length - 1];
  const open = top !== undefined;
  const opener = useRef<HTMLElement | null>(null);

  // A layout effect runs before the dialog's own (passive) effect moves focus in, so this still
  // sees the element that was focused when the box opened.
  useLayoutEffect(() => {
    if (!open) return undefined;
    opener.current = deepActiveElement();
    return () => {
      const el = opener.current;
      opener.current = null;
      if (el?.isConnected) el.focus();
    };
  }, [open]);

  return top ? <MessageBoxDialog key={top.id} box={top} /> : null;
}
