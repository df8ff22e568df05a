// zod/mini keeps the sandboxed preload small (the full zod would be most of its bundle).
import { z } from 'zod/mini';
import {
  NOTIFICATION_ROUTE_MAX_LENGTH,
  NOTIFICATION_ROUTE_PATTERN,
} from '../../supabase/functions/_shared/contracts/notification-route.ts';
import type { ConciergeLibraryApi } from './library-contract.ts';

/**
 * The one contract between the Electron main process and the preload: channel
 * names, the zod schema of every payload crossing IPC in either direction, and the API the preload
 * exposes as `window.concierge`. Both sides parse what they receive; neither trusts the other.
 *
 * Runs in main and in the sandboxed preload: no Node or Electron imports here.
 */

export const IpcChannel = {
  getBackendConfig: 'concierge:backend:get-config',
  openExternal: 'concierge:shell:open-external',
  /** renderer -> main: whether the page holds unsaved edits, and the leave prompt in its language. */
  setUnsavedChanges: 'concierge:window:set-unsaved-changes',
  /** main -> renderer push, not invoke. */
  deepLink: 'concierge:deep-link',
  // --- shell: native notifications ---
  /** renderer -> main: raise a native notification for a feed row. */
  showNotification: 'concierge:notifications:show',
  /** main -> renderer push: the user clicked a native notification; navigate to its route. */
  notificationClick: 'concierge:notifications:click',
} as const;

export type IpcChannelName = (typeof IpcChannel)[keyof typeof IpcChannel];

/** Where the console's supabase-js client points. */
export const backendConfigSchema = z.object({
  supabaseUrl: z.url({ protocol: /^https?$/ }),
  supabaseAnonKey: z.string().check(z.minLength(1)),
  /** embedded = local stack started by this app; hosted = a Supabase project. */
  mode: z.enum(['embedded', 'hosted']),
});
export type BackendConfig = z.infer<typeof backendConfigSchema>;

export const openExternalRequestSchema = z.object({
  url: z.string().check(z.maxLength(2048)),
});
export type OpenExternalRequest = z.infer<typeof openExternalRequestSchema>;

export const openExternalResultSchema = z.object({
  /** false when the URL is not on the allow-list (the renderer may explain why nothing happened). */
  opened: z.boolean(),
});
export type OpenExternalResult = z.infer<typeof openExternalResultSchema>;

/** The native "leave with unsaved changes?" dialog, worded by the renderer (main has no i18n). */
export const leavePromptSchema = z.object({
  title: z.string().check(z.minLength(1), z.maxLength(200)),
  message: z.string().check(z.minLength(1), z.maxLength(1000)),
  leave: z.string().check(z.minLength(1), z.maxLength(60)),
  stay: z.string().check(z.minLength(1), z.maxLength(60)),
});
export type LeavePrompt = z.infer<typeof leavePromptSchema>;

export const unsavedChangesSchema = z.object({
  dirty: z.boolean(),
  prompt: leavePromptSchema,
});
export type UnsavedChanges = z.infer<typeof unsavedChangesSchema>;

export const DEEP_LINK_SCHEME = 'concierge';

export const deepLinkEventSchema = z.object({
  url: z.string().check(
    z.maxLength(4096),
    z.refine((u: string) => u.startsWith(`${DEEP_LINK_SCHEME}://`), {
      message: `must be a ${DEEP_LINK_SCHEME}:// URL`,
    }),
  ),
});
export type DeepLinkEvent = z.infer<typeof deepLinkEventSchema>;

// --- shell: native notifications ---
/** An in-app path (the notification row's route), never a URL: a click only navigates the console. */
const notificationRouteSchema = z
  .string()
  .check(z.maxLength(NOTIFICATION_ROUTE_MAX_LENGTH), z.regex(NOTIFICATION_ROUTE_PATTERN, 'must be an in-app path'));

/** A native notification, worded by the renderer (main has no i18n). */
export const showNotificationRequestSchema = z.object({
  title: z.string().check(z.minLength(1), z.maxLength(200)),
  body: z.string().check(z.maxLength(500)),
  route: notificationRouteSchema,
});
export type ShowNotificationRequest = z.infer<typeof showNotificationRequestSchema>;

export const showNotificationResultSchema = z.object({
  /** false when rate-limited or when the OS does not support notifications. */
  shown: z.boolean(),
});

export const notificationClickEventSchema = z.object({ route: notificationRouteSchema });
export type NotificationClickEvent = z.infer<typeof notificationClickEventSchema>;

/**
 * Errors cross IPC as values: Electron flattens thrown errors into a bare message string, which
 * would lose the code the renderer turns into a translated AppError.
 */
export const ipcErrorCodeSchema = z.enum(['invalid_request', 'backend_unavailable', 'internal']);
export type IpcErrorCode = z.infer<typeof ipcErrorCodeSchema>;

export function ipcResultSchema<T extends z.ZodMiniType>(value: T) {
  return z.discriminatedUnion('ok', [
    z.object({ ok: z.literal(true), value }),
    z.object({ ok: z.literal(false), error: z.object({ code: ipcErrorCodeSchema, message: z.string() }) }),
  ]);
}
export type IpcResult<T> = { ok: true; value: T } | { ok: false; error: { code: IpcErrorCode; message: string } };

/** Request and response schema of every invoke channel, for main's handlers and the preload. */
export const invokeContract = {
  [IpcChannel.getBackendConfig]: { request: z.undefined(), response: ipcResultSchema(backendConfigSchema) },
  [IpcChannel.openExternal]: {
    request: openExternalRequestSchema,
    response: ipcResultSchema(openExternalResultSchema),
  },
  [IpcChannel.setUnsavedChanges]: {
    request: unsavedChangesSchema,
    response: ipcResultSchema(z.object({ dirty: z.boolean() })),
  },
  [IpcChannel.showNotification]: {
    request: showNotificationRequestSchema,
    response: ipcResultSchema(showNotificationResultSchema),
  },
} as const;

export type InvokeChannel = keyof typeof invokeContract;
export type InvokeRequest<C extends InvokeChannel> = z.infer<(typeof invokeContract)[C]['request']>;
export type InvokeResponse<C extends InvokeChannel> = z.infer<(typeof invokeContract)[C]['response']>;

/** Thrown in the renderer when main answers with an error result. */
export class ConciergeIpcError extends Error {
  override readonly name = 'ConciergeIpcError';
  constructor(
    readonly code: IpcErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/** What the renderer sees as `window.concierge`: intent-level methods only, no generic IPC. */
export interface ConciergeDesktopApi {
  /** Backend the console must use (embedded stack or hosted project). */
  getBackendConfig(): Promise<BackendConfig>;
  /** Opens an allow-listed http(s) link in the OS browser; resolves false when refused. */
  openExternal(url: string): Promise<boolean>;
  /**
   * Tells the window whether the page holds unsaved edits: closing or reloading it then asks first
   * with this wording (a native dialog; the browser's beforeunload prompt does not exist in Electron).
   */
  setUnsavedChanges(state: UnsavedChanges): Promise<void>;
  /** Auth callbacks (`concierge://auth/callback#...`); returns an unsubscribe function. */
  onDeepLink(listener: (url: string) => void): () => void;
  // --- shell: native notifications ---
  /**
   * Raises a native notification (rate-limited by main); clicking it focuses the window and
   * reports `route` to onNotificationClick. Resolves false when it was not shown.
   */
  notify(notification: ShowNotificationRequest): Promise<boolean>;
  /** The route of a clicked native notification; returns an unsubscribe function. */
  onNotificationClick(listener: (route: string) => void): () => void;
  /** The offline recordings library (electron/shared/library-contract.ts). */
  library?: ConciergeLibraryApi;
}
