/**
 * The relay's session handlers by path (the host routes an upgrade to the handler of its exact
 * path). Natural voice: Twilio Media Streams, and the owner sandbox's "Call as a phone caller"
 * with μ-law frames (no Twilio signature; its call token must say 'sandbox').
 */
import { createMediaStreamSession, type MediaStreamDeps } from './media-stream.ts';
import type { RelaySessionHandler } from './socket.ts';

export const MEDIA_STREAM_PATH = '/phone-relay/media-stream';
export const SANDBOX_MEDIA_STREAM_PATH = '/phone-relay/sandbox/media-stream';

export interface RelayRouteDeps {
  /** Null when natural voice is not available here (no OpenAI key): those paths are absent. */
  mediaStream: MediaStreamDeps | null;
}

export function relayRoutes(deps: RelayRouteDeps): Map<string, RelaySessionHandler> {
  const routes = new Map<string, RelaySessionHandler>();
  if (deps.mediaStream) {
    routes.set(MEDIA_STREAM_PATH, createMediaStreamSession(deps.mediaStream, 'twilio'));
    routes.set(SANDBOX_MEDIA_STREAM_PATH, createMediaStreamSession(deps.mediaStream, 'sandbox'));
  }
  return routes;
}
