/** Access requests (issue 15): the request form and My requests (<pt-access-request>), the review page (<pt-review-access>). */
export { AccessRequestScreen } from './AccessRequestScreen';
export type { AccessRequestProps } from './AccessRequestScreen';
export { ReviewAccessScreen } from './ReviewAccessScreen';
export type { ReviewAccessProps } from './ReviewAccessScreen';
export { setAccessLoadTimeout } from './data';
