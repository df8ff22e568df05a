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
  // What the agent says when a turn fails (the French text says the same).
  apology: "I apologize, but I'm having trouble processing your request right now. Please try again.",
  emptyTitle: 'Start the conversation',
  emptyBody: 'Ask {name} anything.',
  messages: 'Conversation',
  interrupted: 'Reply interrupted',
  // Call overlay.
  callTitle: 'Voice call with {name}',
  startCall: 'Start Call',
  ready: 'Ready to start your voice conversation',
  connecting: 'Connecting...',
  inProgress: 'Call in Progress',
  speaking: 'Speaking with your AI Assistant...',
  recording: 'Recording...',
  endCall: 'End Call',
  ended: 'Call ended',
  endedNoCredits: 'This assistant cannot take voice calls right now.',
  endedUnavailable: 'Voice calls are not available right now.',
  endedFailed: 'The call could not be connected. Please try again.',
  endedTimeLimit: 'The call reached its time limit.',
  // The owner's credits cannot extend the call any further.
  endsSoon: 'This call ends in about {minutes} min.',
  microphoneHint: 'Your browser will ask to use the microphone.',
  close: 'Close',
  // The visitor's rating.
  rateChat: 'How was this conversation?',
  rateCall: 'How was this call?',
  rateValue: 'Rate {value} out of 5',
  rateThanks: 'Thank you for your feedback! You can change your rating at any time.',
  rateFailed: 'Your rating could not be sent. Please try again.',
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
  callTitle: 'Appel vocal avec {name}',
  startCall: "Démarrer l'appel",
  ready: 'Prêt à démarrer votre conversation vocale',
  connecting: 'Connexion...',
  inProgress: 'Appel en cours',
  speaking: 'Vous parlez avec votre assistant IA...',
  recording: 'Enregistrement...',
  endCall: "Terminer l'appel",
  ended: 'Appel terminé',
  endedNoCredits: "Cet assistant ne peut pas prendre d'appels vocaux pour le moment.",
  endedUnavailable: 'Les appels vocaux ne sont pas disponibles pour le moment.',
  endedFailed: "L'appel n'a pas pu être établi. Veuillez réessayer.",
  endedTimeLimit: "L'appel a atteint sa durée maximale.",
  endsSoon: 'Cet appel se termine dans environ {minutes} min.',
  microphoneHint: "Votre navigateur va demander l'accès au micro.",
  close: 'Fermer',
  rateChat: "Comment s'est passée cette conversation ?",
  rateCall: "Comment s'est passé cet appel ?",
  rateValue: 'Noter {value} sur 5',
  rateThanks: 'Merci pour votre avis ! Vous pouvez modifier votre note à tout moment.',
  rateFailed: "Votre note n'a pas pu être envoyée. Veuillez réessayer.",
};

export const conversationCatalogues: Record<ConversationLocale, ConversationMessages> = { en, fr };

export function conversationText(
  locale: ConversationLocale,
  key: ConversationKey,
  params: Record<string, string> = {},
): string {
  return conversationCatalogues[locale][key].replace(/\{(\w+)\}/g, (whole, name: string) => params[name] ?? whole);
}
