/** A default-assignment rule and the options of a new one, as the screen's calls answer them (its element test and the write-fault suite). */
export const RULE = {
  ruleId: 7, employeeId: 25, employeeName: 'Heather Richardson', jobTitle: 'Project Accountant', projectRole: 'Project Accountant',
  regionId: 3, regionName: 'Central Texas', legalEntityId: null, legalEntityName: null, classification: 'DB', endDays: null, active: 1,
  createdByName: null, createdAt: '2026-11-01T12:00:00.000Z', modifiedByName: null, modifiedAt: '2026-11-01T12:00:00.000Z', membersAdded: 3,
};
export const OPTIONS = {
  employees: [{ id: 25, name: 'Heather Richardson', jobTitle: 'Project Accountant', regionName: 'Central Texas' }, { id: 30, name: '<b>Ann</b> Lee', jobTitle: 'Estimator', regionName: null }],
  regions: [{ id: 3, name: 'Central Texas' }], legalEntities: [{ id: 1, name: 'Summit Builders, Inc.' }],
  classifications: ['GC', 'CM', 'DB'], roles: ['Project Manager', 'Project Engineer', 'Superintendent', 'Project Accountant', 'Viewer'],
};
