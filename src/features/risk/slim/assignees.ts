/** The people a SLIM request may be assigned to, for the queue's bulk Assign and the workbench's Reassign. */
import { useEffect, useState } from 'react';
import type { SlimPerson } from '../../../core/risk';
import { loadSlimAssignees, problemText } from './data';

/**
 * The Prequal Administrators one may assign to (null until they are in); a failed load is said through
 * `onProblem` (a state setter: the load runs once per mount).
 */
export function useSlimAssignees(onProblem: (text: string) => void): SlimPerson[] | null {
  const [people, setPeople] = useState<SlimPerson[] | null>(null);
  useEffect(() => {
    const abort = new AbortController();
    loadSlimAssignees(abort.signal).then(setPeople, (error: unknown) => { if (!abort.signal.aborted) onProblem(problemText(error)); });
    return () => abort.abort();
  }, [onProblem]);
  return people;
}
