/**
 * The agent's welcome line, one definition for the console sandbox's chat greeting (its i18n
 * resources take these strings) and the phone channel's spoken welcome (the TwiML
 * `welcomeGreeting`, and the sandbox phone call). `{{name}}` is the agent's name (i18next syntax).
 */
export type GreetingLanguage = 'en' | 'fr';

export const AGENT_GREETINGS: Record<GreetingLanguage, string> = {
  en: "Hi there! I'm {{name}}. How can I assist you today?",
  fr: "Bonjour ! Je suis {{name}}. Comment puis-je vous aider aujourd'hui ?",
};

/** The greeting in the agent's language (`fr_FR`, `fr-FR`, `fr`), English otherwise. */
export function agentGreeting(name: string, language: string): string {
  const base = language.toLowerCase().split(/[-_]/)[0] ?? 'en';
  const template = base in AGENT_GREETINGS ? AGENT_GREETINGS[base as GreetingLanguage] : AGENT_GREETINGS.en;
  return template.replace('{{name}}', name);
}
