import { MessageBox } from './MessageBox';
import { Toasts } from './Toasts';

/**
 * What `<portal-overlays>` renders: the page's toasts and the top message box. It is mounted once
 * per page by `ensureOverlays()` (src/ui/element.ts), so core code only has to fill the stores.
 */
export function Overlays() {
  return (
    <>
      <Toasts />
      <MessageBox />
    </>
  );
}
