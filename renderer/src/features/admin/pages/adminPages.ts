/** The administration pages, loaded together on demand as one chunk (see app/routes.tsx). */
export { AdminNumbersPage } from './AdminNumbersPage.tsx';
export { AdminSettingsPage } from './AdminSettingsPage.tsx';
export { AdminUsersPage } from './AdminUsersPage.tsx';
