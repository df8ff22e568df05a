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
  endedNoCredits: 'This assistant has no voice minutes left, so it cannot take calls right now.',
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
  // Under the message input: the length limit the server enforces.
  counter: '{count} / {max}',
  counterFull: 'Limit reached: {max} characters at most.',
  // Refusals name the limit and when to try again ({wait}: "3 seconds", "10 minutes").
  limitMessageLength: 'Your message is over the limit of {max} characters. Shorten it and send it again.',
  limitChatVisitor:
    'You have reached the message limit: {max} messages at once, then {perMinute} a minute. You can write again in {wait}.',
  limitChatAddress:
    'Your network has reached the message limit: {max} messages at once, then {perMinute} a minute. You can write again in {wait}.',
  limitChatAgent:
    'This assistant is receiving the most messages it can take: {max} at once, then {perMinute} a minute. You can write again in {wait}.',
  limitNewConversations:
    'Your network has started {max} conversations with this assistant in {window}, the most allowed. You can start another in {wait}.',
  limitConversationMessages:
    'This conversation has reached its limit of {max} messages. Your next message starts a new conversation.',
  limitCallsStarted: 'You have started the most calls allowed: {max} every {window}. You can call again in {wait}.',
  limitCallsAgent: 'This assistant takes at most {max} calls every {window}. You can call again in {wait}.',
  limitCallsConcurrent:
    'At most {max} calls may be in progress at once from your connection. You can call again in {wait}.',
  limitRetry: 'Too many requests for now. You can try again in {wait}.',
  waitSecond: '{count} second',
  waitSeconds: '{count} seconds',
  waitMinute: '{count} minute',
  waitMinutes: '{count} minutes',
  waitHour: '{count} hour',
  waitHours: '{count} hours',
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
  endedNoCredits: "Cet assistant n'a plus de minutes d'appel vocal : il ne peut pas prendre d'appel pour le moment.",
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
  counter: '{count} / {max}',
  counterFull: 'Limite atteinte : {max} caractères au plus.',
  limitMessageLength: 'Votre message dépasse la limite de {max} caractères. Raccourcissez-le puis renvoyez-le.',
  limitChatVisitor:
    "Vous avez atteint la limite de messages : {max} messages d'affilée, puis {perMinute} par minute. Vous pourrez écrire à nouveau dans {wait}.",
  limitChatAddress:
    "Votre réseau a atteint la limite de messages : {max} messages d'affilée, puis {perMinute} par minute. Vous pourrez écrire à nouveau dans {wait}.",
  limitChatAgent:
    "Cet assistant reçoit le maximum de messages qu'il peut traiter : {max} d'affilée, puis {perMinute} par minute. Vous pourrez écrire à nouveau dans {wait}.",
  limitNewConversations:
    'Votre réseau a démarré {max} conversations avec cet assistant en {window}, le maximum autorisé. Vous pourrez en démarrer une autre dans {wait}.',
  limitConversationMessages:
    'Cette conversation a atteint sa limite de {max} messages. Votre prochain message démarrera une nouvelle conversation.',
  limitCallsStarted:
    "Vous avez démarré le maximum d'appels autorisé : {max} toutes les {window}. Vous pourrez rappeler dans {wait}.",
  limitCallsAgent: 'Cet assistant prend au plus {max} appels toutes les {window}. Vous pourrez rappeler dans {wait}.',
  limitCallsConcurrent:
    'Au plus {max} appels peuvent être en cours en même temps depuis votre connexion. Vous pourrez rappeler dans {wait}.',
  limitRetry: 'Trop de demandes pour le moment. Vous pourrez réessayer dans {wait}.',
  waitSecond: '{count} seconde',
  waitSeconds: '{count} secondes',
  waitMinute: '{count} minute',
  waitMinutes: '{count} minutes',
  waitHour: '{count} heure',
  waitHours: '{count} heures',
};

export const conversationCatalogues: Record<ConversationLocale, ConversationMessages> = { en, fr };

export function conversationText(
  locale: ConversationLocale,
  key: ConversationKey,
  params: Record<string, string> = {},
): string {
  return conversationCatalogues[locale][key].replace(/\{(\w+)\}/g, (whole, name: string) => params[name] ?? whole);
}
