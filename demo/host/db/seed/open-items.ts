/**
 * Open items of the demo accounts: the workflows waiting on them (the bell), unacknowledged changes on the pm's
 * showcase change events (made by the rpm), and files on a few showcase records. Fixed data (no draws).
 */
import { SEED_FACTS } from './facts';
import type { Seeder } from './seeder';
import { addDays, insert } from './support';

export function seedOpenItems(s: Seeder): void {
  const t = s.cal.stamp;
  const pfm = s.applicationIds.get('keyPFM')!;
  const project = s.projects[0]!;
  const q = `legalEntityId=${project.legalEntityId}&projectId=${project.projectId}&budgetId=${SEED_FACTS.pmBudgetId}`;
  const workflows: Array<[number, string, string, string, string, string, number, number]> = [
    [2, 'SC-24-1032-003', 'Subcontract Approval', 'Project Manager Review', `/pfm/projects/commitments?${q}&workbench=Subcontract&recordKey=Subcontract&recordId=3`, 'Subcontract', 3, 1],
    [2, 'CE-002', 'Change Event Approval', 'Pricing Review', `/pfm/projects/changemanagement?${q}&activeTab=change-events&workbench=ChangeEvent&recordKey=ChangeEvent&recordId=2`, 'ChangeEvent', 2, 1],
    [2, 'DC-24-1032-002', 'Direct Cost Approval', 'Project Manager Review', `/pfm/projects/directcosts?${q}&workbench=DirectCost&recordKey=DirectCost&recordId=2`, 'DirectCost', 2, 1],
    [3, 'CE-005', 'Change Event Approval', 'Regional Approval', `/pfm/projects/changemanagement?${q}&activeTab=change-events&workbench=ChangeEvent&recordKey=ChangeEvent&recordId=5`, 'ChangeEvent', 5, 1],
    [3, 'SC-24-1032-001', 'Subcontract Approval', 'Regional Approval', `/pfm/projects/commitments?${q}&workbench=Subcontract&recordKey=Subcontract&recordId=1`, 'Subcontract', 1, 1],
    [3, 'PTO-1', 'PTO Request', 'Manager Approval', '/teammembertoolbox/requests?recordKey=PtoRequest&recordId=1', 'PtoRequest', 1, 1],
    [1, 'OCO-001', 'Owner Change Order', 'Executive Approval', `/pfm/projects/owneragreements?${q}&workbench=OwnerAgreementChangeOrder&recordKey=OwnerAgreementChangeOrder&recordId=1`, 'OwnerAgreementChangeOrder', 1, 1],
    [2, 'SC-24-1032-002', 'Subcontract Approval', 'Complete', `/pfm/projects/commitments?${q}&workbench=Subcontract&recordKey=Subcontract&recordId=2`, 'Subcontract', 2, 0],
  ];
  workflows.forEach(([employeeId, documentNumber, workflowTrigger, phaseName, directLink, key, recordId, open], index) => {
    insert(s.db, 'open_workflows', {
      employeeId, documentNumber, workflowTrigger, phaseName, directLink, applicationRecordKey: key, recordId, open,
      startedAt: addDays(s.cal.today, -(index + 2)), modifiedAt: t,
    });
  });
  // Unacknowledged changes for the pm on the showcase change events (made by the rpm).
  const changes: Array<[number, number, string, number, string, number]> = [
    [2, 2, 'ChangeEventItem', 4, 'Approved amount revised', 0],
    [2, 2, 'ChangeEvent', 2, 'Description updated', 0],
    [3, 3, 'ChangeEventItem', 7, 'Vendor proposal attached', 0],
    [5, 5, 'ChangeEvent', 5, 'Moved to Pending', 1],
  ];
  changes.forEach(([parentId, , recordType, recordId, description, acknowledged], index) => {
    insert(s.db, 'change_tracking', {
      applicationId: pfm, employeeId: 2, parentApplicationRecordId: parentId, parentRecordType: 'ChangeEvent', applicationRecordId: recordId,
      recordType, changedByEmployeeId: 3, description, acknowledged, changedAt: addDays(s.cal.today, -index), modifiedAt: t,
    });
  });
  // Files on a few showcase records.
  const files: Array<[string, number, string, string, string]> = [
    ['ChangeEvent', 1, 'Owner casework request.txt', 'text/plain', 'Owner requests six additional exam room casework units per revised layout.'],
    ['ChangeEvent', 1, 'Casework pricing.csv', 'text/csv', 'item,qty,unit,amount\nBase cabinet,12,EA,14400\nWall cabinet,12,EA,9600\n'],
    ['ChangeEvent', 3, 'Geotech report excerpt.txt', 'text/plain', 'Refusal encountered at 9 ft below elevator pit; rock excavation required.'],
    ['Subcontract', 1, 'Executed subcontract.txt', 'text/plain', 'Executed subcontract agreement (demo file).'],
    ['ChangeRecord', 4, 'Owner request letter.txt', 'text/plain', 'Owner request letter for additional exam room casework (demo file).'],
  ];
  for (const [key, recordId, name, mime, text] of files) {
    const bytes = Buffer.from(text, 'utf8');
    insert(s.db, 'files', {
      applicationRecordKey: key, recordId, name, mime, size: bytes.length, bytes, uploadedByEmployeeId: 2,
      uploadedAt: s.cal.stamp, modifiedAt: t,
    });
  }
}
