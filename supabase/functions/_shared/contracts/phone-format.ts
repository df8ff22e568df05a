/**
 * The one way phone numbers are written, for every surface: E.164 ('+33612345678') in exports and
 * anything a machine reads back, the international format ('+33 6 12 34 56 78') on screen. Input
 * may be written any way the data holds it: E.164, spaced or punctuated, prefixed 'whatsapp:', or
 * the bare digits contacts store. libphonenumber-js (the metadata-light build) knows each
 * country's grouping, so the console needs no table of its own.
 */
import { parsePhoneNumberFromString, type PhoneNumber } from 'libphonenumber-js/min';

function parse(raw: string | null | undefined): PhoneNumber | null {
  if (raw === null || raw === undefined) return null;
  const bare = raw.trim().replace(/^whatsapp:/i, '');
  if (!/^\+?[0-9][0-9 ().-]{3,30}$/.test(bare)) return null;
  const withPlus = bare.startsWith('+') ? bare : `+${bare}`;
  return parsePhoneNumberFromString(withPlus) ?? null;
}

/** E.164 of a phone number, or null when the text is no phone number. */
export function phoneE164(raw: string | null | undefined): string | null {
  const parsed = parse(raw);
  return parsed ? parsed.number : null;
}

/** The number in the international format for the screen; text that is no number is shown as given. */
export function formatPhone(raw: string | null | undefined): string {
  const parsed = parse(raw);
  if (parsed) return parsed.formatInternational();
  return raw ?? '';
}

/** The number for an export cell (E.164); text that is no number is exported as given. */
export function exportPhone(raw: string | null | undefined): string | null {
  if (raw === null || raw === undefined) return null;
  return phoneE164(raw) ?? raw;
}
