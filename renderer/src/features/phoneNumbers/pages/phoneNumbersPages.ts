/** The phone number pages, loaded together on demand as one chunk (see app/routes.tsx). */
export { ActiveNumbersPage } from './ActiveNumbersPage.tsx';
export { AddressesPage } from './AddressesPage.tsx';
export { CallerIdsPage } from './CallerIdsPage.tsx';
