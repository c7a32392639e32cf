/**
 * The projection grid's Excel round trip in its toolbar: "Export Excel" (the workbook carries what the import
 * reads back) and "Import Excel", whose dialog reads an edited workbook, previews it (changes with old and new
 * values, lines changed on the server since the export, rows not imported with their row numbers) and saves
 * nothing until "Save N changes". The save sends `lastLoad` = the export time: lines saved by someone else
 * since come back as conflicts, each kept as theirs or overwritten with mine.
 */
import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { formatDateTime, formatMoney } from '../../../core/format';
import { showToast } from '../../../core/messages';
import type { ProjectionConflict, ProjectionValues } from '../../../core/projections/contract';
import { IMPORT_TEXT, previewImport, type ImportChange, type ImportConflict, type ImportPreview } from '../../../core/projections/import';
import type { Tabulator } from '../../../ui/grid';
import { useStore } from '../../../ui/hooks';
import type { ProjectionStore } from '../store';
import { exportForImport, IMPORT_TITLES, readWorkbook, ROUND_TRIP_TEXT, saveImport, WorkbookError, type ImportEntry, type ReadWorkbook } from './data';

/** The dialog's sentences; exact texts are tested. */
export const IMPORT_DIALOG_TEXT = {
  title: 'Import projections from Excel',
  help: 'Choose the workbook Export Excel made, after editing cost to complete, method and reason. Nothing is saved until you confirm the preview.',
  fileLabel: 'Workbook (.xlsx)',
  reading: (name: string) => `Reading ${name}…`,
  saving: (n: number) => `Saving ${n} change${n === 1 ? '' : 's'}…`,
  save: (n: number) => `Save ${n} change${n === 1 ? '' : 's'}`,
  summary: (p: ImportPreview) => `${p.changed.length} changed · ${p.conflicts.length} changed on the server since your export · ${p.problems.length} not imported · ${p.unchanged} unchanged`,
  exportedAt: (at: string) => `Exported ${formatDateTime(at)}.`,
  nothingToSave: 'Nothing to save: no line differs from what the budget holds.',
  unsavedInGrid: (n: number) => `The grid has ${n} unsaved change${n === 1 ? '' : 's'}: save or discard ${n === 1 ? 'it' : 'them'} before importing.`,
  conflictHelp: 'Someone changed these lines after your export. Keep theirs (the default) or overwrite with yours.',
  serverConflictHelp: 'These lines were saved by someone else after your export and were not saved. Keep theirs or overwrite with yours.',
  savedBy: (c: ProjectionConflict) => `Saved by ${c.savedBy} on ${formatDateTime(c.savedAt)}`,
  changedAt: (at: string) => `Changed ${formatDateTime(at)}`,
  keepTheirs: 'Keep theirs',
  keepMine: 'Overwrite with mine',
  saveKept: (n: number) => `Overwrite ${n} line${n === 1 ? '' : 's'}`,
  saved: (n: number) => `Imported ${n} projection${n === 1 ? '' : 's'}.`,
  notSaved: 'Not saved',
} as const;

/** A line's projection in one cell: "$1,200.00 Manual · reason". */
function ValuesText({ values }: { values: ProjectionValues }) {
  return (
    <>
      {formatMoney(values.projectedCostToComplete ?? 0)} <span className="text-body-secondary">{values.method === 'manual' ? 'Manual' : 'Auto'}</span>
      {values.reason ? <div className="small text-body-secondary text-break">{values.reason}</div> : null}
    </>
  );
}

/** Props of {@link ExcelRoundTrip}. */
export interface ExcelRoundTripProps {
  store: ProjectionStore;
  table: Tabulator | null;
  filename: string;
  /** Import is offered only where projections can be entered. */
  readOnly: boolean;
  /** After lines were saved: the grid reloads what changed. */
  onSaved(): void;
  /** Reload the grid's lines (what changed since it loaded), so the preview compares with the server as it is now. */
  refreshLines(): Promise<void>;
}

/** The toolbar's Export Excel and Import Excel buttons and the import dialog. */
export function ExcelRoundTrip({ store, table, filename, readOnly, onSaved, refreshLines }: ExcelRoundTripProps) {
  const [open, setOpen] = useState(false);
  const importButton = useRef<HTMLButtonElement>(null);
  const budget = useStore(store.$budget);
  const label = budget ? (budget.displayText ?? budget.jobNumber) : '';
  const close = () => {
    setOpen(false);
    importButton.current?.focus();
  };
  return (
    <>
      <button type="button" className="btn btn-outline-secondary btn-sm" disabled={!table || !budget} data-action="excel"
        onClick={() => table && budget && void exportForImport(table, filename, { budgetId: budget.budgetId, label }, store.lastLoad())}>Export Excel</button>
      {!readOnly && (
        <button ref={importButton} type="button" className="btn btn-outline-secondary btn-sm" disabled={!budget} data-action="import-excel"
          aria-haspopup="dialog" onClick={() => setOpen(true)}>Import Excel</button>
      )}
      {open && budget ? <ImportDialog store={store} budget={{ budgetId: budget.budgetId, label }} onClose={close} onSaved={onSaved} refreshLines={refreshLines} /> : null}
    </>
  );
}

/** Where the dialog is. The preview is computed from the workbook read and the grid's lines as they are now. */
type Step =
  | { kind: 'choose'; error?: string }
  | { kind: 'reading'; name: string }
  | { kind: 'preview' }
  | { kind: 'saving'; count: number }
  | { kind: 'failed'; messages: string[]; retry: boolean }
  | { kind: 'serverConflicts'; conflicts: ProjectionConflict[]; saved: number; sent: ImportEntry[]; exportedAt: string };

/** The import dialog: choose a workbook, read it, preview, confirm. Cancel (or Escape) leaves the grid as it was. */
export function ImportDialog({ store, budget, onClose, onSaved, refreshLines }: {
  store: ProjectionStore; budget: { budgetId: number; label: string }; onClose(): void; onSaved(): void; refreshLines(): Promise<void>;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const fileId = useId();
  const [step, setStep] = useState<Step>({ kind: 'choose' });
  const [workbook, setWorkbook] = useState<ReadWorkbook | null>(null);
  // Per conflict (by cost code id): true = overwrite with mine. Theirs is the default.
  const [mine, setMine] = useState<ReadonlyMap<number, boolean>>(new Map());
  const unsaved = useStore(store.$unsaved);
  const version = useStore(store.$version);
  const reading = useRef(0);

  // Recomputed when the grid's lines change (a refresh, a save or a discard in the grid).
  const result = useMemo(() => {
    if (!workbook || version < 0) return null;
    const lines = store.rows().map((row) => ({ ...row, projectedCostToComplete: row.projectedCostToComplete ?? 0 }));
    return previewImport({ ...workbook, lines, budget, titles: IMPORT_TITLES });
  }, [workbook, version, store, budget]);
  const preview = result && !('refused' in result) && step.kind !== 'choose' && step.kind !== 'reading' ? result : null;

  useEffect(() => {
    const element = dialog.current;
    if (!element || element.open) return;
    if (typeof element.showModal === 'function') element.showModal();
    else element.setAttribute('open', '');
  }, []);

  const choose = async (file: File | undefined) => {
    if (!file) return;
    const attempt = ++reading.current;
    setStep({ kind: 'reading', name: file.name });
    setWorkbook(null);
    setMine(new Map());
    try {
      // The lines as the server has them now: a line someone saved since the export shows as a conflict in the preview.
      const [read] = await Promise.all([readWorkbook(file), refreshLines().catch((error: unknown) => console.error('Projection reload before the import failed', error))]);
      if (attempt !== reading.current) return;
      const first = previewImport({ ...read, lines: [], budget, titles: IMPORT_TITLES });
      // A refusal of the workbook itself (not a workbook of this budget, no header) does not depend on the lines.
      if ('refused' in first && first.refused !== IMPORT_TEXT.noRows) {
        setStep({ kind: 'choose', error: first.refused });
        return;
      }
      setWorkbook(read);
      setStep({ kind: 'preview' });
    } catch (error) {
      if (attempt !== reading.current) return;
      if (!(error instanceof WorkbookError)) console.error('Excel import failed to read', error);
      setStep({ kind: 'choose', error: error instanceof WorkbookError ? error.message : ROUND_TRIP_TEXT.unreadable(String((error as Error)?.message ?? error)) });
    }
  };

  const save = async (exportedAt: string, entries: ImportEntry[]) => {
    setStep({ kind: 'saving', count: entries.length });
    const answer = await saveImport(budget.budgetId, exportedAt, entries);
    if (answer.kind === 'failed') {
      setStep({ kind: 'failed', messages: answer.messages, retry: answer.failure.action === 'retry' });
      return;
    }
    if (answer.saved > 0) {
      onSaved();
      showToast(IMPORT_DIALOG_TEXT.saved(answer.saved), { title: 'Projections', variant: 'success' });
      for (const warning of answer.warnings) showToast(warning, { title: 'Projections', variant: 'warning' });
    }
    if (answer.conflicts.length > 0) {
      setMine(new Map());
      setStep({ kind: 'serverConflicts', conflicts: answer.conflicts, saved: answer.saved, sent: entries, exportedAt });
      return;
    }
    onClose();
  };

  const confirmEntries = (preview: ImportPreview): ImportEntry[] => [
    ...preview.changed.map((change) => ({ change, overwrite: false })),
    ...preview.conflicts.filter((c) => mine.get(c.costCodeId)).map((change) => ({ change, overwrite: true })),
  ];

  const entries = preview ? confirmEntries(preview) : [];
  const busy = step.kind === 'reading' || step.kind === 'saving';

  return (
    <dialog ref={dialog} className="border rounded p-0 shadow bg-body text-body" aria-labelledby={titleId} data-dialog="import-excel"
      onCancel={(event) => { event.preventDefault(); if (step.kind !== 'saving') onClose(); }} style={{ width: 'min(1024px, 96vw)' }}>
      <div className="p-3">
        <h2 className="h5" id={titleId}>{IMPORT_DIALOG_TEXT.title}</h2>
        {step.kind === 'serverConflicts' ? (
          <ServerConflicts step={step} mine={mine} setMine={setMine}
            onSave={(kept) => void save(step.exportedAt, kept)} onClose={onClose} />
        ) : (
          <>
            <p className="small text-body-secondary mb-2">{IMPORT_DIALOG_TEXT.help}</p>
            <div className="mb-2">
              <label className="form-label" htmlFor={fileId}>{IMPORT_DIALOG_TEXT.fileLabel}</label>
              <input id={fileId} type="file" className={`form-control form-control-sm${step.kind === 'choose' && step.error ? ' is-invalid' : ''}`} data-field="file"
                accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" disabled={busy} autoFocus
                aria-describedby={step.kind === 'choose' && step.error ? `${fileId}-error` : undefined}
                onChange={(event) => void choose(event.currentTarget.files?.[0])} />
              {step.kind === 'choose' && step.error ? <div id={`${fileId}-error`} className="invalid-feedback d-block" role="alert" data-import-error>{step.error}</div> : null}
            </div>
            {step.kind === 'reading' ? (
              <p className="text-body-secondary" role="status" data-import-progress>
                <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />{IMPORT_DIALOG_TEXT.reading(step.name)}
              </p>
            ) : null}
            {result && 'refused' in result && step.kind !== 'choose' && step.kind !== 'reading' ? <div className="alert alert-warning py-2" role="alert" data-import-error>{result.refused}</div> : null}
            {preview ? <PreviewView preview={preview} mine={mine} setMine={setMine} disabled={busy} /> : null}
            {step.kind === 'failed' ? (
              <div className="alert alert-danger py-2" role="alert" data-save-error>
                <strong>{IMPORT_DIALOG_TEXT.notSaved}</strong>
                <ul className="mb-0">{step.messages.map((message, index) => <li key={index}>{message}</li>)}</ul>
              </div>
            ) : null}
            {preview && unsaved > 0 ? <div className="alert alert-warning py-2" role="status" data-unsaved-warning>{IMPORT_DIALOG_TEXT.unsavedInGrid(unsaved)}</div> : null}
            {preview && entries.length === 0 && step.kind === 'preview' ? <p className="text-body-secondary" role="status" data-nothing>{IMPORT_DIALOG_TEXT.nothingToSave}</p> : null}
            <div className="d-flex justify-content-end align-items-center gap-2 mt-3">
              {step.kind === 'saving' ? <span className="text-body-secondary small me-auto" role="status" data-saving>{IMPORT_DIALOG_TEXT.saving(step.count)}</span> : null}
              <button type="button" className="btn btn-outline-secondary" disabled={step.kind === 'saving'} onClick={onClose} data-action="cancel-import">Cancel</button>
              {preview ? (
                <button type="button" className="btn btn-primary" data-action="confirm-import"
                  disabled={busy || entries.length === 0 || unsaved > 0}
                  onClick={() => void save(preview.exportedAt, entries)}>
                  {step.kind === 'failed' && step.retry ? 'Retry: ' : ''}{IMPORT_DIALOG_TEXT.save(entries.length)}
                </button>
              ) : null}
            </div>
          </>
        )}
      </div>
    </dialog>
  );
}

function ChoiceCell({ id, mine, setMine, disabled, label }: { id: number; mine: ReadonlyMap<number, boolean>; setMine(next: ReadonlyMap<number, boolean>): void; disabled: boolean; label: string }) {
  const name = `import-choice-${id}`;
  const set = (value: boolean) => setMine(new Map(mine).set(id, value));
  return (
    <fieldset className="d-flex flex-column" disabled={disabled}>
      <legend className="visually-hidden">{label}</legend>
      <label className="form-check small mb-0">
        <input type="radio" className="form-check-input" name={name} checked={!mine.get(id)} onChange={() => set(false)} data-choice="theirs" />
        <span className="form-check-label">{IMPORT_DIALOG_TEXT.keepTheirs}</span>
      </label>
      <label className="form-check small mb-0">
        <input type="radio" className="form-check-input" name={name} checked={mine.get(id) === true} onChange={() => set(true)} data-choice="mine" />
        <span className="form-check-label">{IMPORT_DIALOG_TEXT.keepMine}</span>
      </label>
    </fieldset>
  );
}

/** The preview: counts, then the changes, the conflicts and the rows not imported. */
function PreviewView({ preview, mine, setMine, disabled }: { preview: ImportPreview; mine: ReadonlyMap<number, boolean>; setMine(next: ReadonlyMap<number, boolean>): void; disabled: boolean }) {
  return (
    <div data-preview>
      <p className="mb-2" role="status" data-summary>
        {IMPORT_DIALOG_TEXT.summary(preview)} <span className="text-body-secondary small">{IMPORT_DIALOG_TEXT.exportedAt(preview.exportedAt)}</span>
      </p>
      <div style={{ maxHeight: '55vh', overflow: 'auto' }}>
        {preview.changed.length > 0 && (
          <section data-section="changed">
            <h3 className="h6">Changed ({preview.changed.length})</h3>
            <ChangeTable changes={preview.changed} />
          </section>
        )}
        {preview.conflicts.length > 0 && (
          <section data-section="conflicts">
            <h3 className="h6">Changed on the server since your export ({preview.conflicts.length})</h3>
            <p className="small text-body-secondary mb-1">{IMPORT_DIALOG_TEXT.conflictHelp}</p>
            <ChangeTable changes={preview.conflicts} oldTitle="On the server now" choice={(change) => (
              <ChoiceCell id={change.costCodeId} mine={mine} setMine={setMine} disabled={disabled} label={`${change.lineLabel}: keep theirs or overwrite with mine`} />
            )} />
          </section>
        )}
        {preview.problems.length > 0 && (
          <section data-section="problems">
            <h3 className="h6">Not imported ({preview.problems.length})</h3>
            <ul className="small mb-2">
              {preview.problems.map((problem, index) => <li key={index} data-problem-row={problem.row} data-problem-kind={problem.kind}>{problem.message}</li>)}
            </ul>
          </section>
        )}
      </div>
    </div>
  );
}

function ChangeTable({ changes, oldTitle = 'Before', choice }: { changes: readonly (ImportChange | ImportConflict)[]; oldTitle?: string; choice?(change: ImportChange): ReactNode }) {
  return (
    <table className="table table-sm align-middle small mb-3">
      <thead>
        <tr>
          <th scope="col">Row</th>
          <th scope="col">Line</th>
          <th scope="col">{oldTitle}</th>
          <th scope="col">Imported</th>
          {choice ? <th scope="col">Keep</th> : null}
        </tr>
      </thead>
      <tbody>
        {changes.map((change) => (
          <tr key={change.costCodeId} data-row={change.row} data-cost-code-id={change.costCodeId}>
            <td>{change.row}</td>
            <td>
              {change.lineLabel}
              <div className="text-body-secondary text-break">{change.description}</div>
              {'modifiedAt' in change ? <div className="text-warning-emphasis">{IMPORT_DIALOG_TEXT.changedAt(change.modifiedAt)}</div> : null}
            </td>
            <td data-old><ValuesText values={change.old} /></td>
            <td data-new>
              <ValuesText values={change.new} />
              {change.warnings.map((warning, index) => <div key={index} className="text-warning-emphasis" data-warning>{warning}</div>)}
            </td>
            {choice ? <td>{choice(change)}</td> : null}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The server's conflicts after a save: who saved each line and when, theirs and mine, and the choice. */
function ServerConflicts({ step, mine, setMine, onSave, onClose }: {
  step: Extract<Step, { kind: 'serverConflicts' }>; mine: ReadonlyMap<number, boolean>;
  setMine(next: ReadonlyMap<number, boolean>): void; onSave(entries: ImportEntry[]): void; onClose(): void;
}) {
  const byId = new Map(step.sent.map((entry) => [entry.change.costCodeId, entry.change]));
  const kept = step.conflicts
    .filter((c) => mine.get(c.costCodeId) && byId.has(c.costCodeId))
    .map((c) => ({ change: byId.get(c.costCodeId)!, overwrite: true }));
  return (
    <div data-server-conflicts>
      {step.saved > 0 ? <p className="mb-2" role="status">{IMPORT_DIALOG_TEXT.saved(step.saved)}</p> : null}
      <p className="small text-body-secondary mb-2">{IMPORT_DIALOG_TEXT.serverConflictHelp}</p>
      <ul className="list-unstyled mb-2">
        {step.conflicts.map((conflict) => {
          const change = byId.get(conflict.costCodeId);
          const label = change?.lineLabel ?? `Line ${conflict.costCodeId}`;
          return (
            <li key={conflict.costCodeId} className="border rounded p-2 mb-2 d-flex flex-wrap gap-3 align-items-start" data-conflict={conflict.costCodeId}>
              <div className="me-auto">
                <div className="fw-semibold">{change ? `Row ${change.row}: ` : ''}{label}</div>
                <div className="small">{IMPORT_DIALOG_TEXT.savedBy(conflict)}</div>
                <div className="small">Theirs: <ValuesText values={conflict.theirs} /></div>
                <div className="small">Yours: <ValuesText values={conflict.yours} /></div>
              </div>
              <ChoiceCell id={conflict.costCodeId} mine={mine} setMine={setMine} disabled={false} label={`${label}: keep theirs or overwrite with mine`} />
            </li>
          );
        })}
      </ul>
      <div className="d-flex justify-content-end gap-2">
        <button type="button" className="btn btn-outline-secondary" onClick={onClose} data-action="close-import">Done</button>
        <button type="button" className="btn btn-primary" disabled={kept.length === 0} onClick={() => onSave(kept)} data-action="overwrite-import">
          {IMPORT_DIALOG_TEXT.saveKept(kept.length)}
        </button>
      </div>
    </div>
  );
}
