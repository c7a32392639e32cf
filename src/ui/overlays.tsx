import { MessageBox } from './MessageBox';
import { Toasts } from './Toasts';

/**
 * What `<portal-overlays>` renders: the page's toasts and the top message box. It is mounted once
 * per page by `ensureOverlays()` (src/ui/element.ts), so core code only has to fill the stores.
 *
 * Behaviour worth knowing: hovering a toast does not pause its 5 s timer; a click on the backdrop
 * beside a message box answers nothing (only its buttons, the close button and Escape do); the page
 * behind an open box is not scroll-locked.
 */
export function Overlays() {
  return (
    <>
      <Toasts />
      <MessageBox />
    </>
  );
}
