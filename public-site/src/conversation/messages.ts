/**
 * Texts of the conversation UI. Self-contained (no import from the site's catalogues) because the
 * console's Test Agent sandbox imports this folder too; en and fr have the same keys (tested).
 */
export type ConversationLocale = 'en' | 'fr';

const en = {
  back: 'Back',
  placeholder: 'Type your message...',
  send: 'Send',
  typing: '{name} is typing…',
  you: 'You',
  sources: 'Sources',
  offline: 'Offline answer',
  offlineHint: 'Answered from the knowledge base without the AI model',
  // Spec 002 §8 chat failure text.
  apology: "I apologize, but I'm having trouble processing your request right now. Please try again.",
  emptyTitle: 'Start the conversation',
  emptyBody: 'Ask {name} anything.',
  messages: 'Conversation',
  interrupted: 'Reply interrupted',
};

export type ConversationMessages = typeof en;
export type ConversationKey = keyof ConversationMessages;

const fr: ConversationMessages = {
  back: 'Retour',
  placeholder: 'Tapez votre message...',
  send: 'Envoyer',
  typing: '{name} écrit…',
  you: 'Vous',
  sources: 'Sources',
  offline: 'Réponse hors ligne',
  offlineHint: "Réponse tirée de la base de connaissances, sans le modèle d'IA",
  apology: "Je m'excuse, mais j'ai du mal à traiter votre demande pour le moment. Veuillez réessayer.",
  emptyTitle: 'Commencez la conversation',
  emptyBody: 'Posez vos questions à {name}.',
  messages: 'Conversation',
  interrupted: 'Réponse interrompue',
};

export const conversationCatalogues: Record<ConversationLocale, ConversationMessages> = { en, fr };

export function conversationText(locale: ConversationLocale, key: ConversationKey, params: Record<string, string> = {}): string {
  return conversationCatalogues[locale][key].replace(/\{(\w+)\}/g, (whole, name: string) => params[name] ?? whole);
}
