/** Route samples of project closeouts (demo/host/api/toolbox/closeouts.ts): every call names a project, except the list. */
import type { RouteSample } from './types';

/** 24-1017 (projectId 6): a Gulf Coast project the pm is not on (SEED_TEAM_FACTS.pmHiddenProjectIds). */
const HIDDEN = 6;
const move = { ProjectId: HIDDEN, OldCloseoutState: 'Open', Reason: 'route matrix' };

export const TOOLBOX_CLOSEOUT_SAMPLES: readonly RouteSample[] = [
  {
    method: 'GET', path: '/api/toolbox/closeouts/getprojectcloseouts', team: 'none',
    why: 'names no project: answers only the projects the caller reaches (reachWhere); tests/api/closeouts.test.ts checks the pm does not see the Gulf Coast ones',
  },
  { method: 'GET', path: '/api/toolbox/closeouts/getcloseoutchecklist', team: 'project', params: () => ({ recordKey: 'Project', recordId: HIDDEN }), expect: 403 },
  { method: 'POST', path: '/api/toolbox/closeouts/SoftCloseProject', team: 'project', params: () => move, expect: 403 },
  { method: 'POST', path: '/api/toolbox/closeouts/FinalCloseProject', team: 'project', params: () => move, expect: 403 },
  { method: 'POST', path: '/api/toolbox/closeouts/ReopenProject', team: 'project', params: () => ({ ...move, OldCloseoutState: 'Soft Closed' }), expect: 403 },
  {
    method: 'POST', path: '/api/toolbox/closeouts/ReceiveContractDocument', team: 'project', expect: 403,
    params: (db) => ({
      ContractDocumentTrackingId: (db.prepare('SELECT min(contractDocumentTrackingId) AS id FROM contract_document_tracking WHERE projectId = ?').get(HIDDEN) as { id: number }).id,
    }),
  },
];
