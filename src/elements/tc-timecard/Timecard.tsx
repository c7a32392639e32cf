/** `<tc-timecard>`'s view: the weekly timecard screen of features/timecards with the element's attributes. */
import { TimecardScreen, type TimecardProps } from '../../features/timecards';

export function Timecard(props: TimecardProps) {
  return <TimecardScreen {...props} />;
}
