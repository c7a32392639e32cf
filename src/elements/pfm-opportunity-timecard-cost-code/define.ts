import { defineReactElement } from '../../ui/element';
import { OpportunityTimecardCostCode } from './OpportunityTimecardCostCode';

/**
 * `<pfm-opportunity-timecard-cost-code>`: opportunities and the labour cost codes their staff may
 * charge time to (§2 /pfm/opportunitytimecardcostcode). Admin and RPM (keyPFM) add and remove codes;
 * others read. A Lost opportunity is closed to new time.
 *
 * | attribute | default | meaning |
 * |---|---|---|
 * | `opp-id` | -1 | the opportunity selected and highlighted |
 */
export const OpportunityTimecardCostCodeElement = defineReactElement('pfm-opportunity-timecard-cost-code', OpportunityTimecardCostCode, {
  props: { oppId: 'number', legalEntityId: 'number', recordKey: 'string', recordId: 'number', workbench: 'string' },
  signIn: true,
});

declare global {
  interface HTMLElementTagNameMap {
    'pfm-opportunity-timecard-cost-code': HTMLElement & { oppId?: number };
  }
}
