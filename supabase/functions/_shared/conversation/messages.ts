/**
 * Fixed texts the engine itself says, in English and French; other
 * languages get English, as only these two are written.
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

const CALL_RATING_QUESTION = {
  en: 'Before you go, please rate this call from 1 to 5 on your keypad, 5 being excellent.',
  fr: 'Avant de raccrocher, notez cet appel de 1 à 5 sur votre clavier, 5 étant excellent.',
} as const;

const CALL_RATING_THANKS = {
  en: 'Thank you!',
  fr: 'Merci !',
} as const;

/** The end-of-call rating question on the phone: one keypad digit, 1 to 5. */
export function callRatingQuestion(language: string | null | undefined): string {
  return CALL_RATING_QUESTION[pick(language)];
}

/** Said once the caller's rating is stored, just before the call ends. */
export function callRatingThanks(language: string | null | undefined): string {
  return CALL_RATING_THANKS[pick(language)];
}
