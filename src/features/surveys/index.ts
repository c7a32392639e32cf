/**
 * Surveys (issue 12): loads and writes, the shared store, the project and admin-level screens and
 * the Survey Instance workbench body.
 */
export * from './data';
export { Surveys, SCREEN_TEXT } from './SurveysScreen';
export type { SurveysProps } from './SurveysScreen';
export { SurveyList, LIST_TEXT, isOverdue } from './SurveyList';
export { SurveyInstance, INSTANCE_TEXT } from './SurveyInstance';
