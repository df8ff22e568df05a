import type { landingEn } from './en.ts';

export const landingFr: typeof landingEn = {
  nav: {
    label: "Navigation de l'accueil",
    features: 'Fonctionnalités',
    industries: 'Secteurs',
    integrations: 'Intégrations',
    pricing: 'Tarifs',
    enterprise: 'Entreprise',
    signIn: 'Se connecter',
    startTrial: "Commencer l'essai gratuit",
    accessDashboard: 'Accéder au tableau de bord',
    bookDemo: 'Réserver une démo',
    language: 'Langue',
  },
  hero: {
    title: 'Des assistants IA qui répondent à vos clients, jour et nuit',
    subtitle:
      'Concierge répond aux appels, aux messages WhatsApp et au chat de votre site : il prend les commandes, réserve les rendez-vous et vous résume ce que demandent vos clients.',
    claims: {
      setup: 'Installation en 5 minutes',
      languages: '50+ langues',
      uptime: '99,9 % de disponibilité',
      always: 'Disponible 24h/24, 7j/7',
    },
  },
  features: {
    title: 'Tout ce que fait votre accueil, automatisé',
    phone: {
      title: 'Assistant téléphonique IA',
      body: 'Une voix naturelle répond à chaque appel, comprend la demande et répond à partir de votre base de connaissances.',
    },
    orders: {
      title: 'Prise de commande',
      body: 'Vos clients commandent par téléphone, chat ou WhatsApp ; l’assistant confirme les articles, les quantités et l’heure de retrait.',
    },
    appointments: {
      title: 'Prise de rendez-vous',
      body: 'Les réservations arrivent directement dans votre agenda, avec confirmations et rappels.',
    },
    analytics: {
      title: 'Statistiques',
      body: 'Appels, conversations et contacts dans un seul tableau de bord, avec les questions les plus fréquentes.',
    },
  },
  industries: {
    title: 'Pensé pour les entreprises qui vivent au téléphone',
    healthcare: { title: 'Santé', body: 'Prise de rendez-vous, informations du cabinet et messages hors horaires.' },
    food: { title: 'Restauration', body: 'Commandes à emporter, réservations de tables, menus et horaires.' },
    realEstate: {
      title: 'Immobilier',
      body: 'Questions sur les biens, réservation de visites et qualification des contacts.',
    },
    beauty: { title: 'Beauté et bien-être', body: 'Réservation de soins, tarifs et disponibilités, à toute heure.' },
  },
  integrations: {
    title: 'Compatible avec vos outils',
    calendars: { title: 'Agendas', body: 'Google Agenda et autres agendas pour des disponibilités en temps réel.' },
    crm: { title: 'CRM', body: 'Contacts et résumés d’appels envoyés dans votre CRM.' },
    shop: {
      title: 'Boutique et paiement',
      body: 'Votre boutique et vos outils de paiement pour les commandes et acomptes.',
    },
  },
  pricing: {
    title: 'Des tarifs simples en USD',
    subtitle: '30 minutes offertes pour commencer. 1 crédit = 1 minute d’appel vocal.',
    getStarted: 'Commencer',
    empty: 'Aucune offre tarifaire disponible pour le moment.',
    error: 'Impossible de charger les offres : {{message}}',
  },
  enterprise: {
    title: 'Entreprise',
    body: 'Plusieurs établissements, beaucoup d’appels ou des intégrations sur mesure ? L’offre Entreprise inclut utilisateurs illimités, conversations WhatsApp illimitées, intégrations CRM premium et support 24h/24, 7j/7.',
    cta: 'Commencer par un essai gratuit',
  },
  footer: {
    tagline: 'Assistants vocaux et conversationnels IA pour les entreprises.',
    privacy: 'Politique de confidentialité',
    legal: 'Mentions légales',
    terms: "Conditions d'utilisation",
    privacySettings: 'Paramètres de confidentialité',
    copyright: '© 2025 Concierge. Tous droits réservés.',
    seat: 'Société basée dans le Wyoming, États-Unis.',
  },
  mobileBar: {
    label: 'Actions rapides',
    features: 'Fonctions',
    pricing: 'Tarifs',
    demo: 'Démo',
  },
};
