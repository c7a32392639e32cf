import { StatusScreen } from '../../ui/StatusScreen';

/** Spec §2 title of this screen. */
export const TITLE = 'Not Found';

export interface NotFoundProps {
  /** Where the home link points; a legacy page may point it at its own start page. */
  homeHref?: string;
  /** The path that was asked for, shown as text. */
  path?: string;
}

/** The 'Not Found' screen. */
export function NotFound({ homeHref = '/', path }: NotFoundProps) {
  return (
    <StatusScreen title={TITLE} homeHref={homeHref}>
      <p>The page you asked for does not exist. Check the address, or start again from the home page.</p>
      {path ? <p className="small text-body-secondary">Requested: <code>{path}</code></p> : null}
    </StatusScreen>
  );
}
