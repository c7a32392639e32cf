/** The workbench frame's React pieces (§2): panel, tray, files panel. */
export { WorkbenchFrame, WorkbenchControl, LabelledControl, WORKBENCH_WIDTH, WORKBENCH_SIDEBAR_WIDTH, TOOLS_TEXT } from './WorkbenchFrame';
export type { WorkbenchFrameProps } from './WorkbenchFrame';
export { WorkbenchTray } from './WorkbenchTray';
export { FilesPanel } from './FilesPanel';
export { DocumentPreviewPanel, PdfFrame, DOCUMENT_PREVIEW_TEXT, RECORD_DOCUMENT_PATH } from './DocumentPreview';
export { loadFileCount, loadFiles, uploadFile, downloadFile, saveBlob } from '../../core/records';
export type { RecordFile } from '../../core/records';
export { WorkbenchIcon } from './icons';
export { RecordSidebar, SIDEBAR_TEXT } from './RecordSidebar';
export { loadRecordHistory, recordSheet, groupChangeSets, fieldLabel, valueText, HISTORY_PATH } from '../../core/records';
export type { RecordHistory, HistoryEntry, ChangeSet, UnacknowledgedChange } from '../../core/records';
export { printWorkbench, adoptPrintStyles, WORKBENCH_PRINT_CSS } from './print';
