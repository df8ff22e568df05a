import { app, session, shell, type Session, type WebContents } from 'electron';
import { decideNavigation, decideWindowOpen, type NavigationPolicy } from './security/navigation.ts';
import { decidePermission, decidePermissionCheck } from './security/permissions.ts';

/**
 * Wires the pure decisions of ./security to Electron's events, for every web contents the app ever
 * creates (windows, and anything a bug might create later), before any page loads.
 */
export function installLockdown(policy: NavigationPolicy, log: (m: string) => void): void {
  const handleNavigation = (event: { preventDefault(): void }, url: string) => {
    const decision = decideNavigation(url, policy);
    if (decision === 'allow') return;
    event.preventDefault();
    if (decision === 'open-external') void shell.openExternal(url);
    else log(`blocked navigation to ${url}`);
  };

  app.on('web-contents-created', (_event, contents: WebContents) => {
    contents.on('will-navigate', (event) => handleNavigation(event, event.url));
    contents.on('will-redirect', (event) => handleNavigation(event, event.url));
    contents.on('will-frame-navigate', (event) => {
      if (!event.isMainFrame) handleNavigation(event, event.url);
    });
    contents.setWindowOpenHandler(({ url }) => {
      if (decideWindowOpen(url, policy) === 'open-external') void shell.openExternal(url);
      else log(`blocked window.open of ${url}`);
      return { action: 'deny' };
    });
    // <webview> is disabled in webPreferences; refuse any attempt to attach one anyway.
    contents.on('will-attach-webview', (event) => event.preventDefault());
  });

  lockSession(session.defaultSession, policy.appOrigins);
}

function lockSession(ses: Session, appOrigins: readonly string[]): void {
  ses.setPermissionRequestHandler((_contents, permission, callback, details) => {
    const mediaTypes = 'mediaTypes' in details ? details.mediaTypes : undefined;
    callback(
      decidePermission(
        { permission, requestingUrl: details.requestingUrl, ...(mediaTypes ? { mediaTypes } : {}) },
        appOrigins,
      ),
    );
  });
  ses.setPermissionCheckHandler((_contents, permission, requestingOrigin) =>
    decidePermissionCheck(permission, requestingOrigin, appOrigins),
  );
  // Screen capture and HID/USB/serial pickers never appear.
  ses.setDisplayMediaRequestHandler((_request, callback) => callback(null));
  ses.setDevicePermissionHandler(() => false);
}
