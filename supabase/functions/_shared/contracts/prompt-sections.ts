/**
 * The headings a generated system prompt uses for its parts. The prompt generator writes them; the
 * offline engine reads the business section back, so an agent with no knowledge document still
 * answers what its owner wrote about the business (hours, address, what it sells).
 */
export const PROMPT_HEADINGS = {
  business: { en: 'About the business', fr: 'Informations sur l’entreprise' },
  tools: { en: 'Available tools', fr: 'Outils disponibles' },
  rules: { en: 'Rules', fr: 'Règles' },
} as const;

type Heading = keyof typeof PROMPT_HEADINGS;

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A heading in either language; the apostrophe may be typed straight or curly. */
const headingPattern = (heading: Heading) =>
  Object.values(PROMPT_HEADINGS[heading])
    .map((text) => escape(text).replace(/’/g, "['’]"))
    .join('|');

const BUSINESS_START = new RegExp(`^\\s*(?:${headingPattern('business')})\\s*:[ \\t]*`, 'imu');
const NEXT_SECTION = new RegExp(`^\\s*(?:${headingPattern('tools')}|${headingPattern('rules')})\\s*:`, 'imu');

/** The heading line the generator writes before a part, in the prompt's language. */
export function promptHeading(heading: Heading, language: 'en' | 'fr'): string {
  return PROMPT_HEADINGS[heading][language];
}

/**
 * What a system prompt says about the business: the text after its business heading, up to the next
 * known heading (tools, rules) or the end. Null when the prompt has no such section.
 */
export function businessSection(prompt: string): string | null {
  const start = BUSINESS_START.exec(prompt);
  if (!start) return null;
  const rest = prompt.slice(start.index + start[0].length);
  const end = NEXT_SECTION.exec(rest);
  const section = (end ? rest.slice(0, end.index) : rest).trim();
  return section.length > 0 ? section : null;
}
