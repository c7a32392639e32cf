import { StatusScreen } from '../../ui/StatusScreen';

/** Spec §2 title of this screen. */
export const TITLE = 'Can Not Proceed';

export interface UnprocessableEntityProps {
  /** Where the home link points; a legacy page may point it at its own start page. */
  homeHref?: string;
  /** The path that was asked for, shown as text. */
  path?: string;
}

/** The 'Can Not Proceed' screen. */
export function UnprocessableEntity({ homeHref = '/', path }: UnprocessableEntityProps) {
  return (
    <StatusScreen title={TITLE} homeHref={homeHref}>
      <p>The page was opened with identifiers that are not valid (for example a project or budget id). Open it again from the project list.</p>
      {path ? <p className="small text-body-secondary">Requested: <code>{path}</code></p> : null}
    </StatusScreen>
  );
}
