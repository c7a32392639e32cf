import { defineReactElement } from '../../ui/element';
import { DocumentTemplateAdministration } from './DocumentTemplateAdministration';

/**
 * `<wb-document-template-administration>`: the Document Template Administration workbench (§2),
 * opened from the PFM bar's Administration → Document Templates (keyPFM Admin). Lists, creates and
 * edits document templates (title, record kind, active, body with merge fields); Save is refused for
 * an unknown merge field, named; Preview renders the body for a chosen record as a PDF. Others are
 * told they lack access (the server answers 403).
 *
 * Takes the common workbench attributes (`record-key`, `record-id`, `project-id`, `budget-id`) and ignores them.
 */
export const DocumentTemplateAdministrationElement = defineReactElement('wb-document-template-administration', DocumentTemplateAdministration, {
  props: { recordKey: 'string', recordId: 'number', projectId: 'number', budgetId: 'number' },
});

declare global {
  interface HTMLElementTagNameMap {
    'wb-document-template-administration': HTMLElement;
  }
}
