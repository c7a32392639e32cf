/** The seed's opportunities (migration 005, issue 12) and their timecard cost codes. */
import type { Seeder } from './seeder';
import { addDays, insert } from './support';

/** Seeded opportunities (migration 005): number, name, client, legal entity, status, estimated value, number of cost codes. */
const OPPORTUNITIES: ReadonlyArray<readonly [string, string, string, number, 'Pursuit' | 'Won' | 'Lost', number, number]> = [
  ['OPP-26-001', 'Riverside Medical Office Building', 'Riverside Health Partners', 1, 'Pursuit', 18_500_000, 3],
  ['OPP-26-002', 'Lakeview Elementary School Addition', 'Lakeview Independent School District', 2, 'Won', 9_200_000, 4],
  ['OPP-26-003', 'Harbor Point Distribution Center', 'Harbor Point Logistics', 1, 'Lost', 32_000_000, 2],
  ['OPP-26-004', 'Cedar Ridge Senior Living', 'Cedar Ridge Communities', 2, 'Pursuit', 24_750_000, 5],
  ['OPP-26-005', 'Downtown Library Renovation', 'City of Austin', 2, 'Pursuit', 6_400_000, 2],
  ['OPP-26-006', 'Northgate Retail Center Tenant Finish', 'Northgate Properties', 3, 'Won', 2_150_000, 3],
  ['OPP-26-007', 'Westfield Parking Structure', 'Westfield County', 1, 'Lost', 14_300_000, 3],
  ['OPP-26-008', 'Summit Tech Campus Phase II', 'Summit Technology Group', 1, 'Pursuit', 41_000_000, 4],
  ['OPP-26-009', 'Bayou City Fire Station No. 12', 'City of Houston', 2, 'Won', 7_800_000, 2],
  ['OPP-26-010', 'Pinecrest Apartments Interiors', 'Pinecrest Residential', 3, 'Pursuit', 3_600_000, 3],
  ['OPP-26-011', 'Greenway Corporate Headquarters', 'Greenway Energy', 1, 'Lost', 55_000_000, 4],
  ['OPP-26-014', 'Mesa Verde Community Clinic', 'Mesa Verde Health District', 2, 'Pursuit', 5_250_000, 5],
];

/**
 * Opportunities (migration 005, issue 12): twelve pursuits across the three statuses, each with two
 * to five labour (L) cost codes. Fixed data, written last and without the PRNG, so every other seeded
 * row stays as it was. The codes were added by the rpm (employee 3) or the admin (employee 1).
 */
export function seedOpportunities(s: Seeder): void {
  const t = s.cal.stamp;
  const codes: ReadonlyArray<readonly [string, string]> = [
    ['01010000', 'Preconstruction services'], ['01020000', 'Estimating'], ['01030000', 'Proposal preparation'],
    ['01040000', 'Design-assist meetings'], ['01050000', 'Site visits and logistics planning'],
  ];
  OPPORTUNITIES.forEach(([number, name, client, legalEntityId, status, estimatedValue, codeCount], index) => {
    const opportunityId = insert(s.db, 'opportunities', {
      number, name, client, legalEntityId, status, estimatedValue, displayText: `${number} ${name}`, modifiedAt: t,
    });
    codes.slice(0, codeCount).forEach(([code, description], n) => {
      const addedAt = `${addDays(s.cal.today, -(60 - index * 3 - n))}T15:00:00.000Z`;
      insert(s.db, 'opportunity_cost_codes', {
        opportunityId, code, description, type: 'L', active: n === 4 ? 0 : 1, addedByEmployeeId: n % 2 === 0 ? 3 : 1, addedAt, modifiedAt: addedAt,
      });
    });
  });
}
