/** Subcontractor risk assessments (issue 14): calls, store, the list screen, the workbench, the buyout and gate pieces. */
export * from './data';
export { SRA_UI_TEXT, LEVEL_CLASS, RATING_TEXT, RATING_CLASS } from './text';
export { LevelBadge, StateBadge } from './pieces';
export { SraForm } from './SraForm';
export type { SraFormInitial, SraFormProps } from './SraForm';
export { SraScreen } from './SraScreen';
export type { SraScreenProps } from './SraScreen';
export { SraWorkbench, mitigationRequirement } from './SraWorkbench';
export { BuyoutSraCell, BuyoutSraForm, StartSraButton, goToSra, useBuyoutSras, useMayStartSra } from './BuyoutSra';
export type { BuyoutSrasState } from './BuyoutSra';
export { GateRefusal, SraGateLine, gateRefusalOf } from './Gate';
