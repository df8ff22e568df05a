/**
 * The fixed texts the server says or writes, every one in English and French (the two languages
 * the product is written in); a few offline phrases also have other languages. Any other language
 * gets English. `{{name}}` placeholders are filled by `serverText`; each language of a key uses the
 * same placeholders (catalogue.test.ts).
 */
import { baseLanguage } from '../conversation/language.ts';

export type WrittenLanguage = 'en' | 'fr';
const LANGUAGES = ['en', 'fr', 'es', 'de', 'it', 'pt'] as const;
type ExtraLanguage = Exclude<(typeof LANGUAGES)[number], WrittenLanguage>;
type Entry = Record<WrittenLanguage, string> & Partial<Record<ExtraLanguage, string>>;

export const SERVER_TEXTS = {
  // The conversation engine's own replies.
  'engine.chatFailure': {
    en: "I apologize, but I'm having trouble processing your request right now. Please try again.",
    fr: "Je m'excuse, mais j'ai du mal à traiter votre demande pour le moment. Veuillez réessayer.",
  },
  'engine.toolFailure': {
    en: 'I encountered an error while trying to use the {{tool}} tool. Please try again.',
    fr: "J'ai rencontré une erreur en essayant d'utiliser l'outil {{tool}}. Veuillez réessayer.",
  },
  // Spoken at the end of a call.
  'call.goodbye': {
    en: 'I am sorry, this call has to end now. Thank you for calling, goodbye!',
    fr: 'Je suis désolé, cet appel doit se terminer maintenant. Merci de votre appel, au revoir !',
  },
  'call.ratingQuestion': {
    en: 'Before you go, please rate this call from 1 to 5 on your keypad, 5 being excellent.',
    fr: 'Avant de raccrocher, notez cet appel de 1 à 5 sur votre clavier, 5 étant excellent.',
  },
  'call.ratingThanks': { en: 'Thank you!', fr: 'Merci !' },
  // What a caller hears when the phone line cannot connect them.
  'phone.noAgent': {
    en: 'Sorry, this number is not taking calls at the moment. Goodbye.',
    fr: "Désolé, ce numéro ne prend pas d'appels pour le moment. Au revoir.",
  },
  'phone.noCredits': {
    en: '{{name}} cannot take your call right now. Please try again later. Goodbye.',
    fr: '{{name}} ne peut pas prendre votre appel pour le moment. Merci de rappeler plus tard. Au revoir.',
  },
  'phone.unnamedAssistant': { en: 'Our assistant', fr: 'Notre assistant' },
  // The offline provider's short phrases (no AI key configured).
  'offline.noAnswer': {
    en: "I'm sorry, I don't have that information.",
    fr: "Je suis désolé, je n'ai pas cette information.",
    es: 'Lo siento, no tengo esa información.',
    de: 'Es tut mir leid, diese Information habe ich nicht.',
    it: 'Mi dispiace, non ho questa informazione.',
    pt: 'Desculpe, não tenho essa informação.',
  },
  'offline.greeting': {
    en: 'Hello! What would you like to know?',
    fr: 'Bonjour ! Que souhaitez-vous savoir ?',
    es: '¡Hola! ¿Qué le gustaría saber?',
    de: 'Hallo! Was möchten Sie wissen?',
    it: 'Ciao! Cosa desidera sapere?',
    pt: 'Olá! O que gostaria de saber?',
  },
  'offline.toolUnavailable': {
    en: "I can't do that right now.",
    fr: 'Je ne peux pas faire cela pour le moment.',
    es: 'No puedo hacerlo en este momento.',
    de: 'Das kann ich im Moment nicht tun.',
    it: 'Non posso farlo in questo momento.',
    pt: 'Não posso fazer isso agora.',
  },
  // The email alert for a notification (Profile › Settings › "Email alerts").
  'alert.failedSubject': { en: 'A call was not completed', fr: 'Un appel n’a pas abouti' },
  'alert.failedCall': { en: '{{channel}} call {{status}}.', fr: 'L’appel {{channel}} {{status}}.' },
  'alert.failedCallFrom': {
    en: '{{channel}} call from {{from}} {{status}}.',
    fr: 'L’appel {{channel}} de {{from}} {{status}}.',
  },
  'alert.channel.phone': { en: 'Phone', fr: 'téléphonique' },
  'alert.channel.webVoice': { en: 'Browser voice', fr: 'vocal dans le navigateur' },
  'alert.status.failed': { en: 'failed', fr: 'a échoué' },
  'alert.status.busy': { en: 'was busy', fr: 'était occupé' },
  'alert.status.noAnswer': { en: 'went unanswered', fr: 'est resté sans réponse' },
  'alert.agent': { en: 'Agent: {{name}}.', fr: 'Agent : {{name}}.' },
  'alert.lowSubject': { en: 'Your credit is running low', fr: 'Vos crédits sont bientôt épuisés' },
  'alert.lowCredit.one': {
    en: '{{balance}} credit left. Top up to keep your agents answering calls.',
    fr: 'Il vous reste {{balance}} crédit. Rechargez pour que vos agents continuent de répondre.',
  },
  'alert.lowCredit.other': {
    en: '{{balance}} credits left. Top up to keep your agents answering calls.',
    fr: 'Il vous reste {{balance}} crédits. Rechargez pour que vos agents continuent de répondre.',
  },
  'alert.open': { en: 'Open in Concierge', fr: 'Ouvrir dans Concierge' },
  'alert.footer': {
    en: 'You get these emails because email alerts are on in Profile › Settings.',
    fr: 'Vous recevez ces e-mails car les alertes par e-mail sont activées dans Profil › Paramètres.',
  },
  // The offline engine's replies to a visitor asking for a shared resource (name, email).
  'share.sent': {
    en: 'I have sent "{{name}}" to {{email}}.',
    fr: "Je vous ai envoyé « {{name}} » à l'adresse {{email}}.",
  },
  'share.confirm': {
    en: 'Shall I send "{{name}}" to {{email}}? To confirm this is your own address, send your request again.',
    fr: "Dois-je envoyer « {{name}} » à l'adresse {{email}} ? Pour confirmer qu'il s'agit bien de votre adresse, renvoyez votre demande.",
  },
  'share.notConfigured': {
    en: 'Email sending is not configured for this agent, so I could not send "{{name}}".',
    fr: "L'envoi d'e-mails n'est pas configuré pour cet agent, je n'ai donc pas pu envoyer « {{name}} ».",
  },
  'share.notSent': {
    en: 'I could not send "{{name}}" now: the sending limit is reached. Please try again later.',
    fr: "Je ne peux pas envoyer « {{name}} » pour le moment : la limite d'envoi est atteinte. Réessayez plus tard.",
  },
  // The monthly usage report and an admin's feature announcement (Profile › Settings).
  'report.subject': { en: 'Your Concierge usage for {{month}}', fr: 'Votre utilisation de Concierge en {{month}}' },
  'report.intro': {
    en: 'Here is what your agents did in {{month}} (UTC).',
    fr: 'Voici ce que vos agents ont fait en {{month}} (UTC).',
  },
  'report.conversations': { en: 'Conversations: {{list}}', fr: 'Conversations : {{list}}' },
  'report.channel.webChat': { en: 'Web chat', fr: 'Chat web' },
  'report.channel.webVoice': { en: 'Browser voice', fr: 'Voix dans le navigateur' },
  'report.channel.phone': { en: 'Phone', fr: 'Téléphone' },
  'report.channel.whatsapp': { en: 'WhatsApp', fr: 'WhatsApp' },
  'report.calls': { en: 'Calls: {{calls}} ({{minutes}} min)', fr: 'Appels : {{calls}} ({{minutes}} min)' },
  'report.messages': { en: 'Messages: {{count}}', fr: 'Messages : {{count}}' },
  'report.credits': { en: 'Credits used: {{count}}', fr: 'Crédits utilisés : {{count}}' },
  'report.none': { en: 'none', fr: 'aucune' },
  'report.open': { en: 'Open your dashboard', fr: 'Ouvrir votre tableau de bord' },
  'report.footer': {
    en: 'You get this email because usage reports are on in Profile › Settings.',
    fr: 'Vous recevez cet e-mail car les rapports d’utilisation sont activés dans Profil › Paramètres.',
  },
  // The owner assistant's offline drafts (no AI key): templates the owner fills in.
  'assist.draft.companyPlaceholder': { en: '[Company name]', fr: '[Nom de l’entreprise]' },
  'assist.draft.sectorPlaceholder': { en: '[sector]', fr: '[secteur]' },
  'assist.draft.brief': {
    en: '{{company}} is a business in the {{sector}} sector. {{notes}}\n\nOffer: [main products or services].\nOpening hours: [days and hours].\nAddress: [address].\nContact: [phone], [email].\nFrequent questions: [prices, bookings, access].',
    fr: '{{company}} est une entreprise du secteur {{sector}}. {{notes}}\n\nOffre : [produits ou services principaux].\nHoraires : [jours et heures d’ouverture].\nAdresse : [adresse].\nContact : [téléphone], [email].\nQuestions fréquentes : [tarifs, réservations, accès].',
  },
  'assist.prompt.assistantOf': {
    en: '{{agent}}, the assistant of {{company}}',
    fr: '{{agent}}, l’assistant de {{company}}',
  },
  'assist.prompt.youAre': { en: 'You are {{who}}.', fr: 'Tu es {{who}}.' },
  'assist.prompt.rules': {
    en: '{{heading}}: stay factual, answer in the visitor’s language, offer a human contact when unsure.',
    fr: '{{heading}} : reste factuel, réponds dans la langue du visiteur, propose un contact humain en cas de doute.',
  },
  'assist.modify.instruction': {
    en: 'Additional instruction: {{instruction}}',
    fr: 'Consigne supplémentaire : {{instruction}}',
  },
  'assist.modify.confirmation': {
    en: 'Offline mode: the instruction was appended to the end of the prompt, without rewriting it.',
    fr: 'Mode hors ligne : la consigne a été ajoutée à la fin du prompt, sans réécriture.',
  },
  // The WhatsApp adapter's own replies to what the assistant cannot take in.
  'whatsapp.voiceNeedsKey': {
    en: 'I cannot listen to voice notes yet: this assistant runs without an AI key. Could you type your message instead?',
    fr: "Je ne peux pas encore écouter les messages vocaux : cet assistant fonctionne sans clé d'IA. Pouvez-vous m'écrire votre message ?",
  },
  'whatsapp.voiceUnreadable': {
    en: 'I could not listen to your voice note. Could you type your message instead?',
    fr: "Je n'ai pas pu écouter votre message vocal. Pouvez-vous me l'écrire ?",
  },
  'whatsapp.imageOnly': {
    en: 'Thanks for the image! I cannot see it here: tell me in a few words what you need.',
    fr: "Merci pour l'image ! Je ne peux pas la voir ici : dites-moi en quelques mots ce dont vous avez besoin.",
  },
  'announcement.footer': {
    en: 'You get this email because feature announcements are on in Profile › Settings.',
    fr: 'Vous recevez cet e-mail car les annonces de fonctionnalités sont activées dans Profil › Paramètres.',
  },
} as const satisfies Record<string, Entry>;

export type ServerTextKey = keyof typeof SERVER_TEXTS;

/** English or French for a language tag (`fr-FR`, `fr_CA`, `FR`…); everything else is English. */
export function writtenLanguage(language: string | null | undefined): WrittenLanguage {
  return baseLanguage(language) === 'fr' ? 'fr' : 'en';
}

/**
 * The text of `key` in `language` (its base language when the entry has it, else English), with
 * each `{{name}}` replaced by `values[name]`.
 */
export function serverText(
  key: ServerTextKey,
  language: string | null | undefined,
  values: Record<string, string> = {},
): string {
  const entry: Entry = SERVER_TEXTS[key];
  const base = baseLanguage(language);
  const text = entry[LANGUAGES.find((known) => known === base) ?? 'en'] ?? entry.en;
  return text.replace(/\{\{(\w+)\}\}/g, (placeholder, name: string) => values[name] ?? placeholder);
}
