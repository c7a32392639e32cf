/** The workbench frame's React pieces (§2): panel, tray, files panel. */
export { WorkbenchFrame, WorkbenchControl, LabelledControl, WORKBENCH_WIDTH, WORKBENCH_SIDEBAR_WIDTH, TOOLS_TEXT } from './WorkbenchFrame';
export type { WorkbenchFrameProps } from './WorkbenchFrame';
export { WorkbenchTray } from './WorkbenchTray';
export { FilesPanel } from './FilesPanel';
export { DocumentPreviewPanel, PdfFrame, DOCUMENT_PREVIEW_TEXT } from './DocumentPreview';
export { WorkbenchIcon } from './icons';
export { RecordSidebar, SIDEBAR_TEXT } from './RecordSidebar';
export { printWorkbench, adoptPrintStyles, WORKBENCH_PRINT_CSS } from './print';
