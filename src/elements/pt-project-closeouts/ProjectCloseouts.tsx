/** `<pt-project-closeouts>`'s view: the project toolbox's closeouts screen. */
import { CloseoutsScreen, type CloseoutsScreenProps } from '../../features/toolbox';

export function ProjectCloseouts(props: CloseoutsScreenProps) {
  return <CloseoutsScreen projectId={props.projectId} />;
}
