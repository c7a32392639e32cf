export { AdminHome, adminLinks, loadAdminHome, setAdminHomeTimeout } from './AdminHome';
