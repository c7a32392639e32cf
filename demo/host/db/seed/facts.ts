/**
 * Facts of the seed that tests and other screens rely on (ids are stable across runs), and that the sections
 * seeding them read (listed in the API README table too).
 */
import { DEMO_ACCOUNTS } from '../../accounts';

export const SEED_FACTS = {
  /** Employee ids of the demo accounts, in the order of DEMO_ACCOUNTS (admin = 1, pm = 2, rpm = 3, ...). */
  employeeIdByLogin: Object.fromEntries(DEMO_ACCOUNTS.map((a, i) => [a.login, i + 1])) as Record<string, number>,
  /** The pm's showcase project 24-1032 Riverside Medical Office Building and its budget. */
  pmProjectId: 1,
  pmBudgetId: 1,
  /** Projects (0-based positions in PROJECTS → projectId = position + 1) managed by the pm. */
  pmProjectIds: [1, 2, 3, 5, 13],
  /** Classified CM. */
  cmProjectIds: [4, 12, 19, 27, 34, 38],
  /** Closed (inactive) projects. */
  closedProjectIds: [7, 20, 32],
  /** Projects whose primary budget is locked (13 is one of the pm's). */
  lockedProjectIds: [8, 13, 20],
  /** Project 5 has a roll-up budget with two child budgets. */
  rollUpProjectId: 5,
} as const;
