/**
 * A new subcontract, purchase agreement or purchase order (the kind's workbench opened with record key
 * 'Project', or 'BuyoutLine' to award a line of the Buyout screen): the vendor with its
 * prequalification status and limits, title and scope, contract/start/end dates, retainage (10%, 5%,
 * 0%; default 10%; optionally reduced to 5% at 50% complete), excess liability (subcontracts), and the
 * schedule of values. Awarding pre-fills the line's vendor (of its SRA), cost code and what remains to
 * buy out, and links the line to the new commitment. Create opens the new record's workbench; a
 * refusal keeps everything typed and shows the server's words (the SRA gate names the limit and the
 * amount over it) at the field they concern, or above the form.
 */
import { useCallback, useMemo, useState } from 'react';
import { today } from '../../core/clock';
import { EXCESS_LIABILITY_OPTIONS, formatMoney, RETAINAGE_OPTIONS, sanitizeNumber } from '../../core/format';
import { showToast } from '../../core/messages';
import { checkRows, FEEDBACK_INVALID, ITEM_TEXT, PRICED_ITEM_TEXT, rowsTotal, shownRows, type FeedbackItem, type ItemRow } from '../../core/records';
import { openWorkbench } from '../../core/workbench';
import { LoadingLine, LoadProblem } from '../../ui/LoadProblem';
import { ReadOnlyLine, useProjectWrite } from '../../ui/ProjectWrite';
import { ItemsEditor, RecordField, ValidationSummary, WriteProblemAlert, useItemsDraft, useRecordWrites, useWorkbenchRecordName, type ItemsDraft } from '../../ui/records';
import { useLoad } from '../../ui/useLoad';
import {
  COMMITMENT_COST_TYPES, createCommitment, hasExcessLiability, isPricedKind, loadNewCommitmentBasis, NoSuchBuyoutLine, recordIdOf, refusalText, refusedFieldOf,
  type NewCommitmentBasis, type NewCommitmentHeader, type NewCommitmentKey, type VendorPrequalRow,
} from './create';
import { KINDS } from './data';
import { FittingCostCodePicker } from './FittingCostCodePicker';
import { VendorPicker } from './VendorPicker';

const lower = (label: string) => label.toLowerCase();

/** Texts the form shows; tests read them. */
export const NEW_COMMITMENT_TEXT = {
  title: (label: string) => `New ${lower(label)}`,
  awardTitle: (label: string, code: string) => `Award ${code} as a ${lower(label)}`,
  loading: (label: string) => `Loading the new ${lower(label)} form…`,
  loadFailed: (label: string, why: string) => `The new ${lower(label)} form could not be loaded (${why}).`,
  noAccess: 'You do not have access to this project’s commitments. They are for PFM Admin, Project Manager and RPM roles.',
  noProject: 'Open a project first: no project or budget was given.',
  noLine: (id: number) => `Buyout line ${id} is not a line of this project’s budget.`,
  awardNote: (remaining: string) => `Pre-filled from the buyout line: ${remaining} remains to buy out. The line is linked to the new commitment.`,
  vendorRequired: 'Choose the vendor.',
  titleRequired: 'A title is required.',
  contractDateRequired: 'The contract date is required.',
  endBeforeStart: 'The end date may not be before the start date.',
  linesRequired: 'Add at least one line to the schedule of values.',
  costCode: ITEM_TEXT.costCodeMissing,
  description: ITEM_TEXT.descriptionMissing,
  amount: ITEM_TEXT.amountNotNumber,
  quantity: PRICED_ITEM_TEXT.quantityNotNumber,
  unitPrice: PRICED_ITEM_TEXT.unitPriceNotNumber,
  overSingleLimit: (total: string, limit: string) => `The schedule (${total}) is over the vendor’s single limit in force (${limit}): it needs an approved SRA for this amount.`,
  create: (label: string) => `Create ${lower(label)}`,
  creating: 'Creating…',
  created: (number: string) => `${number} created.`,
  createdGated: (number: string, reasons: readonly string[]) => `${number} created. Before it goes out for signature it needs an approved SRA: ${reasons.join('; ')}.`,
  createFailed: (label: string, why: string) => `The ${lower(label)} was not created: ${why} Everything you typed is still here.`,
  reduce: 'Reduce to 5% at 50% complete',
} as const;

export interface NewCommitmentProps {
  kind: NewCommitmentKey;
  projectId: number;
  budgetId: number;
  /** The buyout line (its budget line's cost code id) awarded; -1: none. */
  buyoutLineId?: number;
}

/** The form's loads, then the form. */
export function NewCommitment({ kind, projectId, budgetId, buyoutLineId = -1 }: NewCommitmentProps) {
  const label = KINDS[kind].label;
  const noScope = projectId < 1 && budgetId < 1;
  const { state, retry } = useLoad<NewCommitmentBasis>(noScope ? null : `${kind}:${projectId}:${budgetId}:${buyoutLineId}`,
    (signal) => loadNewCommitmentBasis(projectId, budgetId, buyoutLineId, signal), { what: 'The new commitment form load' });
  if (noScope) return <div className="alert alert-warning" role="alert">{NEW_COMMITMENT_TEXT.noProject}</div>;
  if (state.status === 'failed') {
    if (state.error instanceof NoSuchBuyoutLine) return <div className="alert alert-warning" role="alert" data-state="failed">{NEW_COMMITMENT_TEXT.noLine(buyoutLineId)}</div>;
    return state.failure === 'forbidden'
      ? <LoadProblem variant="warning" state="forbidden" message={NEW_COMMITMENT_TEXT.noAccess} onRetry={retry} />
      : <LoadProblem message={NEW_COMMITMENT_TEXT.loadFailed(label, refusalText(state.error))} onRetry={retry} />;
  }
  if (state.status !== 'ready') return <LoadingLine label={NEW_COMMITMENT_TEXT.loading(label)} />;
  return <NewCommitmentFields kind={kind} basis={state.data} buyoutLineId={buyoutLineId} />;
}

type Draft = ItemsDraft<NewCommitmentHeader>;

function initialDraft(kind: NewCommitmentKey, basis: NewCommitmentBasis, fits: (costCodeId: number) => boolean): Draft {
  const award = basis.award;
  const remaining = award && award.line.remaining > 0 ? sanitizeNumber(award.line.remaining) : '';
  const priced = isPricedKind(kind);
  const first: ItemRow = award
    ? {
      key: 'sov-award', itemId: null, costType: award.line.type, costCodeId: fits(award.line.costCodeId) ? award.line.costCodeId : null, description: award.line.description,
      amount: priced ? '' : remaining, deleted: false, ...(priced ? { quantity: remaining ? '1' : '', unitPrice: remaining } : {}),
    }
    : { key: 'sov-first', itemId: null, costType: '', costCodeId: null, description: '', amount: '', deleted: false };
  return {
    header: {
      vendorId: award?.vendorId ? String(award.vendorId) : '', title: award ? award.line.description : '', scope: '',
      contractDate: today(), startDate: today(), endDate: '', retainagePercent: '10', reduceRetainageAtHalf: 'false', excessLiability: '',
    },
    items: [first],
  };
}

/** The line checks of a kind: quantity and unit price for a priced kind, else the amount. */
const lineChecks = (priced: boolean) => ({
  costCodeMissing: ITEM_TEXT.costCodeMissing, descriptionMissing: ITEM_TEXT.descriptionMissing,
  ...(priced ? PRICED_ITEM_TEXT : { amountNotNumber: ITEM_TEXT.amountNotNumber }),
});

/** What the browser checks before sending (the server checks again). */
function checkDraft(draft: Draft, priced: boolean): FeedbackItem[] {
  const T = NEW_COMMITMENT_TEXT;
  const found: FeedbackItem[] = [];
  const bad = (field: string, message: string) => found.push({ integerValue: FEEDBACK_INVALID, stringValue: field, message });
  const { header } = draft;
  if (!header.vendorId) bad('vendorId', T.vendorRequired);
  if (header.title.trim() === '') bad('title', T.titleRequired);
  if (!header.contractDate) bad('contractDate', T.contractDateRequired);
  if (header.startDate && header.endDate && header.endDate < header.startDate) bad('endDate', T.endBeforeStart);
  if (shownRows(draft.items).length === 0) bad('items', T.linesRequired);
  return [...found, ...checkRows(draft.items, lineChecks(priced))];
}

function NewCommitmentFields({ kind, basis, buyoutLineId }: { kind: NewCommitmentKey; basis: NewCommitmentBasis; buyoutLineId: number }) {
  const T = NEW_COMMITMENT_TEXT;
  const spec = KINDS[kind];
  const priced = isPricedKind(kind);
  const costCodes = useMemo(() => basis.costCodes
    .filter((c) => c.budgetId === basis.budgetId && COMMITMENT_COST_TYPES[kind].includes(c.type))
    .sort((a, b) => a.type.localeCompare(b.type) || a.code.localeCompare(b.code)), [basis, kind]);
  const [empty] = useState(() => initialDraft(kind, basis, (id) => costCodes.some((c) => c.costCodeId === id)));
  // A half-typed new commitment survives a reload: kept while it differs from the empty form, offered back.
  const drafts = useItemsDraft<NewCommitmentHeader>({
    screen: `wb-${kind === 'Subcontract' ? 'subcontract' : kind === 'PurchaseAgreement' ? 'purchase-agreement' : 'purchase-order'}`,
    recordKey: kind, recordId: 0, form: `new-${basis.projectId}-${buyoutLineId}`, saved: empty,
  });
  const writes = useRecordWrites();
  const projectWrite = useProjectWrite({ projectId: basis.projectId, budgetId: basis.budgetId });
  const [vendor, setVendor] = useState<VendorPrequalRow | null>(null);
  const onVendor = useCallback((row: VendorPrequalRow | null) => setVendor(row), []);
  const draft = drafts.draft ?? empty;
  const header = draft.header;
  const rows = drafts.rows;
  const total = rowsTotal(rows, priced);
  const set = (name: keyof NewCommitmentHeader) => (value: string) => drafts.setHeader(name, value);
  const busy = writes.busy;

  async function create(): Promise<void> {
    const local = checkDraft(draft, priced);
    writes.setFeedback(local);
    writes.setProblem(null);
    if (local.length) return;
    const sent = rows;
    let refusal: unknown = null;
    const done = await writes.write(sent, async () => {
      const record = await createCommitment(kind, { projectId: basis.projectId, budgetId: basis.budgetId, buyoutLineId }, header,
        sent.map((row) => ({ costCodeId: row.costCodeId, description: row.description, amount: row.amount, quantity: row.quantity, unitPrice: row.unitPrice })));
      drafts.forget();
      showToast(record.gate ? T.createdGated(record.number, record.gate.reasons) : T.created(record.number), { variant: record.gate ? 'warning' : 'success' });
      openWorkbench(kind, { recordKey: kind, recordId: recordIdOf(spec, record) });
    }, { failed: (error) => { refusal = error; return T.createFailed(spec.label, refusalText(error)); } });
    // A refusal that names its field (the vendor over its limit, a date) is shown at that field too.
    const field = done ? '' : refusedFieldOf(refusal);
    if (field) writes.setFeedback([{ integerValue: FEEDBACK_INVALID, stringValue: field.charAt(0).toLowerCase() + field.slice(1), message: refusalText(refusal) }]);
  }

  const field = (name: keyof NewCommitmentHeader, text: string, className: string) => ({ label: text, field: name, feedback: writes.feedback, editable: !busy, className });
  const award = basis.award;
  // The panel names what is made, not the project the form was opened on ('Project 1').
  const nameRef = useWorkbenchRecordName<HTMLFormElement>(award ? T.awardTitle(spec.label, award.line.codeDisplay ?? award.line.code) : T.title(spec.label));
  const overLimit = vendor && total > vendor.singleLimitInForce;

  return (
    <form ref={nameRef} className="new-commitment" data-workbench="new-commitment" data-kind={kind} noValidate aria-label={T.title(spec.label)}
      onSubmit={(e) => { e.preventDefault(); if (projectWrite && !busy) void create(); }}>
      <h2 className="h5">{award ? T.awardTitle(spec.label, award.line.codeDisplay ?? award.line.code) : T.title(spec.label)}</h2>
      {award ? <p className="small text-body-secondary" data-award-note>{T.awardNote(formatMoney(award.line.remaining))}</p> : null}
      {drafts.banner}
      <WriteProblemAlert problem={writes.problem} onReload={() => undefined} />
      <ValidationSummary feedback={writes.feedback} />
      <div className="row g-3 mb-3">
        <VendorPicker value={header.vendorId} onChange={set('vendorId')} onVendor={onVendor} feedback={writes.feedback} disabled={busy} />
        <RecordField {...field('title', 'Title', 'col-lg-6')}>
          {(control) => <input {...control} maxLength={200} value={header.title} onChange={(e) => set('title')(e.currentTarget.value)} />}
        </RecordField>
        <RecordField {...field('scope', 'Scope', 'col-12')}>
          {(control) => <textarea {...control} rows={3} maxLength={4000} value={header.scope} onChange={(e) => set('scope')(e.currentTarget.value)} />}
        </RecordField>
        <RecordField {...field('contractDate', 'Contract date', 'col-sm-4')}>
          {(control) => <input {...control} type="date" value={header.contractDate} onChange={(e) => set('contractDate')(e.currentTarget.value)} />}
        </RecordField>
        <RecordField {...field('startDate', 'Start date', 'col-sm-4')}>
          {(control) => <input {...control} type="date" value={header.startDate} onChange={(e) => set('startDate')(e.currentTarget.value)} />}
        </RecordField>
        <RecordField {...field('endDate', 'End date', 'col-sm-4')}>
          {(control) => <input {...control} type="date" value={header.endDate} min={header.startDate || undefined} onChange={(e) => set('endDate')(e.currentTarget.value)} />}
        </RecordField>
        <RecordField {...field('retainagePercent', 'Retainage', 'col-sm-4')} select>
          {(control) => (
            <select {...control} value={header.retainagePercent} onChange={(e) => set('retainagePercent')(e.currentTarget.value)}>
              {RETAINAGE_OPTIONS.map((o) => <option key={o.value} value={String(o.value)}>{o.label}</option>)}
            </select>
          )}
        </RecordField>
        <div className="col-sm-4 d-flex align-items-end">
          <div className="form-check mb-1">
            <input id={`reduce-${kind}`} type="checkbox" className="form-check-input" data-field="reduceRetainageAtHalf" disabled={busy || header.retainagePercent !== '10'}
              checked={header.reduceRetainageAtHalf === 'true' && header.retainagePercent === '10'}
              onChange={(e) => set('reduceRetainageAtHalf')(e.currentTarget.checked ? 'true' : 'false')} />
            <label className="form-check-label small" htmlFor={`reduce-${kind}`}>{T.reduce}</label>
          </div>
        </div>
        {hasExcessLiability(kind) ? (
          <RecordField {...field('excessLiability', 'Excess liability', 'col-sm-4')} select>
            {(control) => (
              <select {...control} value={header.excessLiability} onChange={(e) => set('excessLiability')(e.currentTarget.value)}>
                {EXCESS_LIABILITY_OPTIONS.map((o) => <option key={o.label} value={o.value === null ? '' : String(o.value)}>{o.label}</option>)}
              </select>
            )}
          </RecordField>
        ) : null}
      </div>

      <ItemsEditor rows={rows} priced={priced} heading="Schedule of values" caption="Schedule of values of the new commitment" editable={!busy} feedback={writes.feedback}
        costCodes={costCodes} picker={(slot) => <FittingCostCodePicker costCodes={costCodes} slot={slot} />} markOf={(_row, line) => line} descriptionMaxLength={500}
        onChange={drafts.setItem} onRemove={drafts.removeItem} onAdd={drafts.addItem}
        total={{ label: `Total (${rows.length} line${rows.length === 1 ? '' : 's'})`, amount: total, kind: 'total' }}
        actions={projectWrite
          ? <button type="submit" className="btn btn-sm btn-primary" disabled={busy} data-create>{busy ? T.creating : T.create(spec.label)}</button>
          : <ReadOnlyLine className="mb-0" />} />
      {overLimit ? <p className="small text-warning-emphasis" data-over-limit>{T.overSingleLimit(formatMoney(total), formatMoney(vendor.singleLimitInForce, { fractionDigits: 0 }))}</p> : null}
    </form>
  );
}
