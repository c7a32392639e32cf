/** Small SRA pieces shared by the list, the workbench, the buyout column and the commitment workbench. */
import type { RiskLevel } from '../../../core/risk/sra';
import { LEVEL_CLASS } from './text';
import { RecordStateBadge } from '../../../ui/records';

/** The risk level as text on its colour (never colour only). */
export function LevelBadge({ level }: { level: RiskLevel }) {
  return <span className={`badge ${LEVEL_CLASS[level] ?? 'text-bg-secondary'}`} data-level={level}>{level}</span>;
}

/** The state of an SRA as a quiet badge. */
export function StateBadge({ state }: { state: string }) {
  const closed = state === 'Approved' || state === 'Rejected';
  return <RecordStateBadge state={state} tone={closed ? 'secondary' : 'primary'} data-state-name />;
}
