/**
 * Commitments of a budget: a subcontract per trade of its subcontract (S) lines with the contract documents tracked,
 * purchase agreements (some with a change order) for material (M) lines, and purchase orders for warehouse and
 * equipment lines. A line's commitment is noted on it (LineInfo), for the costs billed against it.
 */
import { catalogDescription } from '../catalog';
import { cents } from '../prng';
import { vendorFor } from './company';
import type { BudgetInfo, LineInfo, ProjectInfo, Seeder } from './seeder';
import { addDays, addMonths, insert, pad, stateId, type Row } from './support';

function commitmentState(s: Seeder, info: ProjectInfo, key: 'Subcontract' | 'PurchaseAgreement'): number {
  if (!info.active) return stateId(s.db, key, 'Closed');
  const roll = s.rng.float();
  return stateId(s.db, key, roll < 0.8 ? 'Executed' : roll < 0.9 ? 'Pending Signature' : 'Draft');
}

export function seedCommitments(s: Seeder, info: ProjectInfo, budget: BudgetInfo): void {
  const { db, rng } = s;
  const t = s.cal.stamp;
  const byTrade = new Map<string, LineInfo[]>();
  for (const line of budget.lines) {
    if (line.type !== 'S' && line.type !== 'M') continue;
    const key = `${line.type}:${line.trade}`;
    byTrade.set(key, [...(byTrade.get(key) ?? []), line]);
  }
  for (const [key, lines] of byTrade) {
    const [type, trade] = key.split(':') as [string, string];
    const vendorId = vendorFor(s, trade, info.index + lines.length);
    const vendor = s.vendorName.get(vendorId)!;
    if (type === 'S') {
      const n = s.next(`sc:${budget.budgetId}`);
      const number = `SC-${budget.jobNumber}-${pad(n, 3)}`;
      const subcontractId = insertCommitment(s, 'Subcontract', 'subcontracts', {
        projectId: info.projectId, budgetId: budget.budgetId, vendorId, subcontractTypeId: rng.chance(0.8) ? 1 : rng.int(2, 4),
        number, description: `${lines.map((l) => catalogDescription(l.code)).join(', ')}`,
        applicationRecordStateId: commitmentState(s, info, 'Subcontract'), retainagePercent: rng.pick([10, 5, 5, 0]),
        excessLiability: rng.pick([null, 3_000_000, 5_000_000, 10_000_000]), executedDate: addDays(info.start, rng.int(0, 90)),
        billedToDate: 0, displayText: `${number} ${vendor}`, modifiedAt: t,
      });
      for (const line of lines) {
        insert(db, 'subcontract_items', {
          subcontractId, costCodeId: line.costCodeId, description: catalogDescription(line.code),
          amount: Math.round(line.amount * rng.between(0.9, 1.02)), modifiedAt: t,
        });
        Object.assign(line, { committedVendorId: vendorId, commitmentKey: 'Subcontract', commitmentId: subcontractId });
      }
      seedContractDocuments(s, info, budget.budgetId, 'Subcontract', subcontractId, vendorId);
    } else if (rng.chance(0.6)) {
      const n = s.next(`pa:${budget.budgetId}`);
      const number = `PA-${budget.jobNumber}-${pad(n, 3)}`;
      const purchaseAgreementId = insertCommitment(s, 'PurchaseAgreement', 'purchase_agreements', {
        projectId: info.projectId, budgetId: budget.budgetId, vendorId, number, description: `Material supply: ${trade}`,
        applicationRecordStateId: commitmentState(s, info, 'PurchaseAgreement'), retainagePercent: 0,
        executedDate: addDays(info.start, rng.int(10, 120)), billedToDate: 0, displayText: `${number} ${vendor}`, modifiedAt: t,
      });
      for (const line of lines) {
        const quantity = line.unitPrice ? Math.max(1, Math.round(line.amount / line.unitPrice * 0.9)) : 1;
        const unitPrice = line.unitPrice || Math.round(line.amount * 0.9);
        insert(db, 'purchase_agreement_items', {
          purchaseAgreementId, costCodeId: line.costCodeId, description: catalogDescription(line.code), quantity, unitPrice,
          amount: cents(quantity * unitPrice), modifiedAt: t,
        });
        Object.assign(line, { committedVendorId: vendorId, commitmentKey: 'PurchaseAgreement', commitmentId: purchaseAgreementId });
      }
      if (rng.chance(0.35)) {
        const line = lines[0]!;
        const description = 'Additional material per revised quantities';
        const coId = insert(db, 'purchase_agreement_change_orders', {
          purchaseAgreementId, number: 'PACO-01', description,
          applicationRecordStateId: stateId(db, 'PurchaseAgreementChangeOrder', rng.chance(0.7) ? 'Approved' : 'Pending Approval'),
          changeOrderDate: addDays(s.cal.today, -rng.int(5, 150)), displayText: `PACO-01 ${description}`, modifiedAt: t,
        });
        insert(db, 'purchase_agreement_change_order_items', {
          purchaseAgreementChangeOrderId: coId, costCodeId: line.costCodeId, changeEventItemId: null, description,
          amount: Math.round(line.amount * rng.between(0.02, 0.08)), modifiedAt: t,
        });
      }
    }
  }
  // Purchase orders for warehouse and equipment lines.
  for (const line of budget.lines.filter((l) => l.type === 'W' || l.type === 'E')) {
    const vendorId = vendorFor(s, line.type === 'E' ? 'equipment' : 'supply', line.costCodeId);
    const n = s.next(`po:${budget.budgetId}`);
    const number = `PO-${budget.jobNumber}-${pad(n, 3)}`;
    const purchaseOrderId = insertCommitment(s, 'PurchaseOrder', 'purchase_orders', {
      projectId: info.projectId, budgetId: budget.budgetId, vendorId, purchaseAgreementId: null, number,
      description: line.type === 'E' ? 'Equipment rental' : 'Warehouse stock issue',
      applicationRecordStateId: stateId(db, 'PurchaseOrder', info.active ? rng.pick(['Issued', 'Received', 'Issued', 'Draft']) : 'Closed'),
      orderDate: addDays(info.start, rng.int(5, 200)), billedToDate: 0, displayText: `${number} ${s.vendorName.get(vendorId)}`, modifiedAt: t,
    });
    const quantity = rng.int(1, 12);
    const amount = Math.round(line.amount * rng.between(0.6, 0.95));
    insert(db, 'purchase_order_items', {
      purchaseOrderId, costCodeId: line.costCodeId, description: line.type === 'E' ? 'Monthly rental' : 'Stock material',
      quantity, unitPrice: cents(amount / quantity), amount, modifiedAt: t,
    });
    Object.assign(line, { committedVendorId: vendorId, commitmentKey: 'PurchaseOrder', commitmentId: purchaseOrderId });
  }
}

function seedContractDocuments(s: Seeder, info: ProjectInfo, budgetId: number, key: string, commitmentId: number, vendorId: number): void {
  for (const documentType of ['Signed Subcontract', 'Certificate of Insurance', 'W-9', 'Payment & Performance Bond']) {
    const received = s.rng.chance(0.75) ? 1 : 0;
    insert(s.db, 'contract_document_tracking', {
      projectId: info.projectId, budgetId, commitmentRecordKey: key, commitmentId, vendorId, documentType,
      required: documentType === 'Payment & Performance Bond' ? (s.rng.chance(0.5) ? 1 : 0) : 1, received,
      receivedDate: received ? addDays(info.start, s.rng.int(0, 60)) : null,
      expirationDate: documentType === 'Certificate of Insurance' ? addMonths(s.cal.today, s.rng.int(-1, 11)) : null,
      modifiedAt: s.cal.stamp,
    });
  }
}

/** Insert a commitment `row` of record key `key` into `table`, noting whether its state can be billed. */
export function insertCommitment(s: Seeder, key: 'Subcontract' | 'PurchaseAgreement' | 'PurchaseOrder', table: string, row: Row): number {
  const billableStates = key === 'PurchaseOrder' ? ['Issued', 'Received', 'Closed'] : ['Executed', 'Closed'];
  const billable = billableStates.some((name) => stateId(s.db, key, name) === row.applicationRecordStateId);
  // Only an executed commitment has its executed date (a Draft gets one when it is signed).
  const signed = 'executedDate' in row && !billable ? { ...row, executedDate: null } : row;
  // The header terms (migration 025): the scope as described, contract and start on the signing (or order) date, ending with the project.
  const endDate = s.db.prepare('SELECT completionDate FROM projects WHERE projectId = ?').pluck().get(row.projectId) as string | null;
  const start = (key === 'PurchaseOrder' ? row.orderDate : signed.executedDate) as string | null;
  const terms: Row = { scope: row.description ?? '', startDate: start, endDate, ...(key === 'PurchaseOrder' ? {} : { contractDate: start }) };
  const id = insert(s.db, table, { ...signed, ...terms });
  if (billable) s.billable.add(`${key}:${id}`);
  return id;
}
