import { AppRecords } from '../../features/admin';
import { defineReactElement } from '../../ui/element';

/**
 * `<admin-app-records>`: the record types (application records) with their states, advancements and
 * field security per state and role, edited by a keyAdmin Admin, and a "test as" preview (§2
 * /admin/app-records, issue 15). Others read Forbidden. No attributes.
 */
export const AdminAppRecordsElement = defineReactElement('admin-app-records', AppRecords, {
  props: {},
  signIn: true,
});

declare global {
  interface HTMLElementTagNameMap {
    'admin-app-records': HTMLElement;
  }
}
