/**
 * Phone rules shared by the console, the functions and SQL (number format, the one-number rule,
 * countries, call statuses, voice modes). SQL twins: the E.164 checks on phone_numbers.phone_number
 * and agents.transfer_number, the phone_voice_mode check, the calls.status check (agreement tests
 * in tests/integration/contracts).
 */
import { z } from 'zod';

/** E.164: '+', a non-zero digit, 6 to 14 more digits. */
export const E164 = /^\+[1-9][0-9]{6,14}$/;
export const e164Schema = z.string().trim().regex(E164, 'Use the international format, e.g. +14155550100.');

/** How an agent's calls are answered (agents.phone_voice_mode; null = server default). */
export const PHONE_VOICE_MODES = ['any_model', 'natural_voice'] as const;
export type PhoneVoiceMode = (typeof PHONE_VOICE_MODES)[number];
export const phoneVoiceModeSchema = z.enum(PHONE_VOICE_MODES);

/** The default when the owner has not chosen: natural voice needs the realtime model (an OpenAI key). */
export function defaultPhoneVoiceMode(realtimeAvailable: boolean): PhoneVoiceMode {
  return realtimeAvailable ? 'natural_voice' : 'any_model';
}

/** A non-admin owns at most this many numbers (enforced by the phone_numbers trigger). */
export const NON_ADMIN_NUMBER_LIMIT = 1;
/** The message of that rule, raised by Postgres. */
export const ONE_NUMBER_MESSAGE =
  'You can only purchase one number. Please assign or release your current number before buying another.';
/** Search results shown: the first 5 with a locality. */
export const NUMBER_RESULTS_SHOWN = 5;

export interface CountryOption {
  code: string;
  name: string;
  /** International dialling code, without '+'. */
  areaCode: string;
  flag: string;
}

const flag = (code: string) =>
  String.fromCodePoint(...[...code.toUpperCase()].map((c) => 0x1f1e6 + c.charCodeAt(0) - 65));
const country = (code: string, name: string, areaCode: string): CountryOption => ({
  code,
  name,
  areaCode,
  flag: flag(code),
});

/** The wizard-level dialogs' countries. */
export const NUMBER_COUNTRIES_SHORT: readonly CountryOption[] = [
  country('US', 'United States', '1'),
  country('CA', 'Canada', '1'),
  country('GB', 'United Kingdom', '44'),
];

/** The Deploy dialog's countries, in the order the dialog shows them. */
export const NUMBER_COUNTRIES_DEPLOY: readonly CountryOption[] = [
  country('AR', 'Argentina', '54'),
  country('AU', 'Australia', '61'),
  country('BR', 'Brazil', '55'),
  country('CA', 'Canada', '1'),
  country('CO', 'Colombia', '57'),
  country('EC', 'Ecuador', '593'),
  country('US', 'United States', '1'),
  country('DE', 'Germany', '49'),
  country('IE', 'Ireland', '353'),
  country('JP', 'Japan', '81'),
  country('MX', 'Mexico', '52'),
  country('GB', 'United Kingdom', '44'),
];

export const NUMBER_COUNTRY_CODES = [...new Set(NUMBER_COUNTRIES_DEPLOY.map((c) => c.code))] as [string, ...string[]];

/** calls.status values and their colours. Only completed calls count in history. */
export const CALL_STATUSES = [
  'queued',
  'ringing',
  'in_progress',
  'completed',
  'failed',
  'canceled',
  'busy',
  'no-answer',
] as const;
export type CallStatus = (typeof CALL_STATUSES)[number];

export function callStatusColour(status: CallStatus): 'green' | 'red' | 'yellow' {
  if (status === 'completed') return 'green';
  if (status === 'failed') return 'red';
  return 'yellow';
}

/** Twilio's CallStatus (status callback parameter) → calls.status. */
export function callStatusFromTwilio(status: string): CallStatus | null {
  switch (status) {
    case 'queued':
    case 'initiated':
      return 'queued';
    case 'ringing':
      return 'ringing';
    case 'in-progress':
    case 'answered':
      return 'in_progress';
    case 'completed':
    case 'failed':
    case 'canceled':
    case 'busy':
    case 'no-answer':
      return status;
    default:
      return null;
  }
}
