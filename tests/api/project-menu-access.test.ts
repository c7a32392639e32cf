/**
 * The project menu carries `canWrite` for the caller (issue 15): false for a Viewer membership, so the
 * screens hide their write controls and show one read-only line; true where the caller may change the
 * project's data. Both menu routes (by project, by budget) answer it.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { SEED_TEAM_FACTS } from '../../demo/host/db/seed/teams';
import { useTestHost } from './support/use-host';

const { host, api, one, employeeId: employeeOf } = useTestHost();

const HIDDEN_PROJECT = (SEED_TEAM_FACTS.pmHiddenProjectIds as readonly number[])[0]!;
const budgetOf = (projectId: number) => one<{ budgetId: number }>('SELECT min(budgetId) AS budgetId FROM budgets WHERE projectId = ?', projectId).budgetId;
const today = () => new Date().toISOString().slice(0, 10);
const BY_PROJECT = '/api/pfm/projects/GetProjectMenuByProjectId';

/** canWrite of `login` on project `projectId` as both menu routes answer it (by project, by budget), each 200 for that project. */
async function canWriteByBoth(login: string, projectId: number): Promise<[boolean, boolean]> {
  const byProject = await api.get(login, BY_PROJECT, { ProjectId: projectId });
  assert.equal(byProject.status, 200);
  assert.equal(byProject.body.data.projectId, projectId);
  const byBudget = await api.get(login, '/api/pfm/budgets/GetProjectMenu', { BudgetId: budgetOf(projectId) });
  assert.equal(byBudget.status, 200);
  return [byProject.body.data.canWrite, byBudget.body.data.canWrite];
}

describe('project menu: canWrite for the caller', () => {
  it('a Viewer member gets canWrite false (by project and by budget); on his own team true', async () => {
    const pmId = employeeOf('pm');
    const own = one<{ projectId: number }>(`SELECT min(projectId) AS projectId FROM project_team_members
      WHERE employeeId = ? AND projectRole <> 'Viewer' AND removedAt IS NULL AND (endDate IS NULL OR endDate >= ?)`, pmId, today()).projectId;
    assert.ok(own > 0, 'the pm is on a team with a write role');

    assert.deepEqual(await canWriteByBoth('pm', own), [true, true]);

    const memberId = Number(host.db.prepare(`INSERT INTO project_team_members (projectId, employeeId, projectRole, source, addedAt, modifiedAt)
      VALUES (?, ?, 'Viewer', 'manual', '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z')`).run(HIDDEN_PROJECT, pmId).lastInsertRowid);
    try {
      assert.deepEqual(await canWriteByBoth('pm', HIDDEN_PROJECT), [false, false]);
      // The same project for an Admin (every project, read and write).
      assert.equal((await api.get('admin', BY_PROJECT, { ProjectId: HIDDEN_PROJECT })).body.data.canWrite, true);
    } finally {
      host.db.prepare('DELETE FROM project_team_members WHERE projectTeamMemberId = ?').run(memberId);
    }
    // The membership gone, the menu is refused again (not on the team).
    assert.equal((await api.get('pm', BY_PROJECT, { ProjectId: HIDDEN_PROJECT })).status, 403);
  });
});
