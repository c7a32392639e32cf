import { StatusScreen, type StatusPageProps } from '../../ui/StatusScreen';

/** Spec §2 title of this screen. */
export const TITLE = 'Not Found';

export type NotFoundProps = StatusPageProps;

/** The 'Not Found' screen. */
export function NotFound(props: NotFoundProps) {
  return (
    <StatusScreen {...props} title={TITLE}>
      <p>The page you asked for does not exist. Check the address, or start again from the home page.</p>
    </StatusScreen>
  );
}
