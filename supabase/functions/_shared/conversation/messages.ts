/**
 * Fixed texts the engine itself says (spec 001 §8 and 002 §8), in English and French; other
 * languages get English, as the spec only defines these two.
 */
import { baseLanguage } from './language.ts';

const CHAT_FAILURE = {
  en: "I apologize, but I'm having trouble processing your request right now. Please try again.",
  fr: "Je m'excuse, mais j'ai du mal à traiter votre demande pour le moment. Veuillez réessayer.",
} as const;

const TOOL_FAILURE = {
  en: (tool: string) => `I encountered an error while trying to use the ${tool} tool. Please try again.`,
  fr: (tool: string) => `J'ai rencontré une erreur en essayant d'utiliser l'outil ${tool}. Veuillez réessayer.`,
} as const;

function pick(language: string | null | undefined): 'en' | 'fr' {
  return baseLanguage(language) === 'fr' ? 'fr' : 'en';
}

/** The assistant's reply when the model fails (nothing is charged for that turn). */
export function chatFailureApology(language: string | null | undefined): string {
  return CHAT_FAILURE[pick(language)];
}

/** The assistant's reply when a tool fails. */
export function toolFailureMessage(toolName: string, language: string | null | undefined): string {
  return TOOL_FAILURE[pick(language)](toolName);
}

const CALL_GOODBYE = {
  en: 'I am sorry, this call has to end now. Thank you for calling, goodbye!',
  fr: 'Je suis désolé, cet appel doit se terminer maintenant. Merci de votre appel, au revoir !',
} as const;

/** What the agent says when a call must end (no credit left, the relay shutting down). */
export function callEndingGoodbye(language: string | null | undefined): string {
  return CALL_GOODBYE[pick(language)];
}
