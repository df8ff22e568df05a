import { NUMBER_COUNTRIES_DEPLOY } from '@contracts/phone.ts';

/** Groups digits from the end in threes and fours, as numbers are usually read. */
function group(digits: string): string {
  const parts: string[] = [];
  let rest = digits;
  while (rest.length > 4) {
    parts.unshift(rest.slice(-3));
    rest = rest.slice(0, -3);
  }
  return [rest, ...parts].filter(Boolean).join(' ');
}

/**
 * An E.164 number in international format: `+1 415 555 0100` for North America, otherwise the
 * country's dialling code (from the Deploy countries, longest match) then the digits grouped.
 * Anything else is returned as it is.
 */
export function formatInternational(e164: string): string {
  if (!/^\+[1-9][0-9]{6,14}$/.test(e164)) return e164;
  const digits = e164.slice(1);
  if (digits.startsWith('1') && digits.length === 11) {
    return `+1 ${digits.slice(1, 4)} ${digits.slice(4, 7)} ${digits.slice(7)}`;
  }
  const codes = [...new Set(NUMBER_COUNTRIES_DEPLOY.map((c) => c.areaCode))].sort((a, b) => b.length - a.length);
  const code = codes.find((c) => digits.startsWith(c));
  if (!code) return `+${group(digits)}`;
  return `+${code} ${group(digits.slice(code.length))}`;
}
