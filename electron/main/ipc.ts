import { ipcMain, shell, type IpcMainInvokeEvent } from 'electron';
import {
  invokeContract,
  IpcChannel,
  type BackendConfig,
  type InvokeChannel,
  type InvokeRequest,
  type IpcResult,
} from '../shared/ipc-contract.ts';
import type { CloseGuard } from './closeGuard.ts';
import type { NativeNotifier } from './notifications.ts';
import { isAppUrl, type NavigationPolicy } from './security/navigation.ts';
import { isAllowedExternalUrl } from './security/externalLinks.ts';

type Handler<C extends InvokeChannel, R> = (
  request: InvokeRequest<C>,
  event: IpcMainInvokeEvent,
) => Promise<IpcResult<R>>;

/**
 * Registers one invoke channel: checks the sender is our own page, parses the request with the
 * contract's schema and never lets an exception escape as an opaque IPC error.
 */
function handle<C extends InvokeChannel, R>(
  channel: C,
  policy: NavigationPolicy,
  handler: Handler<C, R>,
  log: (m: string) => void,
): void {
  ipcMain.handle(channel, async (event, payload: unknown): Promise<IpcResult<R>> => {
    const senderUrl = event.senderFrame?.url ?? '';
    if (!isAppUrl(senderUrl, policy)) {
      log(`IPC ${channel} refused from ${senderUrl || 'unknown frame'}`);
      return { ok: false, error: { code: 'invalid_request', message: 'sender is not the Concierge app' } };
    }
    const parsed = invokeContract[channel].request.safeParse(payload);
    if (!parsed.success) return { ok: false, error: { code: 'invalid_request', message: parsed.error.message } };
    try {
      return await handler(parsed.data as InvokeRequest<C>, event);
    } catch (error) {
      log(`IPC ${channel} failed: ${String(error)}`);
      return { ok: false, error: { code: 'internal', message: 'internal error' } };
    }
  });
}

export interface IpcDeps {
  policy: NavigationPolicy;
  /** Resolves once the backend is up; rejects with a readable message if it could not start. */
  backendConfig: () => Promise<BackendConfig>;
  log: (m: string) => void;
  /** Holds each window's unsaved-changes state for the close and reload question. */
  closeGuard: Pick<CloseGuard, 'set'>;
  // --- shell: native notifications ---
  notifier: NativeNotifier;
}

export function registerIpcHandlers(deps: IpcDeps): void {
  handle(
    IpcChannel.getBackendConfig,
    deps.policy,
    async () => {
      try {
        return { ok: true, value: await deps.backendConfig() };
      } catch (error) {
        return { ok: false, error: { code: 'backend_unavailable', message: (error as Error).message } };
      }
    },
    deps.log,
  );
  handle(
    IpcChannel.openExternal,
    deps.policy,
    async ({ url }) => {
      if (!isAllowedExternalUrl(url, deps.policy.external)) return { ok: true, value: { opened: false } };
      await shell.openExternal(url);
      return { ok: true, value: { opened: true } };
    },
    deps.log,
  );
  handle(
    IpcChannel.setUnsavedChanges,
    deps.policy,
    async (state, event) => {
      // Keyed by the sending page's webContents: a window only speaks for itself.
      deps.closeGuard.set(event.sender.id, state);
      return { ok: true, value: { dirty: state.dirty } };
    },
    deps.log,
  );
  // --- shell: native notifications ---
  handle(
    IpcChannel.showNotification,
    deps.policy,
    async (request) => ({ ok: true, value: { shown: deps.notifier.show(request) } }),
    deps.log,
  );
}
