import { StatusScreen, type StatusPageProps } from '../../ui/StatusScreen';

/** Spec §2 title of this screen. */
export const TITLE = 'No Access';

export type ForbiddenProps = StatusPageProps;

/** The 'No Access' screen. */
export function Forbidden(props: ForbiddenProps) {
  return (
    <StatusScreen {...props} title={TITLE}>
      <p>You do not have access to this page. If you need it for your work, ask your manager or IT to grant the role.</p>
    </StatusScreen>
  );
}
