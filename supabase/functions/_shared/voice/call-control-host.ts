/**
 * Where a call's server-side control (its sideband connection) runs: it must outlive the request
 * that started the call. The seam is one function taking the control's promise:
 *   - locally (the embedded stack, Node) the function host is a long-lived process: the promise
 *     simply runs on;
 *   - hosted on Supabase Edge Functions, `EdgeRuntime.waitUntil` keeps the worker alive for it, up
 *     to the platform's wall-clock limit (150 s free / 400 s paid); past it the call goes on without
 *     server control, on the page's heartbeats, its `end` and the sweeper, exactly as billed before;
 *   - any long-lived process (the standalone phone relay, for one) could run
 *     `controlVoiceCall(callId)` itself: the call's state is in Postgres, nothing is held only in
 *     memory. None does for browser calls today.
 */
export type CallControlHost = (control: Promise<void>) => void;

interface EdgeRuntimeGlobal {
  EdgeRuntime?: { waitUntil?(promise: Promise<unknown>): void };
}

export function defaultCallControlHost(
  log?: (event: string, details: Record<string, unknown>) => void,
): CallControlHost {
  const edge = (globalThis as EdgeRuntimeGlobal).EdgeRuntime;
  return (control) => {
    const guarded = control.catch((error: unknown) => log?.('voice_control_crashed', { error: String(error) }));
    if (typeof edge?.waitUntil === 'function') edge.waitUntil(guarded);
  };
}
