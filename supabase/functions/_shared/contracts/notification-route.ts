/**
 * A notification's route (notifications.route): an absolute in-app path, never a URL nor
 * `//host/…` (protocol-relative: a browser would read it as another origin), so a click can only
 * navigate inside the console. The check constraint of migration 20261126130000 restates it
 * (tests/integration/security/notifications.test.ts proves both agree). No imports: the desktop
 * preload (electron/shared/ipc-contract.ts) uses it and must stay small.
 */
export const NOTIFICATION_ROUTE_PATTERN = /^\/([A-Za-z0-9_?=&.-][A-Za-z0-9/_?=&.-]*)?$/;
export const NOTIFICATION_ROUTE_MAX_LENGTH = 200;
