import type { agentToolsEn } from './tools.en.ts';

export const agentToolsFr: typeof agentToolsEn = {
  tab: 'Outils',
  title: 'Les outils de votre agent',
  subtitle:
    'Les outils que votre agent peut utiliser en conversation. Ajoutez-les, retirez-les ou essayez-les à tout moment.',
  empty: 'Votre agent n’utilise encore aucun outil. Ajoutez-en un ci-dessous.',
  add: 'Ajouter',
  remove: 'Retirer',
  try: 'Essayer cet outil',
  addTitle: 'Ajouter un outil',
  allAdded: 'Votre agent utilise déjà tous les outils du catalogue.',
  added: '{{name}} ajouté à votre agent.',
  removed: '{{name}} retiré de votre agent.',
  needs: {
    calendarConnected: 'Google Agenda connecté : les rendez-vous y sont copiés.',
    calendarMissing:
      'Les rendez-vous sont gardés dans l’agenda Concierge. Connectez Google Agenda dans Intégrations pour les y copier.',
    calendarLink: 'Ouvrir Intégrations',
    paymentProvider:
      'Les liens de paiement demandent le prestataire de paiement de la plateforme (Stripe). Sans lui, l’agent indique que le paiement en ligne n’est pas disponible.',
  },
  sandbox: {
    title: 'Essayer l’outil {{name}}',
    send: 'Envoyer le message de test',
  },
  sample: {
    calendar: 'Je voudrais prendre rendez-vous demain à 10 h.',
    maps: 'Comment venir chez vous depuis la gare ?',
    crm: 'Bonjour, je suis Marie Martin, marie@example.com. Gardez mes coordonnées, s’il vous plaît.',
    email: 'Pouvez-vous m’envoyer un résumé de votre offre à marie@example.com ?',
    orders: 'Je voudrais commander deux de vos produits.',
    payments: 'Pouvez-vous m’envoyer un lien de paiement de 20 euros ?',
    inventory: 'Avez-vous cet article en stock ?',
    messaging: 'Envoyez-moi un rappel par SMS au +33 6 12 34 56 78, s’il vous plaît.',
  },
};
