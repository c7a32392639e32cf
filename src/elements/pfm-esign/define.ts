import { ESign } from '../../features/esign';
import { defineReactElement } from '../../ui/element';

/**
 * `<pfm-esign>`: signature envelopes (§2 /pfm/projects/esign and the admin-level /pfm/esign).
 *
 * | attribute | default | meaning |
 * |---|---|---|
 * | `project-id` | -1 | the project whose envelopes are listed (new envelopes too) |
 * | `budget-id` | -1 | used when `project-id` is -1 (its project) |
 * | `record-key`, `record-id` | '', -1 | a commitment or change order to preselect in a new envelope (the workbenches' 'Send for signature') |
 *
 * Without a project or budget it lists every project's envelopes (the admin-level screen).
 */
export const ESignElement = defineReactElement('pfm-esign', ESign, {
  props: { projectId: 'number', budgetId: 'number', legalEntityId: 'number', recordKey: 'string', recordId: 'number', workbench: 'string' },
});

declare global {
  interface HTMLElementTagNameMap {
    'pfm-esign': HTMLElement & { projectId?: number; budgetId?: number; recordKey?: string; recordId?: number };
  }
}
