import type { RealtimeProvider } from './voice-session.ts';

/**
 * OpenAI's GA "unified interface" (reference/openai.md §1b): the server posts the browser's offer
 * and the session as multipart to `/v1/realtime/calls` with the standard key and relays the answer.
 */
export function createOpenAiRealtime(opts: {
  apiKey: string;
  baseUrl?: string;
  fetchFn?: typeof fetch;
  timeoutMs?: number;
}): RealtimeProvider {
  const fetchFn = opts.fetchFn ?? fetch;
  const base = (opts.baseUrl ?? 'https://api.openai.com/v1').replace(/\/+$/, '');
  return {
    async createCall(offerSdp, session) {
      const form = new FormData();
      form.set('sdp', offerSdp);
      form.set('session', JSON.stringify(session));
      const res = await fetchFn(`${base}/realtime/calls`, {
        method: 'POST',
        headers: { authorization: `Bearer ${opts.apiKey}` },
        body: form,
        signal: AbortSignal.timeout(opts.timeoutMs ?? 15_000),
      });
      const text = await res.text();
      if (!res.ok) throw new Error(`realtime/calls answered ${res.status}: ${text.slice(0, 300)}`);
      if (!text.startsWith('v=0')) throw new Error('realtime/calls answered without an SDP answer');
      return text;
    },
  };
}
