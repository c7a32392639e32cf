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

describe('project menu: canWrite for the caller', () => {
  it('a Viewer member gets canWrite false (by project and by budget); on his own team true', async () => {
    const pmId = employeeOf('pm');
    const own = one<{ projectId: number }>(`SELECT min(projectId) AS projectId FROM project_team_members
      WHERE employeeId = ? AND projectRole <> 'Viewer' AND removedAt IS NULL AND (endDate IS NULL OR endDate >= ?)`, pmId, today()).projectId;
    assert.ok(own > 0, 'the pm is on a team with a write role');

    const mine = await api.get('pm', '/api/pfm/projects/GetProjectMenuByProjectId', { ProjectId: own });
    assert.equal(mine.status, 200);
    assert.equal(mine.body.data.projectId, own);
    assert.equal(mine.body.data.canWrite, true);
    const mineByBudget = await api.get('pm', '/api/pfm/budgets/GetProjectMenu', { BudgetId: budgetOf(own) });
    assert.equal(mineByBudget.status, 200);
    assert.equal(mineByBudget.body.data.canWrite, true);

    const memberId = Number(host.db.prepare(`INSERT INTO project_team_members (projectId, employeeId, projectRole, source, addedAt, modifiedAt)
      VALUES (?, ?, 'Viewer', 'manual', '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z')`).run(HIDDEN_PROJECT, pmId).lastInsertRowid);
    try {
      const viewer = await api.get('pm', '/api/pfm/projects/GetProjectMenuByProjectId', { ProjectId: HIDDEN_PROJECT });
      assert.equal(viewer.status, 200);
      assert.equal(viewer.body.data.projectId, HIDDEN_PROJECT);
      assert.equal(viewer.body.data.canWrite, false);
      const viewerByBudget = await api.get('pm', '/api/pfm/budgets/GetProjectMenu', { BudgetId: budgetOf(HIDDEN_PROJECT) });
      assert.equal(viewerByBudget.status, 200);
      assert.equal(viewerByBudget.body.data.canWrite, false);
      // The same project for an Admin (every project, read and write).
      assert.equal((await api.get('admin', '/api/pfm/projects/GetProjectMenuByProjectId', { ProjectId: HIDDEN_PROJECT })).body.data.canWrite, true);
    } finally {
      host.db.prepare('DELETE FROM project_team_members WHERE projectTeamMemberId = ?').run(memberId);
    }
    // The membership gone, the menu is refused again (not on the team).
    assert.equal((await api.get('pm', '/api/pfm/projects/GetProjectMenuByProjectId', { ProjectId: HIDDEN_PROJECT })).status, 403);
  });
});
