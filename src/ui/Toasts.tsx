import { useState, type CSSProperties } from 'react';
import { $toasts, dismissToast, TOAST_FADE_MS, TOAST_HIDE_MS } from '../core/messages';
import type { Toast, ToastVariant } from '../core/messages';
import { useStore, useTimeout } from './hooks';

/** Bootstrap colour class per §9 variant; 'default' is grey. */
export const TOAST_VARIANT_CLASS: Record<ToastVariant, string> = {
  success: 'text-bg-success',
  warning: 'text-bg-warning',
  info: 'text-bg-info',
  danger: 'text-bg-danger',
  default: 'text-bg-secondary',
};

/**
 * One toast. Visible for {@link TOAST_HIDE_MS}, then `show` is removed so Bootstrap's `fade` class
 * fades it out over {@link TOAST_FADE_MS}, then it leaves the store. Close starts the fade at once.
 * Hovering does not pause the timer (kept simple on purpose).
 */
function ToastView({ toast }: { toast: Toast }) {
  const [fading, setFading] = useState(false);
  useTimeout(() => setFading(true), TOAST_HIDE_MS, !fading);
  useTimeout(() => dismissToast(toast.id), TOAST_FADE_MS, fading);
  const urgent = toast.variant === 'danger' || toast.variant === 'warning';
  return (
    <div
      className={`toast fade portal-toast${fading ? '' : ' show'} ${TOAST_VARIANT_CLASS[toast.variant] ?? TOAST_VARIANT_CLASS.default}`}
      role={urgent ? 'alert' : 'status'}
      aria-atomic="true"
      data-toast-id={toast.id}
      // Bootstrap hides `.toast:not(.show)` at once; keep it displayed so the opacity fade is seen. The fade's
      // length goes to the stylesheet (.portal-toast), which drops it under prefers-reduced-motion.
      style={{ display: 'block', '--portal-toast-fade': `${TOAST_FADE_MS}ms` } as CSSProperties}
    >
      <div className="toast-header">
        <strong className="me-auto">{toast.title}</strong>
        <button type="button" className="btn-close" aria-label="Close" onClick={() => setFading(true)} />
      </div>
      <div className="toast-body" style={{ whiteSpace: 'pre-wrap' }}>{toast.message}</div>
    </div>
  );
}

/** The page's toasts, top right, newest last. Renders whatever `$toasts` holds. */
export function Toasts() {
  const toasts = useStore($toasts);
  return (
    <div className="toast-container position-fixed top-0 end-0 p-3" aria-live="polite">
      {toasts.map((toast) => <ToastView key={toast.id} toast={toast} />)}
    </div>
  );
}
