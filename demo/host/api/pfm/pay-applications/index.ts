/**
 * The pay applications area's routes (paths and wire types: src/core/pay-applications/contract.ts), ACCESS.pfm,
 * each id checked by the team guard through its declared scope (a write refuses a Viewer) and against the
 * record as loaded by the handler. Reads: ./loads; writes and their rules: ./writes.
 *
 * | route | parameters |
 * |---|---|
 * | GET getpayapplications | recordKey (Project, Budget, Subcontract, PurchaseAgreement, PurchaseOrder), recordId, lastLoad?, open? (absent: open and closed) |
 * | GET getPayApplicationById | payApplicationId → the application, with the caller's field security in its state |
 * | POST CreatePayApplication | RecordKey, CommitmentId, PeriodEnd |
 * | POST SavePayApplication | PayApplicationId, lastLoad, lines[i].itemId, lines[i].source?, lines[i].thisPeriod, lines[i].storedMaterials |
 * | POST UpdatePayApplicationState | ItemId, OldRecordStateId, RouteStateId, Reason? |
 * | POST AddLienWaiver | (multipart) PayApplicationId, Kind, Amount, ThroughDate, file |
 * | GET GetPayApplicationDocument | payApplicationId → the G702/G703 PDF in the AIA layout (./document), drawn as the application stands; Approved for Payment files one on the record |
 */
import { PAY_APPLICATION_PATHS as PATHS, PAY_APPLICATION_RECORD_KEY, PAY_APPLICATION_SCOPES } from '../../../../../src/core/pay-applications/contract';
import { declaredFor, p, route } from '../../declare';
import { fieldSecurityOfState } from '../../field-security';
import { notFound } from '../../http';
import { RECORD_TABLES } from '../../scope';
import { documentFacts, payApplicationPdf } from './document';
import { payApplicationById, payApplicationRows } from './loads';
import { ADD_WAIVER, addLienWaiver, CREATE, createPayApplication, SAVE, savePayApplication, UPDATE_STATE, updatePayApplicationState } from './writes';

const ONE = { payApplicationId: p.id({ required: true, scope: PAY_APPLICATION_RECORD_KEY }) };

export const payApplicationHandlers = declaredFor('pfm', [
  route({
    method: 'GET', path: PATHS.list,
    note: 'added: recordKey (Project, Budget, Subcontract, PurchaseAgreement, PurchaseOrder), recordId, lastLoad?, open? → pay application rows with G702 totals and waivers missing (pfm/pay-applications)',
    params: {
      recordKey: p.recordKey(PAY_APPLICATION_SCOPES, { required: true }),
      recordId: p.id({ required: true, scope: { keyParam: 'recordKey' } }),
      lastLoad: p.timestamp(),
      open: p.boolean(),
    },
    handler: ({ db, params }) => {
      const where = RECORD_TABLES[params.recordKey]!;
      if (!db.prepare(`SELECT 1 FROM ${where.table} WHERE ${where.idColumn} = ?`).get(params.recordId)) throw notFound(`${params.recordKey} ${params.recordId} not found.`);
      return payApplicationRows(db, { recordKey: params.recordKey, recordId: params.recordId, lastLoad: params.lastLoad, open: params.open });
    },
  }),
  route({
    method: 'GET', path: PATHS.one, note: 'added: payApplicationId → the application with its G703 lines and lien waivers',
    params: ONE,
    handler: ({ db, user, params }) => {
      const record = payApplicationById(db, params.payApplicationId);
      if (!record) throw notFound(`Pay application ${params.payApplicationId} not found.`);
      // The caller's field security in its state, beside it: the workbench shows the sheet without asking after.
      return { ...record, fieldSecurity: fieldSecurityOfState(db, user, record.applicationRecordStateId) };
    },
  }),
  route({ method: 'POST', path: PATHS.create, note: 'added: RecordKey, CommitmentId, PeriodEnd → a Draft application', params: CREATE, handler: createPayApplication }),
  route({
    method: 'POST', path: PATHS.save, note: "added: PayApplicationId, lastLoad, lines[i].itemId / .source? / .thisPeriod / .storedMaterials (Draft or Revise and Resubmit)",
    params: SAVE, handler: savePayApplication,
  }),
  route({
    method: 'POST', path: PATHS.updateState,
    note: 'added: ItemId, OldRecordStateId, RouteStateId, Reason (Revise and Resubmit); Approved for Payment: approval authority and lien waivers',
    params: UPDATE_STATE, handler: updatePayApplicationState,
  }),
  route({ method: 'POST', path: PATHS.addLienWaiver, note: 'added: file form PayApplicationId, Kind, Amount, ThroughDate, file', params: ADD_WAIVER, handler: addLienWaiver }),
  route({
    method: 'GET', path: PATHS.document, note: 'added: payApplicationId → the G702/G703 PDF (attachment)',
    params: ONE,
    handler: async ({ db, params, reply }) => {
      const record = payApplicationById(db, params.payApplicationId);
      if (!record) throw notFound(`Pay application ${params.payApplicationId} not found.`);
      const bytes = await payApplicationPdf(record, documentFacts(db, record));
      const name = `${record.number}.pdf`.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
      return reply.type('application/pdf').header('content-disposition', `attachment; filename="${name}"`)
        .header('x-content-type-options', 'nosniff').header('cache-control', 'no-store').send(Buffer.from(bytes));
    },
  }),
]);
