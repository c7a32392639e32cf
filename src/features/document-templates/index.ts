/**
 * Document templates (issue 12): the Document Template Administration workbench's view and data.
 * The template language and merge fields are src/core/document-templates/contract.ts; the workbench frame's Preview
 * (a record's generated document) is src/ui/workbench/DocumentPreview.tsx.
 */
export * from './data';
export { TemplateAdministration } from './TemplateAdministration';
