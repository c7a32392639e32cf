/** `<pfm-data-quality>`'s view: the data-quality area's screen. */
import { DataQualityScreen, type DataQualityScreenProps } from '../../features/data-quality';

export function DataQuality(props: DataQualityScreenProps) {
  return <DataQualityScreen projectId={props.projectId} budgetId={props.budgetId} />;
}
