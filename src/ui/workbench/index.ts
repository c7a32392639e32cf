/** The workbench frame's React pieces (§2): panel, tray, files panel. */
export { WorkbenchFrame, WorkbenchControl, WORKBENCH_WIDTH } from './WorkbenchFrame';
export type { WorkbenchFrameProps } from './WorkbenchFrame';
export { WorkbenchTray } from './WorkbenchTray';
export { FilesPanel } from './FilesPanel';
export { DocumentPreviewPanel, PdfFrame, DOCUMENT_PREVIEW_TEXT, RECORD_DOCUMENT_PATH } from './DocumentPreview';
export { loadFileCount, loadFiles, uploadFile, downloadFile, saveBlob } from './files';
export type { RecordFile } from './files';
export { WorkbenchIcon } from './icons';
