/** The Files panel of a workbench: the record's files with download, and an upload form. */
import { useCallback, useEffect, useId, useState } from 'react';
import { formatDateTime } from '../../core/format';
import { showToast } from '../../core/messages';
import { downloadFile, loadFiles, uploadFile } from '../../core/records/files';
import type { RecordFile } from '../../core/records/files';

function sizeText(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Lists, uploads and downloads the files of `recordKey`/`recordId`; `onChanged` after an upload. */
export function FilesPanel({ recordKey, recordId, onChanged }: { recordKey: string; recordId: number; onChanged(): void }) {
  const [files, setFiles] = useState<RecordFile[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [chosen, setChosen] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const inputId = useId();

  const reload = useCallback(() => {
    loadFiles(recordKey, recordId).then((rows) => { setFiles(rows); setError(null); }, (e: unknown) => setError(errorText(e)));
  }, [recordKey, recordId]);
  useEffect(reload, [reload]);

  const upload = async () => {
    if (!chosen) return;
    setBusy(true);
    try {
      await uploadFile(recordKey, recordId, chosen);
      showToast(`Uploaded ${chosen.name}`, { variant: 'success' });
      setChosen(null);
      reload();
      onChanged();
    } catch (e) {
      setError(`Upload failed: ${errorText(e)}`);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-label="Files" className="workbench-files card mb-3">
      <div className="card-body">
        <h3 className="h6">Files</h3>
        {error ? <div className="alert alert-danger py-2" role="alert">{error}</div> : null}
        {files === null && !error ? <p className="text-body-secondary" role="status">Loading files…</p> : null}
        {files && files.length === 0 ? <p className="text-body-secondary">No files on this record yet.</p> : null}
        {files && files.length > 0 ? (
          <ul className="list-unstyled mb-3">
            {files.map((file) => (
              <li key={file.fileId} className="d-flex align-items-center gap-2 py-1 border-bottom">
                <span className="me-auto">{file.name}</span>
                <span className="small text-body-secondary">{sizeText(file.size)} · {formatDateTime(file.uploadedAt)}</span>
                <button type="button" className="btn btn-sm btn-outline-primary" aria-label={`Download ${file.name}`}
                  onClick={() => downloadFile(file.fileId, file.name).catch((e: unknown) => setError(`Download failed: ${errorText(e)}`))}>
                  Download
                </button>
              </li>
            ))}
          </ul>
        ) : null}
        <div className="d-flex flex-wrap align-items-end gap-2">
          <div>
            <label htmlFor={inputId} className="form-label small mb-1">Add a file</label>
            <input id={inputId} type="file" className="form-control form-control-sm" onChange={(e) => setChosen(e.currentTarget.files?.[0] ?? null)} />
          </div>
          <button type="button" className="btn btn-sm btn-primary" disabled={!chosen || busy} onClick={() => void upload()}>
            {busy ? 'Uploading…' : 'Upload'}
          </button>
        </div>
      </div>
    </section>
  );
}
