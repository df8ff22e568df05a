/**
 * The TwiML the voice webhook answers (recording, <Connect><Stream>, <Connect><ConversationRelay>,
 * the polite line and hang-up), written by hand
 * (the SDK's VoiceResponse builder pulls its XML library into every edge bundle), every attribute
 * and text escaped.
 *
 * Voices (ConversationRelay, ttsProvider Google): the agent's male/female setting maps to a Google
 * neural voice of its language; a language without an entry speaks with Twilio's default voice.
 *   en-US  female en-US-Neural2-F   male en-US-Neural2-D
 *   en-GB  female en-GB-Neural2-A   male en-GB-Neural2-B
 *   fr-FR  female fr-FR-Neural2-A   male fr-FR-Neural2-B
 *   es-ES  female es-ES-Neural2-A   male es-ES-Neural2-B
 *   de-DE  female de-DE-Neural2-A   male de-DE-Neural2-B
 *   it-IT  female it-IT-Neural2-A   male it-IT-Neural2-C
 *   pt-BR  female pt-BR-Neural2-A   male pt-BR-Neural2-B
 */
import type { PhoneVoiceMode } from '../contracts/phone.ts';
import { speechLocale } from './speech.ts';
import { serverText, type ServerTextKey } from '../text/catalogue.ts';

export function escapeXml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

const attributes = (values: Record<string, string>) =>
  Object.entries(values)
    .map(([name, value]) => ` ${name}="${escapeXml(value)}"`)
    .join('');

export const twimlResponse = (body: string) => `<?xml version="1.0" encoding="UTF-8"?><Response>${body}</Response>`;

const VOICES: Record<string, { female: string; male: string }> = {
  'en-US': { female: 'en-US-Neural2-F', male: 'en-US-Neural2-D' },
  'en-GB': { female: 'en-GB-Neural2-A', male: 'en-GB-Neural2-B' },
  'fr-FR': { female: 'fr-FR-Neural2-A', male: 'fr-FR-Neural2-B' },
  'es-ES': { female: 'es-ES-Neural2-A', male: 'es-ES-Neural2-B' },
  'de-DE': { female: 'de-DE-Neural2-A', male: 'de-DE-Neural2-B' },
  'it-IT': { female: 'it-IT-Neural2-A', male: 'it-IT-Neural2-C' },
  'pt-BR': { female: 'pt-BR-Neural2-A', male: 'pt-BR-Neural2-B' },
};

/** The TTS voice of an agent (see the table above), or null for the language's default voice. */
export function ttsVoice(language: string, voice: 'male' | 'female'): string | null {
  return VOICES[speechLocale(language)]?.[voice] ?? null;
}

type SayLanguage = 'en' | 'fr';
const sayLanguage = (language: string): SayLanguage => (speechLocale(language).startsWith('fr') ? 'fr' : 'en');
const SAY_LOCALE: Record<SayLanguage, string> = { en: 'en-US', fr: 'fr-FR' };

/** What a caller hears when we cannot connect them (polite, short, in the agent's language). */
const LINES = { noAgent: 'phone.noAgent', noCredits: 'phone.noCredits' } as const satisfies Record<
  string,
  ServerTextKey
>;

export function sayAndHangUp(line: keyof typeof LINES, language: string, name = ''): string {
  const lang = sayLanguage(language);
  const text = serverText(LINES[line], lang, { name: name || serverText('phone.unnamedAssistant', lang) });
  return twimlResponse(`<Say${attributes({ language: SAY_LOCALE[lang] })}>${escapeXml(text)}</Say><Hangup/>`);
}

export interface ConnectCall {
  mode: PhoneVoiceMode;
  /** The relay's public base, wss://…/phone-relay. */
  relayUrl: string;
  /** The function's public base, https://…/functions/v1/twilio-voice. */
  webhookUrl: string;
  callToken: string;
  language: string;
  voice: 'male' | 'female';
  welcomeGreeting: string;
}

/**
 * Records both sides of the call (caller and agent on separate channels) from its start, then
 * hands it to the relay: ConversationRelay (any model) or a bidirectional Media Stream (natural
 * voice). The call token goes in a `<Parameter>`, never in the URL.
 */
export function connectCall(call: ConnectCall): string {
  const record = `<Start><Recording${attributes({
    channels: 'dual',
    recordingStatusCallback: `${call.webhookUrl}/recording`,
    recordingStatusCallbackMethod: 'POST',
    recordingStatusCallbackEvent: 'completed',
  })}/></Start>`;
  const parameter = `<Parameter${attributes({ name: 'callToken', value: call.callToken })}/>`;
  if (call.mode === 'natural_voice') {
    return twimlResponse(
      `${record}<Connect><Stream${attributes({ url: `${call.relayUrl}/media-stream` })}>${parameter}</Stream></Connect>`,
    );
  }
  const voice = ttsVoice(call.language, call.voice);
  const relay = attributes({
    url: `${call.relayUrl}/conversation-relay`,
    welcomeGreeting: call.welcomeGreeting,
    language: speechLocale(call.language),
    ...(voice ? { ttsProvider: 'Google', voice } : {}),
    interruptible: 'any',
    dtmfDetection: 'true',
  });
  return twimlResponse(
    `${record}<Connect${attributes({ action: `${call.webhookUrl}/relay-action`, method: 'POST' })}>` +
      `<ConversationRelay${relay}>${parameter}</ConversationRelay></Connect>`,
  );
}

/** Where a transferred call goes, and the longest its <Dial> may last (the owner's reserved balance). */
export interface TransferTarget {
  number: string;
  timeLimitSeconds: number;
}

/** The <Dial> of a transfer: bounded by the seconds the owner's balance reserved for it. */
const dial = (target: TransferTarget) =>
  `<Dial${attributes({ timeLimit: String(Math.max(1, Math.floor(target.timeLimitSeconds))) })}>` +
  `<Number>${escapeXml(target.number)}</Number></Dial>`;

/** The ConversationRelay session ended: hand the caller to the transfer number, or hang up. */
export function afterRelay(transfer: TransferTarget | null): string {
  return transfer ? twimlResponse(dial(transfer)) : twimlResponse('<Hangup/>');
}

/** The live call's TwiML when transfer_call runs mid-call (calls(sid).update). */
export function transferTwiml(target: TransferTarget, language: string): string {
  const lang = sayLanguage(language);
  const line = lang === 'fr' ? 'Je vous transfère, un instant.' : 'Transferring you now, one moment.';
  return twimlResponse(`<Say${attributes({ language: SAY_LOCALE[lang] })}>${escapeXml(line)}</Say>${dial(target)}`);
}
