import {
  FACEBOOK_SDK_VERSION,
  embeddedSignupExtras,
  isEmbeddedSignupOrigin,
  parseEmbeddedSignupMessage,
  type EmbeddedSignupMessage,
} from '@contracts/whatsapp.ts';

/**
 * Meta's embedded sign-up in the browser, as Twilio's ISV flow runs it: the Facebook JS SDK
 * (v23.0) runs FB.login with the configuration id; Meta's pages post `WA_EMBEDDED_SIGNUP` message
 * events (FINISH / FINISH_ONLY_WABA with the WABA id, CANCEL, ERROR) and FB.login's callback gets
 * the code. Only the WABA id goes to our server; everything else happens there.
 */
export interface FacebookSdk {
  init(options: { appId: string; autoLogAppEvents: boolean; xfbml: boolean; version: string }): void;
  login(
    callback: (response: { authResponse?: { code?: string } | null }) => void,
    options: Record<string, unknown>,
  ): void;
}

export interface SignupSettings {
  appId: string;
  configId: string;
  sdkUrl: string;
  /** Twilio's Partner Solution ID, sent as extras.setup.solutionID. */
  solutionId?: string;
}

/** How a sign-up ended, as the card tells the owner ("Integrations", WhatsApp). */
export type SignupOutcome =
  | { kind: 'finish'; wabaId: string; code: string | null }
  | { kind: 'missingWaba' }
  | { kind: 'cancel' }
  | { kind: 'loginCancelled' }
  | { kind: 'error'; message: string | null };

/** After FB.login calls back, how long to wait for Meta's FINISH message before giving up on it. */
export const FINISH_GRACE_MS = 3_000;

/**
 * One sign-up: feed it the page's message events and FB.login's answer, in any order; it settles
 * once it knows the outcome. Pure (no DOM), for tests.
 */
export function createSignupSession(
  sdkUrl: string,
  timers: Pick<typeof globalThis, 'setTimeout' | 'clearTimeout'> = globalThis,
) {
  let message: EmbeddedSignupMessage | null = null;
  let login: { code: string | null } | null = null;
  let settle: (outcome: SignupOutcome) => void = () => {};
  let settled = false;
  let grace: ReturnType<typeof setTimeout> | undefined;
  const outcome = new Promise<SignupOutcome>((resolve) => {
    settle = (value) => {
      if (settled) return;
      settled = true;
      if (grace !== undefined) timers.clearTimeout(grace);
      resolve(value);
    };
  });

  const decide = () => {
    if (message?.event === 'CANCEL') return settle({ kind: 'cancel' });
    if (message?.event === 'ERROR') return settle({ kind: 'error', message: message.message });
    if (!login) return;
    if (login.code === null && !message) return settle({ kind: 'loginCancelled' });
    if (message) {
      return settle(
        message.wabaId ? { kind: 'finish', wabaId: message.wabaId, code: login.code } : { kind: 'missingWaba' },
      );
    }
    // Logged in, FINISH not seen yet: Meta posts it around the callback; wait a little for it.
    grace ??= timers.setTimeout(() => settle({ kind: 'missingWaba' }), FINISH_GRACE_MS);
  };

  return {
    outcome,
    onMessage(event: { origin: string; data: unknown }) {
      if (settled || !isEmbeddedSignupOrigin(event.origin, sdkUrl)) return;
      const parsed = parseEmbeddedSignupMessage(event.data);
      if (!parsed) return;
      message = parsed;
      decide();
    },
    onLogin(response: { authResponse?: { code?: string } | null }) {
      login = { code: response.authResponse?.code ?? null };
      decide();
    },
  };
}

declare global {
  interface Window {
    FB?: FacebookSdk;
    fbAsyncInit?: () => void;
  }
}

let sdkPromise: Promise<FacebookSdk> | null = null;

/** Loads the SDK once (from the configured URL, which the CSP allows) and initialises it. */
export function loadFacebookSdk(settings: SignupSettings): Promise<FacebookSdk> {
  sdkPromise ??= new Promise<FacebookSdk>((resolve, reject) => {
    const ready = () => {
      const sdk = window.FB;
      if (!sdk) return reject(new Error('WhatsApp SDK not loaded'));
      sdk.init({ appId: settings.appId, autoLogAppEvents: true, xfbml: true, version: FACEBOOK_SDK_VERSION });
      resolve(sdk);
    };
    if (window.FB) return ready();
    window.fbAsyncInit = ready;
    const script = document.createElement('script');
    script.src = settings.sdkUrl;
    script.async = true;
    script.crossOrigin = 'anonymous';
    script.onerror = () => reject(new Error('WhatsApp SDK not loaded'));
    document.head.appendChild(script);
  }).catch((error: unknown) => {
    // A later attempt (after a refresh of the network) may load it.
    sdkPromise = null;
    throw error;
  });
  return sdkPromise;
}

/** Runs the sign-up in Meta's window and answers how it ended. */
export async function runEmbeddedSignup(settings: SignupSettings): Promise<SignupOutcome> {
  const sdk = await loadFacebookSdk(settings);
  const session = createSignupSession(settings.sdkUrl);
  const listener = (event: MessageEvent) => session.onMessage({ origin: event.origin, data: event.data as unknown });
  window.addEventListener('message', listener);
  try {
    sdk.login((response) => session.onLogin(response), {
      config_id: settings.configId,
      response_type: 'code',
      override_default_response_type: true,
      extras: embeddedSignupExtras(settings.solutionId),
    });
    return await session.outcome;
  } finally {
    window.removeEventListener('message', listener);
  }
}
