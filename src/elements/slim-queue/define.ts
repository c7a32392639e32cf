import { ensureWorkbenchHost } from '../../core/workbench';
import { SlimQueue } from '../../features/risk';
import { defineReactElement } from '../../ui/element';

/**
 * `<slim-queue>`: the SLIM request queue (§2 /sr/slimqueue, issue 14): My queue, All (Prequal
 * Administrator, Escalation Reviewer, Admin), Raised by me; filters, bulk assign, CSV export, New request.
 *
 * | attribute | default | meaning |
 * |---|---|---|
 * | `active-tab` | mine | the view to open on: `mine`, `all` (Prequal Administrator, Escalation Reviewer, Admin), `raised` |
 * | `record-id`, `record-key`, `workbench`, `active-tray` | | the §2 query; a request's workbench opens through `<pfm-workbench-host>` (workbench=SlimRequest&recordKey=SlimRequest&recordId=N) |
 */
export const SlimQueueElement = defineReactElement('slim-queue', SlimQueue, {
  props: { recordId: 'number', recordKey: 'string', workbench: 'string', activeTray: 'string', activeTab: 'string' },
  signIn: true,
  // Embedded alone on a page, it adds a <pfm-workbench-host> so the request workbench opens over the page.
  onMount: () => ensureWorkbenchHost(),
});

declare global {
  interface HTMLElementTagNameMap {
    'slim-queue': HTMLElement & { recordId?: number; workbench?: string };
  }
}
