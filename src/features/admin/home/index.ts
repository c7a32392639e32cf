export { AdminHome, adminLinks } from './AdminHome';
export { loadAdminHome, setAdminHomeTimeout } from './data';
