export { AppRecords } from './AppRecords';
export * from './data';
export { ADMIN_TEXT } from './text';
