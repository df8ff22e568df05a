/**
 * Twilio settings, read from the function environment (never from a browser). Without an account
 * SID and auth token the phone features are "not configured": the console says so and the
 * functions answer 503 `twilio_not_configured`; the owner sandbox's "Call as a phone caller" still
 * works, because it does not go through Twilio.
 *
 *   TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN  the platform's account (secrets; the auth token also
 *                                          signs every webhook Twilio sends us)
 *   TWILIO_API_BASE_URL                    every Twilio API request goes to
 *                                          `{base}/{host's first label}/{path}` (default: Twilio's hosts)
 *   TWILIO_WEBHOOK_BASE_URL                the public base of our functions as Twilio reaches them
 *                                          (default `${SUPABASE_URL}/functions/v1`); webhook URLs set on
 *                                          numbers and the URLs signatures are checked against
 *   PHONE_RELAY_URL                        the public `wss://` base of the phone relay
 *                                          (default: the webhook base with ws(s) and `/phone-relay`)
 */
export interface TwilioEnv {
  get(name: string): string | undefined;
}

export interface TwilioConfig {
  accountSid: string | null;
  authToken: string | null;
  /** null: Twilio's own hosts. */
  apiBaseUrl: string | null;
  /** Public base of our functions, without trailing slash, e.g. https://ref.supabase.co/functions/v1 */
  webhookBaseUrl: string;
  /** Public base of the relay, without trailing slash, e.g. wss://relay.example.com/phone-relay */
  relayUrl: string;
}

const value = (env: TwilioEnv, name: string): string | null => env.get(name)?.trim() || null;
const trimSlash = (url: string) => url.replace(/\/+$/, '');

export function twilioConfig(env: TwilioEnv): TwilioConfig {
  const supabaseUrl = value(env, 'SUPABASE_URL') ?? 'http://127.0.0.1:54321';
  const webhookBaseUrl = trimSlash(value(env, 'TWILIO_WEBHOOK_BASE_URL') ?? `${trimSlash(supabaseUrl)}/functions/v1`);
  const relayUrl = trimSlash(value(env, 'PHONE_RELAY_URL') ?? `${webhookBaseUrl.replace(/^http/, 'ws')}/phone-relay`);
  const apiBase = value(env, 'TWILIO_API_BASE_URL');
  return {
    accountSid: value(env, 'TWILIO_ACCOUNT_SID'),
    authToken: value(env, 'TWILIO_AUTH_TOKEN'),
    apiBaseUrl: apiBase ? trimSlash(apiBase) : null,
    webhookBaseUrl,
    relayUrl,
  };
}

export function twilioConfigured(
  config: TwilioConfig,
): config is TwilioConfig & { accountSid: string; authToken: string } {
  return config.accountSid !== null && config.authToken !== null;
}

/**
 * Where a Twilio API URL goes: unchanged without a base, else `{base}/{first label of the host}/{path}`
 * (https://api.twilio.com/2010-04-01/… → {base}/api/2010-04-01/…).
 */
export function twilioApiUrl(uri: string, apiBaseUrl: string | null): URL {
  const original = new URL(uri);
  if (!apiBaseUrl) return original;
  const label = original.hostname.split('.')[0];
  const target = new URL(`${apiBaseUrl}/${label}${original.pathname}`);
  target.search = original.search;
  return target;
}
