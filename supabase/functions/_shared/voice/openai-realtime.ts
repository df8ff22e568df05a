/**
 * OpenAI's GA realtime calls API over plain fetch, the same under Deno and
 * Node, with explicit timeouts: the server posts the browser's offer and the session as multipart
 * to `/v1/realtime/calls` with the standard key, relays the answer and keeps the provider's call id
 * (the `Location: /v1/realtime/calls/rtc_…` header) so it can end the call with
 * `POST /v1/realtime/calls/{call_id}/hangup`. Plain fetch rather than the `openai` SDK
 * (`client.realtime.calls.hangup`): creating a call needs the raw SDP answer and the Location
 * header, which fetch gives directly, and both requests then share one base URL, key and timeout.
 */
export interface RealtimeCall {
  /** The answer SDP for the browser. */
  sdp: string;
  /** The provider's call id (`rtc_…`), to hang the call up. */
  providerCallId: string;
}

export interface RealtimeProvider {
  /** Relays the offer; returns the answer SDP and the provider's call id. */
  createCall(offerSdp: string, session: Record<string, unknown>): Promise<RealtimeCall>;
  /**
   * Ends the provider call: 'hung_up', or 'gone' when the provider no longer knows it (it ended by
   * itself). Throws when the provider could not be asked or refused (to be retried).
   */
  hangUp(providerCallId: string): Promise<'hung_up' | 'gone'>;
}

const PROVIDER_CALL_ID = /^[A-Za-z0-9_-]{1,200}$/;

/** The call id in a `Location` header (`/v1/realtime/calls/rtc_…`, absolute or not), or null. */
export function providerCallIdOf(location: string | null): string | null {
  const id = location?.split('?')[0]?.replace(/\/+$/, '').split('/').pop() ?? '';
  return PROVIDER_CALL_ID.test(id) ? id : null;
}

export function createOpenAiRealtime(opts: {
  apiKey: string;
  baseUrl?: string;
  fetchFn?: typeof fetch;
  timeoutMs?: number;
}): RealtimeProvider {
  const fetchFn = opts.fetchFn ?? fetch;
  const base = (opts.baseUrl ?? 'https://api.openai.com/v1').replace(/\/+$/, '');
  const timeout = () => AbortSignal.timeout(opts.timeoutMs ?? 15_000);
  return {
    async createCall(offerSdp, session) {
      const form = new FormData();
      form.set('sdp', offerSdp);
      form.set('session', JSON.stringify(session));
      const res = await fetchFn(`${base}/realtime/calls`, {
        method: 'POST',
        headers: { authorization: `Bearer ${opts.apiKey}` },
        body: form,
        signal: timeout(),
      });
      const text = await res.text();
      if (!res.ok) throw new Error(`realtime/calls answered ${res.status}: ${text.slice(0, 300)}`);
      if (!text.startsWith('v=0')) throw new Error('realtime/calls answered without an SDP answer');
      // Without it the call could never be hung up: refuse it rather than run it uncontrolled.
      const providerCallId = providerCallIdOf(res.headers.get('location'));
      if (!providerCallId) throw new Error('realtime/calls answered without a call id (Location header)');
      return { sdp: text, providerCallId };
    },

    async hangUp(providerCallId) {
      const res = await fetchFn(`${base}/realtime/calls/${encodeURIComponent(providerCallId)}/hangup`, {
        method: 'POST',
        headers: { authorization: `Bearer ${opts.apiKey}` },
        signal: timeout(),
      });
      const text = await res.text();
      if (res.status === 404) return 'gone';
      if (!res.ok) throw new Error(`realtime/calls hangup answered ${res.status}: ${text.slice(0, 300)}`);
      return 'hung_up';
    },
  };
}
