/**
 * Fixed texts the engine itself says (worded in the server text catalogue, English and French;
 * other languages get English).
 */
import { serverText } from '../text/catalogue.ts';

/** The assistant's reply when the model fails (nothing is charged for that turn). */
export function chatFailureApology(language: string | null | undefined): string {
  return serverText('engine.chatFailure', language);
}

/** The assistant's reply when a tool fails. */
export function toolFailureMessage(toolName: string, language: string | null | undefined): string {
  return serverText('engine.toolFailure', language, { tool: toolName });
}

/** What the agent says when a call must end (no credit left, the relay shutting down). */
export function callEndingGoodbye(language: string | null | undefined): string {
  return serverText('call.goodbye', language);
}

/** The end-of-call rating question on the phone: one keypad digit, 1 to 5. */
export function callRatingQuestion(language: string | null | undefined): string {
  return serverText('call.ratingQuestion', language);
}

/** Said once the caller's rating is stored, just before the call ends. */
export function callRatingThanks(language: string | null | undefined): string {
  return serverText('call.ratingThanks', language);
}
