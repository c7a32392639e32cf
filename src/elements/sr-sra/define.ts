import { ensureWorkbenchHost } from '../../core/workbench';
import { SraScreen } from '../../features/risk';
import { defineReactElement } from '../../ui/element';

/**
 * `<sr-sra>`: subcontractor risk assessments (§2 /sr/sra, issue 14): Open (Draft, Submitted) and
 * Closed (Approved, Rejected) lists with filters by level, state and project, totals, CSV export and
 * a New SRA form. A number opens the Risk Assessment workbench (`<wb-risk-assessment>`).
 *
 * | attribute | default | meaning |
 * |---|---|---|
 * | `record-key` | '' | `Subcontract` with `record-id` (and no `workbench`): the New SRA form opens pre-filled from that subcontract and names the gate's reasons (the gate's start link) |
 * | `record-id` | -1 | the subcontract (above), or the SRA of an open workbench |
 * | `workbench`, `active-tab`, `active-tray` | '' | the §2 query (the workbench host shows `RiskAssessment`) |
 */
export const SraElement = defineReactElement('sr-sra', SraScreen, {
  props: { recordKey: 'string', recordId: 'number', workbench: 'string', activeTab: 'string', activeTray: 'string' },
  signIn: true,
  onMount: () => ensureWorkbenchHost(),
});

declare global {
  interface HTMLElementTagNameMap {
    'sr-sra': HTMLElement & { recordKey?: string; recordId?: number; workbench?: string };
  }
}
