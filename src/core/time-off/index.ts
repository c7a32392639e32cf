/**
 * Time off (issue 13): the door of the area. The calls, answers and request states (contract.ts), the
 * rules of a request, its days and balances (requests.ts), and how time off and timecards agree
 * (reconcile.ts), shared by the demo host (api/time-off) and the client (features/time-off).
 */
export * from './contract';
export * from './requests';
export * from './reconcile';
