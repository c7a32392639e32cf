/** A vendor's record kept current: the "Update record" section and the expiry date every risk screen shows. */
export { UpdateVendorRecord } from './UpdateVendorRecord';
export { ExpiryDate } from './ExpiryDate';
export { VENDOR_RECORD_UI_TEXT } from './text';
export { setVendorRecordLoadTimeout } from './data';
