/**
 * The seed's default-assignment rules (issue 15, migration 016): after the teams, on their OWN random
 * stream, so every row written before stays as it was. A few realistic rules for staff without a
 * sign-in (never a demo account, so the security tests' teams stay as teams.ts makes them):
 * - a Project Accountant → Project Accountant of every Central Texas project;
 * - a Safety Manager → Viewer of every CM project;
 * - an Estimator → Viewer of every Summit Interiors Group project, for 180 days;
 * then applies them to the seeded active projects (applyRulesToProject, as the create-project call does).
 */
import type Database from 'better-sqlite3';
import type { ProjectRole } from '../../../../src/core/projects/team';
import { applyRulesToProject } from '../../api/toolbox/default-assignments';
import { Rng } from '../prng';
import { insert } from './support';

/** The stream of this part. */
export const ASSIGNMENT_SEED = 20261124;

interface SeedRule {
  title: string;
  projectRole: ProjectRole;
  regionName?: string;
  legalEntityCode?: string;
  classification?: 'GC' | 'CM' | 'DB';
  endDays?: number;
}

export const SEED_RULES: readonly SeedRule[] = [
  { title: 'Project Accountant', projectRole: 'Project Accountant', regionName: 'Central Texas' },
  { title: 'Safety Manager', projectRole: 'Viewer', classification: 'CM' },
  { title: 'Estimator', projectRole: 'Viewer', legalEntityCode: 'SIG', endDays: 180 },
];

export function seedAssignments(db: Database.Database, _seedDate: string, stamp: string): void {
  const rng = new Rng(ASSIGNMENT_SEED);
  for (const rule of SEED_RULES) {
    const staff = (db.prepare('SELECT employeeId FROM employees WHERE login IS NULL AND active = 1 AND jobTitle = ? ORDER BY employeeId').all(rule.title) as Array<{ employeeId: number }>)
      .map((e) => e.employeeId);
    if (!staff.length) continue;
    const regionId = rule.regionName ? (db.prepare('SELECT regionId FROM regions WHERE name = ?').get(rule.regionName) as { regionId: number } | undefined)?.regionId ?? null : null;
    const legalEntityId = rule.legalEntityCode ? (db.prepare('SELECT legalEntityId FROM legal_entities WHERE code = ?').get(rule.legalEntityCode) as { legalEntityId: number } | undefined)?.legalEntityId ?? null : null;
    insert(db, 'default_assignment_rules', {
      employeeId: rng.pick(staff), projectRole: rule.projectRole, regionId, legalEntityId, classification: rule.classification ?? null, endDays: rule.endDays ?? null,
      active: 1, createdByEmployeeId: null, createdAt: stamp, modifiedByEmployeeId: null, modifiedAt: stamp,
    });
  }
  const projects = db.prepare('SELECT projectId FROM projects WHERE active = 1 ORDER BY projectId').all() as Array<{ projectId: number }>;
  for (const { projectId } of projects) applyRulesToProject(db, projectId, { employeeId: null, at: stamp });
}
