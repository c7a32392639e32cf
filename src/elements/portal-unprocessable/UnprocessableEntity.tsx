import { StatusScreen, type StatusPageProps } from '../../ui/StatusScreen';

/** Spec §2 title of this screen. */
export const TITLE = 'Can Not Proceed';

export type UnprocessableEntityProps = StatusPageProps;

/** The 'Can Not Proceed' screen. */
export function UnprocessableEntity(props: UnprocessableEntityProps) {
  return (
    <StatusScreen {...props} title={TITLE}>
      <p>The page was opened with identifiers that are not valid (for example a project or budget id). Open it again from the project list.</p>
    </StatusScreen>
  );
}
