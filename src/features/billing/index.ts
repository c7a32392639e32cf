/** IT billing (issue 15): the monthly showback / chargeback of IT charges. Other areas and the elements import from here only. */
export { ItBilling } from './ItBilling';
export { BILLING_UI_TEXT } from './text';
export { billingSheet, setBillingLoadTimeout } from './data';
