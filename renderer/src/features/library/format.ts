/** Bytes as the library shows them: B, kB, MB, GB with one decimal from kB up (1 kB = 1000 B). */
export function formatBytes(bytes: number, lang: string): string {
  const units = ['B', 'kB', 'MB', 'GB', 'TB'];
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  const number = new Intl.NumberFormat(lang, { maximumFractionDigits: unit === 0 ? 0 : 1 }).format(value);
  return `${number} ${units[unit]}`;
}

/** A size limit typed in MB ('' = none) as bytes; undefined when unreadable or under 1 MB. */
export function megabytesToBytes(text: string): number | null | undefined {
  const trimmed = text.trim().replace(',', '.');
  if (trimmed === '') return null;
  const value = Number(trimmed);
  if (!Number.isFinite(value) || value < 1) return undefined;
  return Math.round(value * 1_000_000);
}
