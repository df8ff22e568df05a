import type { connectorsEn } from './en.ts';

export const connectorsFr: typeof connectorsEn = {
  tab: 'Connecteurs',
  title: 'Connecteurs',
  intro:
    'Envoyez chaque conversation terminée à vos automatisations. Votre agent envoie un événement JSON signé (conversation, messages, contact) à l’URL du webhook.',
  loadFailed: 'Impossible de charger les connecteurs.',
  zapier: {
    name: 'Zapier',
    description: 'Déclenchez un Zap pour chaque conversation terminée.',
    help: 'Dans Zapier, créez un Zap avec le déclencheur « Webhooks by Zapier → Catch Hook » et collez son URL ici.',
    placeholder: 'https://hooks.zapier.com/hooks/catch/…',
  },
  make: {
    name: 'Make',
    description: 'Lancez un scénario Make pour chaque conversation terminée.',
    help: 'Dans Make, ajoutez un module « Webhooks → Custom webhook » à un scénario et collez son adresse ici.',
    placeholder: 'https://hook.eu1.make.com/…',
  },
  card: {
    enabled: 'Activé',
    disabled: 'Désactivé',
    noUrl: 'Pas encore d’URL de webhook',
    configure: 'Configurer',
    toggle: 'Envoyer les conversations à {{name}}',
    connectedSince: 'Connecté depuis le {{date}}',
  },
  dialog: {
    title: 'Configurer {{name}}',
    urlLabel: 'URL du webhook',
    urlHelp: 'Doit commencer par https://',
    invalid: 'Saisissez une URL valide.',
    notHttps: 'L’URL du webhook doit utiliser https.',
    empty: 'Saisissez l’URL du webhook.',
    secretLabel: 'Secret de signature',
    secretHelp:
      'Chaque requête porte x-concierge-timestamp et x-concierge-signature = sha256=HMAC-SHA256(secret, "timestamp.corps"). Vérifiez-la pour être sûr que l’événement vient de votre agent.',
    cancel: 'Annuler',
    save: 'Enregistrer',
  },
  toasts: {
    saved: '{{name}} est configuré et activé.',
    enabled: '{{name}} activé.',
    disabled: '{{name}} désactivé.',
  },
  deliveries: {
    title: 'Derniers envois',
    intro: 'Une conversation est envoyée une fois terminée : à la fin d’un appel, ou après 30 minutes sans message.',
    empty: 'Rien n’a encore été envoyé.',
    loadFailed: 'Impossible de charger les envois.',
    when: 'Date',
    connector: 'Connecteur',
    status: 'Statut',
    answer: 'Réponse',
    attempts: 'Tentatives',
    noAnswer: 'Pas de réponse (injoignable ou délai dépassé)',
    notSent: 'Non envoyé (connecteur désactivé ou conversation supprimée)',
    statuses: {
      pending: 'Nouvel essai',
      delivered: 'Envoyé',
      failed: 'Échec',
      cancelled: 'Annulé',
    },
  },
};
