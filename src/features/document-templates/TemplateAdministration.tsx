/**
 * The Document Template Administration workbench (§2; the PFM bar's Administration → Document
 * Templates, keyPFM Admin): the templates by record kind; a form to create or edit one (title, record
 * kind, active, body with merge fields and a list of the kind's fields to insert); Save, refused by
 * the server when the body names an unknown merge field (the message shows at the body too, as does a
 * live hint while typing); a Preview of the body being edited merged with a chosen record, as a PDF.
 * A non-admin gets the server's 403 and is told they lack access.
 */
import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { ApiError } from '../../core/api';
import {
  DOCUMENT_RECORD_KEYS, DOCUMENT_RECORD_LABELS, MERGE_FIELDS, TEMPLATE_BODY_MAX, TEMPLATE_TITLE_MAX, unknownMergeFieldMessage, unknownMergeFields,
  type DocumentRecordKey, type DocumentTemplate, type PreviewRecord,
} from '../../core/document-templates/contract';
import { formatDateTime } from '../../core/format';
import { showToast } from '../../core/messages';
import { useDraft, useNewestKeptRecordId } from '../../ui/drafts';
import { PdfFrame } from '../../ui/workbench';
import {
  failureOf, loadPreviewRecords, loadTemplates, previewTemplate, refusalMessage, saveTemplate, TEMPLATES_TEXT as TEXT,
  type TemplateDraft,
} from './data';
import { useLoad } from '../../ui/useLoad';
import { LoadingLine } from '../../ui/LoadProblem';

const NEW_BODY = '# {{documentTitle}}\nProject {{projectNumber}} {{projectName}}\nVendor: {{vendorName}}, {{vendorAddress}}\n\n{{description}}\n\n{{items}}\n\nTotal: {{totalAmount}}';

/** Where typed work of the editor is kept across a reload (src/core/drafts). */
const DRAFT_SCREEN = 'admin-document-templates';
const DRAFT_RECORD_KEY = 'DocumentTemplate';
const EMPTY_TEMPLATE: TemplateDraft = { title: '', recordKey: 'Subcontract', body: NEW_BODY, active: false };
const LOAD_OPTIONS = { what: 'Document templates load' };

const draftOf = (t: DocumentTemplate): TemplateDraft => ({
  documentTemplateId: t.documentTemplateId, version: t.version, title: t.title, recordKey: t.recordKey, body: t.body, active: Boolean(t.active),
});

/** The workbench's view. */
export function TemplateAdministration() {
  const [selected, setSelected] = useState<number | 'new' | null>(null);
  // The open template is not in the address: after a reload the one with kept typed work opens first, so its offer shows.
  const keptId = useNewestKeptRecordId({ screen: DRAFT_SCREEN, recordKey: DRAFT_RECORD_KEY });
  const { state: load, retry, set: setRows } = useLoad<DocumentTemplate[]>('templates', async (signal) => {
    const rows = await loadTemplates(signal);
    const kept = keptId === '0' ? 'new' : rows.find((r) => String(r.documentTemplateId) === keptId)?.documentTemplateId;
    setSelected((s) => s ?? kept ?? rows[0]?.documentTemplateId ?? 'new');
    return rows;
  }, LOAD_OPTIONS);
  const failure = load.status === 'failed' ? failureOf(load.error) : null;

  const rows = load.status === 'ready' ? load.data : null;
  const template = rows && typeof selected === 'number' ? rows.find((r) => r.documentTemplateId === selected) ?? null : null;

  const onSaved = (saved: DocumentTemplate) => {
    if (!rows) return;
    const others = rows.filter((r) => r.documentTemplateId !== saved.documentTemplateId)
      .map((r) => (saved.active && r.recordKey === saved.recordKey ? { ...r, active: 0 } : r));
    setRows([...others, saved].sort((a, b) => a.title.localeCompare(b.title) || a.documentTemplateId - b.documentTemplateId));
  };

  return (
    <div data-screen="document-templates" aria-busy={load.status === 'loading'}>
      {load.status === 'loading' ? <LoadingLine label={TEXT.loading} /> : null}
      {failure ? (
        <div className={`alert ${failure === 403 ? 'alert-warning' : 'alert-danger'} d-flex flex-wrap align-items-center gap-3`} role="alert"
          data-state="failed" data-failure={failure}>
          <span>{TEXT.failed[failure]}</span>
          {/* A 403 too: access can be granted meanwhile (issue 16). */}
          <button type="button" className={`btn btn-sm ${failure === 403 ? 'btn-outline-secondary' : 'btn-danger'}`} onClick={retry}>{TEXT.retry}</button>
        </div>
      ) : null}
      {rows ? (
        <div className="row g-3">
          <div className="col-12 col-lg-4">
            <TemplateList rows={rows} selected={selected} onSelect={setSelected} />
          </div>
          <div className="col-12 col-lg-8">
            {selected === 'new' || template ? (
              <TemplateEditor key={selected === 'new' ? 'new' : `${template!.documentTemplateId}`} template={template} onSaved={(saved, options) => {
                onSaved(saved);
                if (!options?.keepSelection) setSelected(saved.documentTemplateId);
              }} />
            ) : null}
          </div>
        </div>
      ) : null}
    </div>
  );
}

function TemplateList({ rows, selected, onSelect }: { rows: DocumentTemplate[]; selected: number | 'new' | null; onSelect(id: number | 'new'): void }) {
  return (
    <section aria-labelledby="document-templates-list" style={{ overflowX: 'auto' }}>
      <div className="d-flex align-items-center gap-2 mb-2">
        <h3 id="document-templates-list" className="h6 mb-0 me-auto">Templates</h3>
        <button type="button" className="btn btn-sm btn-primary" data-action="new-template" aria-pressed={selected === 'new'} onClick={() => onSelect('new')}>{TEXT.newTemplate}</button>
      </div>
      {rows.length === 0 ? <p className="text-body-secondary">{TEXT.none}</p> : (
        <table className="table table-sm align-top mb-0" data-list="templates" aria-labelledby="document-templates-list">
          <thead><tr><th scope="col">Title</th><th scope="col">Record kind</th><th scope="col">Modified</th></tr></thead>
          <tbody>
            {rows.map((t) => {
              const current = t.documentTemplateId === selected;
              return (
                <tr key={t.documentTemplateId} data-template={t.documentTemplateId} className={current ? 'table-active' : undefined}>
                  <th scope="row" className="fw-normal">
                    <button type="button" className="btn btn-link btn-sm p-0 text-start" aria-current={current ? 'true' : undefined}
                      onClick={() => onSelect(t.documentTemplateId)}>{t.title}</button>
                    {t.active ? <span className="badge text-bg-success ms-1" data-active>Active</span> : null}
                  </th>
                  <td className="small">{DOCUMENT_RECORD_LABELS[t.recordKey] ?? t.recordKey}</td>
                  <td className="small">{t.modifiedBy}<br />{formatDateTime(t.modifiedAt)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </section>
  );
}

type SaveProblem = { kind: 'body'; message: string } | { kind: 'stale'; message: string } | { kind: 'other'; message: string };

function TemplateEditor({ template, onSaved }: { template: DocumentTemplate | null; onSaved(saved: DocumentTemplate, options?: { keepSelection?: boolean }): void }) {
  const id = useId();
  const [draft, setDraft] = useState<TemplateDraft>(() => (template ? draftOf(template) : EMPTY_TEMPLATE));
  const [saved, setSaved] = useState<TemplateDraft | null>(() => (template ? draftOf(template) : null));
  // Typed work survives a reload: kept while it differs from the template (or the empty new one), offered back.
  const kept = useDraft<TemplateDraft>({
    screen: DRAFT_SCREEN, recordKey: DRAFT_RECORD_KEY, recordId: template?.documentTemplateId ?? 0, value: draft, saved: saved ?? EMPTY_TEMPLATE,
    restore: (value) => { if (value && typeof value.body === 'string') setDraft({ ...value, documentTemplateId: template?.documentTemplateId }); },
  });
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<SaveProblem | null>(null);
  const [titleMissing, setTitleMissing] = useState(false);
  const body = useRef<HTMLTextAreaElement>(null);

  const unknown = useMemo(() => unknownMergeFields(draft.body, draft.recordKey), [draft.body, draft.recordKey]);
  const dirty = !saved || JSON.stringify({ ...saved, version: 0 }) !== JSON.stringify({ ...draft, version: 0 });
  const bodyMessage = problem?.kind === 'body' ? problem.message : unknown.length ? unknownMergeFieldMessage(unknown) : '';

  const change = (patch: Partial<TemplateDraft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    if (problem?.kind === 'body' && (patch.body !== undefined || patch.recordKey !== undefined)) setProblem(null);
    if (patch.title !== undefined) setTitleMissing(false);
  };

  /** Put `{{name}}` at the cursor of the body (or its end) and give the body the focus back. */
  const insert = (name: string) => {
    const area = body.current;
    const text = `{{${name}}}`;
    const start = area?.selectionStart ?? draft.body.length;
    const end = area?.selectionEnd ?? draft.body.length;
    const next = draft.body.slice(0, start) + text + draft.body.slice(end);
    change({ body: next });
    requestAnimationFrame(() => {
      area?.focus();
      area?.setSelectionRange(start + text.length, start + text.length);
    });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!draft.title.trim()) {
      setTitleMissing(true);
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      const result = await saveTemplate(draft);
      kept.clear();
      const next = draftOf(result);
      setDraft(next);
      setSaved(next);
      onSaved(result);
      showToast(TEXT.saved(result.title), { variant: 'success' });
    } catch (error) {
      // The typed work stays; the server's reason shows where it belongs.
      const body409 = error instanceof ApiError && error.status === 409 ? (error.body as { current?: DocumentTemplate } | undefined)?.current : undefined;
      if (error instanceof ApiError && error.status === 409) {
        setProblem({ kind: 'stale', message: TEXT.stale(body409?.modifiedBy ?? 'another user', body409 ? formatDateTime(body409.modifiedAt) : '') });
      } else if (error instanceof ApiError && error.status === 400 && (error.body as { field?: unknown } | undefined)?.field === 'Body') {
        setProblem({ kind: 'body', message: refusalMessage(error, TEXT.saveFailed) });
        body.current?.focus();
      } else {
        setProblem({ kind: 'other', message: refusalMessage(error, TEXT.saveFailed) });
      }
    } finally {
      setBusy(false);
    }
  };

  const reloadSaved = (current: DocumentTemplate | undefined) => {
    if (!current) return;
    const next = draftOf(current);
    setDraft(next);
    setSaved(next);
    setProblem(null);
    onSaved(current, { keepSelection: true });
  };

  return (
    <section aria-labelledby={`${id}-heading`} data-editor={template?.documentTemplateId ?? 'new'}>
      <h3 id={`${id}-heading`} className="h6 d-flex align-items-center gap-2">
        <span>{template ? `Edit ‘${template.title}’` : TEXT.newTemplate}</span>
        {dirty ? <span className="badge text-bg-warning" data-dirty>{TEXT.unsaved}</span> : null}
      </h3>
      {kept.banner}
      <form onSubmit={(e) => void submit(e)} noValidate data-form="template">
        <div className="row g-2 mb-2">
          <div className="col-12 col-md-6">
            <label className="form-label mb-1 small" htmlFor={`${id}-title`}>Title</label>
            <input id={`${id}-title`} className={`form-control form-control-sm ${titleMissing ? 'is-invalid' : ''}`} value={draft.title} maxLength={TEMPLATE_TITLE_MAX}
              data-field="title" required aria-invalid={titleMissing || undefined} aria-describedby={titleMissing ? `${id}-title-error` : undefined}
              onChange={(e) => change({ title: e.target.value })} />
            {titleMissing ? <div id={`${id}-title-error`} className="invalid-feedback d-block">Enter a title.</div> : null}
          </div>
          <div className="col-12 col-md-4">
            <label className="form-label mb-1 small" htmlFor={`${id}-kind`}>Record kind</label>
            <select id={`${id}-kind`} className="form-select form-select-sm" value={draft.recordKey} data-field="recordKey"
              onChange={(e) => change({ recordKey: e.target.value as DocumentRecordKey })}>
              {DOCUMENT_RECORD_KEYS.map((key) => <option key={key} value={key}>{DOCUMENT_RECORD_LABELS[key]}</option>)}
            </select>
          </div>
          <div className="col-12 col-md-2 d-flex align-items-end">
            <div className="form-check mb-1">
              <input id={`${id}-active`} type="checkbox" className="form-check-input" checked={draft.active} data-field="active"
                onChange={(e) => change({ active: e.target.checked })} />
              <label className="form-check-label small" htmlFor={`${id}-active`}>Active</label>
            </div>
          </div>
        </div>
        <div className="row g-2">
          <div className="col-12 col-xl-8">
            <label className="form-label mb-1 small" htmlFor={`${id}-body`}>Body</label>
            <textarea id={`${id}-body`} ref={body} className={`form-control form-control-sm font-monospace ${bodyMessage ? 'is-invalid' : ''}`} rows={18}
              value={draft.body} maxLength={TEMPLATE_BODY_MAX} data-field="body" spellCheck={false}
              aria-invalid={bodyMessage ? true : undefined} aria-describedby={`${id}-body-help${bodyMessage ? ` ${id}-body-error` : ''}`}
              onChange={(e) => change({ body: e.target.value })} />
            <div id={`${id}-body-error`} className="invalid-feedback d-block" data-error="body" aria-live="polite">{bodyMessage}</div>
            <div id={`${id}-body-help`} className="form-text">{TEXT.fieldsHelp}</div>
          </div>
          <div className="col-12 col-xl-4">
            <h4 className="h6 small fw-semibold mb-1" id={`${id}-fields`}>{TEXT.fields}</h4>
            <ul className="list-unstyled small mb-0" style={{ maxHeight: '360px', overflowY: 'auto' }} aria-labelledby={`${id}-fields`} data-list="merge-fields">
              {MERGE_FIELDS[draft.recordKey].map((f) => (
                <li key={f.name} className="d-flex align-items-center gap-2 py-1 border-bottom">
                  <button type="button" className="btn btn-sm btn-outline-secondary py-0 font-monospace" data-insert={f.name}
                    aria-label={`Insert ${f.name}: ${f.label}`} onClick={() => insert(f.name)}>{`{{${f.name}}}`}</button>
                  <span className="text-body-secondary">{f.label}</span>
                </li>
              ))}
            </ul>
          </div>
        </div>
        {problem && problem.kind !== 'body' ? (
          <div className={`alert ${problem.kind === 'stale' ? 'alert-warning' : 'alert-danger'} d-flex flex-wrap align-items-center gap-3 py-2 mt-2 mb-0`} role="alert" data-error={problem.kind}>
            <span>{problem.message}</span>
            {problem.kind === 'stale' && template ? (
              <ReloadButton templateId={template.documentTemplateId} onLoaded={reloadSaved} />
            ) : null}
          </div>
        ) : null}
        <div className="d-flex gap-2 mt-2">
          <button type="submit" className="btn btn-sm btn-primary" disabled={busy} data-action="save">{busy ? TEXT.saving : TEXT.save}</button>
        </div>
      </form>
      <TemplatePreview draft={draft} />
    </section>
  );
}

function ReloadButton({ templateId, onLoaded }: { templateId: number; onLoaded(current: DocumentTemplate | undefined): void }) {
  const [busy, setBusy] = useState(false);
  return (
    <button type="button" className="btn btn-sm btn-outline-secondary" disabled={busy} data-action="reload" onClick={() => {
      setBusy(true);
      loadTemplates().then((rows) => onLoaded(rows.find((r) => r.documentTemplateId === templateId)), (error: unknown) => {
        console.error('Reload failed', error);
        showToast(TEXT.failed.other, { variant: 'danger' });
      }).finally(() => setBusy(false));
    }}>{TEXT.reload}</button>
  );
}

type PreviewState = { status: 'idle' } | { status: 'busy' } | { status: 'ready'; blob: Blob; filename: string } | { status: 'failed'; message: string };

/** Pick a record of the draft's kind by number and render the draft's body for it. */
function TemplatePreview({ draft }: { draft: TemplateDraft }) {
  const id = useId();
  const [search, setSearch] = useState('');
  const [records, setRecords] = useState<PreviewRecord[] | null>(null);
  const [recordsFailed, setRecordsFailed] = useState(false);
  const [recordId, setRecordId] = useState<number | null>(null);
  const [preview, setPreview] = useState<PreviewState>({ status: 'idle' });
  const kind = draft.recordKey;

  useEffect(() => {
    const abort = new AbortController();
    const timer = setTimeout(() => {
      setRecordsFailed(false);
      loadPreviewRecords(kind, search, abort.signal).then((rows) => {
        setRecords(rows);
        setRecordId((current) => (current !== null && rows.some((r) => r.recordId === current) ? current : rows[0]?.recordId ?? null));
      }, (error: unknown) => {
        if (abort.signal.aborted) return;
        console.error('Records failed to load', error);
        setRecordsFailed(true);
      });
    }, search ? 250 : 0);
    return () => { clearTimeout(timer); abort.abort(); };
  }, [kind, search]);

  const run = async () => {
    if (recordId === null) return;
    setPreview({ status: 'busy' });
    try {
      const { blob, filename } = await previewTemplate(draft, recordId);
      setPreview({ status: 'ready', blob, filename: filename || 'preview.pdf' });
    } catch (error) {
      setPreview({ status: 'failed', message: refusalMessage(error, TEXT.previewFailed) });
    }
  };

  const record = records?.find((r) => r.recordId === recordId);
  return (
    <section className="card mt-3" aria-labelledby={`${id}-heading`} data-panel="template-preview">
      <div className="card-body">
        <h4 id={`${id}-heading`} className="h6">{TEXT.preview}</h4>
        <div className="d-flex flex-wrap align-items-end gap-2 mb-2">
          <div>
            <label className="form-label mb-1 small" htmlFor={`${id}-search`}>{TEXT.previewSearch}</label>
            <input id={`${id}-search`} type="search" className="form-control form-control-sm" value={search} data-field="preview-search"
              onChange={(e) => setSearch(e.target.value)} />
          </div>
          <div>
            <label className="form-label mb-1 small" htmlFor={`${id}-record`}>{TEXT.previewRecord}</label>
            <select id={`${id}-record`} className="form-select form-select-sm" data-field="preview-record" value={recordId ?? ''} disabled={!records?.length}
              onChange={(e) => setRecordId(Number(e.target.value))}>
              {records?.length ? records.map((r) => <option key={r.recordId} value={r.recordId}>{`${r.number} – ${r.description}`.slice(0, 90)}</option>)
                : <option value="">{records ? TEXT.noRecords : TEXT.loadingRecords}</option>}
            </select>
          </div>
          <button type="button" className="btn btn-sm btn-primary" data-action="preview" disabled={recordId === null || preview.status === 'busy'} onClick={() => void run()}>
            {preview.status === 'busy' ? TEXT.previewing : TEXT.preview}
          </button>
        </div>
        {recordsFailed ? <div className="alert alert-danger py-2" role="alert">{TEXT.failed.other}</div> : null}
        {preview.status === 'busy' ? <div className="small" role="status">{TEXT.previewing}</div> : null}
        {preview.status === 'failed' ? <div className="alert alert-danger py-2 mb-0" role="alert" data-error="preview">{preview.message}</div> : null}
        {preview.status === 'ready' ? <PdfFrame blob={preview.blob} filename={preview.filename} title={`Preview of ${draft.title || 'the template'} for ${record?.number ?? 'the record'}`} /> : null}
      </div>
    </section>
  );
}
