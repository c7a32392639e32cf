import { StatusScreen } from '../../ui/StatusScreen';

/** Spec §2 title of this screen. */
export const TITLE = 'No Access';

export interface ForbiddenProps {
  /** Where the home link points; a legacy page may point it at its own start page. */
  homeHref?: string;
  /** The path that was asked for, shown as text. */
  path?: string;
}

/** The 'No Access' screen. */
export function Forbidden({ homeHref = '/', path }: ForbiddenProps) {
  return (
    <StatusScreen title={TITLE} homeHref={homeHref}>
      <p>You do not have access to this page. If you need it for your work, ask your manager or IT to grant the role.</p>
      {path ? <p className="small text-body-secondary">Requested: <code>{path}</code></p> : null}
    </StatusScreen>
  );
}
