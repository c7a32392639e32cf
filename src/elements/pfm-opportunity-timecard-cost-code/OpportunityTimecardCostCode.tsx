/** `<pfm-opportunity-timecard-cost-code>`'s view: the opportunities area's screen. */
import { OpportunitiesScreen, type OpportunitiesScreenProps } from '../../features/opportunities';

export function OpportunityTimecardCostCode(props: OpportunitiesScreenProps) {
  return <OpportunitiesScreen oppId={props.oppId} />;
}
