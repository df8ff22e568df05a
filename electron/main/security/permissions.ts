import { isAppUrl } from './navigation.ts';

/**
 * Which web permissions the app grants. Pure, unit-tested.
 *
 * The console needs the microphone (test calls with an agent) and writing to the clipboard (copy
 * links and keys). Nothing else — camera, geolocation, notifications, HID, USB... — is ever
 * granted, and nothing at all to a page that is not ours.
 */
export interface PermissionQuery {
  permission: string;
  /** URL of the frame asking. */
  requestingUrl: string;
  /** For `media`: the kinds asked for ('audio', 'video'); unknown when Electron gives none. */
  mediaTypes?: readonly string[];
}

const ALWAYS_OK_FOR_APP = new Set(['clipboard-sanitized-write']);

export function decidePermission(query: PermissionQuery, appOrigins: readonly string[]): boolean {
  if (!isAppUrl(query.requestingUrl, { appOrigins })) return false;
  if (ALWAYS_OK_FOR_APP.has(query.permission)) return true;
  if (query.permission === 'media') {
    const types = query.mediaTypes ?? [];
    // Microphone only: a request that also (or only) asks for video is refused.
    return types.length > 0 && types.every((t) => t === 'audio');
  }
  return false;
}

/**
 * `setPermissionCheckHandler` asks synchronously whether a permission is already granted, with no
 * media types; answering yes for the microphone lets `enumerateDevices` show labels in our origin.
 */
export function decidePermissionCheck(
  permission: string,
  requestingOrigin: string,
  appOrigins: readonly string[],
): boolean {
  if (!isAppUrl(requestingOrigin, { appOrigins })) return false;
  return permission === 'media' || ALWAYS_OK_FOR_APP.has(permission);
}
