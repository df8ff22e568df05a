import type { messagesEn } from './en.ts';

/** Messages WhatsApp : /messages (tous les agents) et /agents/{id}/messages. */
export const messagesFr: typeof messagesEn = {
  title: 'Messages',
  agentTitle: 'Messages WhatsApp · {{agent}}',
  subtitle: 'Conversations WhatsApp auxquelles vos agents ont répondu, les plus récentes d’abord.',
  live: 'En direct',
  filter: { label: 'Agent', all: 'Tous les agents' },
  threads: {
    label: 'Conversations',
    loadMore: 'Charger plus de conversations',
    deletedAgent: 'Agent supprimé',
    replyPrefix: 'Agent : ',
    attachment: 'Pièce jointe',
    count_one: '{{count}} message',
    count_other: '{{count}} messages',
    failed_one: '{{count}} non envoyé',
    failed_other: '{{count}} non envoyés',
  },
  empty: {
    title: 'Aucun message WhatsApp pour le moment',
    agentBody:
      'Quand quelqu’un écrit à cet agent sur WhatsApp, la conversation apparaît ici avec les réponses de l’agent.',
    allBody: 'Quand quelqu’un écrit à l’un de vos agents sur WhatsApp, la conversation apparaît ici.',
    deploy: 'Connecter WhatsApp',
  },
  errorTitle: 'Impossible de charger vos messages WhatsApp',
  thread: {
    label: 'Conversation avec {{name}}',
    pick: 'Sélectionnez une conversation',
    pickBody: 'Choisissez une conversation à gauche pour la lire.',
    back: 'Toutes les conversations',
    loadEarlier: 'Charger les messages précédents',
    customer: 'Client',
    agent: 'Agent',
    errorTitle: 'Impossible de charger cette conversation',
  },
  media: {
    image: 'Image envoyée sur WhatsApp',
    audio: 'Message vocal',
    video: 'Vidéo',
    document: 'Document',
    link: 'Ouvrir le lien partagé',
    unavailable: 'Pièce jointe indisponible',
  },
  delivery: {
    received: 'Reçu',
    pending: 'Envoi en cours',
    sent: 'Envoyé',
    delivered: 'Distribué',
    read: 'Lu',
    failed: 'Non distribué',
  },
  notConnected: {
    title: 'WhatsApp n’est pas connecté',
    body: 'Connectez un numéro WhatsApp à cet agent sur sa page Déployer : les messages des clients et les réponses de l’agent apparaissent alors ici, et vous pouvez choisir le modèle qu’il utilise après 24 heures.',
    action: 'Connecter WhatsApp',
  },
  template: {
    title: 'Modèle hors de la fenêtre de 24 h',
    label: 'Modèle approuvé',
    help: 'Plus de 24 heures après le dernier message d’un client, WhatsApp n’autorise l’agent à lui écrire qu’avec un modèle approuvé.',
    none: 'Aucun modèle (ces messages ne sont pas envoyés)',
    option: '{{name}} ({{language}})',
    variable: 'Variable {{n}}',
    save: 'Enregistrer le modèle',
    saved: 'Modèle enregistré.',
    empty:
      'Cet expéditeur WhatsApp n’a pas encore de modèle approuvé. Créez-en un dans le Content Template Builder de Twilio et soumettez-le à l’approbation WhatsApp.',
    loadError: 'Impossible de charger les modèles WhatsApp',
  },
  composer: {
    label: 'Écrire au client',
    placeholder: 'Écrivez un message WhatsApp au nom de l’agent (Ctrl+Entrée envoie)',
    send: 'Envoyer',
    sendTemplate: 'Envoyer le modèle',
    sent: 'Envoyé.',
    outsideWindow:
      'Plus de 24 heures se sont écoulées depuis le dernier message du client : WhatsApp n’autorise qu’un modèle approuvé jusqu’à ce qu’il écrive de nouveau.',
    failed: 'Impossible d’envoyer le message.',
  },
  reason: {
    outside_window:
      'Non envoyé : plus de 24 heures se sont écoulées depuis le dernier message du client et aucun modèle approuvé n’est sélectionné.',
    monthly_limit: 'Non envoyé : les conversations WhatsApp de votre offre pour ce mois sont épuisées.',
    send_failed: 'Non envoyé : WhatsApp a refusé le message.',
    not_configured: 'Non envoyé : la messagerie WhatsApp n’est pas configurée sur ce serveur.',
    turn_refused: 'Non envoyé : l’agent n’a pas pu répondre à ce message ({{message}}).',
  },
  twilioError: {
    '63003': 'Non distribué (erreur {{code}}) : WhatsApp ne trouve pas ce numéro.',
    '63014': 'Non distribué (erreur {{code}}) : le client a bloqué cette entreprise.',
    '63016':
      'Non distribué (erreur {{code}}) : hors de la fenêtre de service client de 24 heures ; seul un modèle approuvé peut être envoyé.',
    '63018': 'Non distribué (erreur {{code}}) : la limite de débit ou d’envoi de WhatsApp est atteinte.',
    '63024': 'Non distribué (erreur {{code}}) : ce numéro ne peut pas recevoir de messages WhatsApp.',
    '63032': 'Non distribué (erreur {{code}}) : Meta ne distribue pas à cet utilisateur pour le moment.',
    '63049': 'Non distribué (erreur {{code}}) : Meta a choisi de ne pas distribuer ce modèle.',
    unknown: 'Non distribué (erreur {{code}}).',
    unknownWithMessage: 'Non distribué (erreur {{code}}) : {{message}}',
    none: 'Non distribué.',
  },
};
