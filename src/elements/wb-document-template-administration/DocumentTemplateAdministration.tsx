/** `<wb-document-template-administration>`'s view: the document-templates area's workbench. */
import { TemplateAdministration } from '../../features/document-templates';

export function DocumentTemplateAdministration() {
  return <TemplateAdministration />;
}
