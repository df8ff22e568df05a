/**
 * The relay's view of a WebSocket: the Web-standard subset that Deno's `Deno.upgradeWebSocket`,
 * the browser's WebSocket and Node's `ws` all provide, so the session handlers run unchanged in
 * the hosted relay, the local stack (in-process) and the standalone relay process.
 */
export interface RelaySocket {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
  addEventListener(type: 'close', listener: (event: { code: number; reason: string }) => void): void;
  addEventListener(type: 'error', listener: (event: unknown) => void): void;
}

export const SOCKET_OPEN = 1;

/** What the host knows about the upgrade request. */
export interface RelayUpgrade {
  /** The request URL as the host received it. */
  url: URL;
  /** The URL Twilio was given (wss://…), against which X-Twilio-Signature is checked. */
  publicUrl: string;
  headers: Headers;
}

/** A session handler owns the socket from the upgrade until it closes. */
export type RelaySessionHandler = (socket: RelaySocket, upgrade: RelayUpgrade) => void;
