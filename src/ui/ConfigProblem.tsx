/**
 * What every element shows in place of its view when the page's configuration cannot be used (issue 33): the
 * problems of the document, each naming its field, and a Reload (the document is read once per page).
 * Loaded only then (src/ui/element), so the first screen does not carry it.
 */
import type { PortalConfigState } from '../core/env';

/** The heading of the configuration problem. */
export const CONFIG_PROBLEM_TITLE = 'The portal cannot start: its configuration is not usable';

export function ConfigProblem({ config }: { config: Extract<PortalConfigState, { status: 'invalid' }> }) {
  return (
    <div className="alert alert-danger m-2" role="alert" data-config-problem={config.source}>
      <h2 className="h6">{CONFIG_PROBLEM_TITLE}</h2>
      <p className="mb-1">Read from {config.where}:</p>
      <ul className="mb-2">{config.problems.map((problem) => <li key={problem}>{problem}</li>)}</ul>
      <p className="mb-2 small">The team that hosts the portal can correct it (README: Deploying, Configuration).</p>
      <button type="button" className="btn btn-sm btn-danger" onClick={() => location.reload()}>Reload</button>
    </div>
  );
}
