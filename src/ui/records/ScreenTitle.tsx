/**
 * A screen's heading: its name as the page's h1 and, beside it in secondary text, what the screen is
 * about (e.g. the project), read through a reference-data lookup (§3). The same piece titles every
 * screen, so they look alike and name their subject the same way. (In the records chunk, beside the
 * lookup it uses, so the portal's first screen does not load lookups.)
 */
import { LookupText } from './LookupText';

/** The record a screen is about: a lookup type and id (nothing shows for an id below 1). */
export interface ScreenSubject {
  type: string;
  id: number;
}

/**
 * The subject of a project screen: its project, else its budget (whose lookup names the project's job),
 * else none.
 */
export function projectSubject(projectId: number, budgetId = -1): ScreenSubject | undefined {
  if (projectId > 0) return { type: 'pfm-project', id: projectId };
  if (budgetId > 0) return { type: 'pfm-budget', id: budgetId };
  return undefined;
}

/** The h1 of a screen with its subject beside it. */
export function ScreenTitle({ title, subject }: { title: string; subject?: ScreenSubject }) {
  return (
    <div className="d-flex flex-wrap align-items-baseline gap-2 mb-3" data-screen-title>
      <h1 className="h4 mb-0">{title}</h1>
      {subject && subject.id > 0
        ? <span className="text-body-secondary" data-subject={subject.type}><LookupText type={subject.type} id={subject.id} /></span> : null}
    </div>
  );
}
