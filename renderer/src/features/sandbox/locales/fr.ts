import { AGENT_GREETINGS } from '@contracts/greeting.ts';
import type { sandboxEn } from './en.ts';

export const sandboxFr: typeof sandboxEn = {
  title: "Tester l'agent",
  subtitle: 'Discutez avec {{name}} ou appelez-le avant de le déployer.',
  // The same welcome line as the phone channel's (one definition).
  greeting: AGENT_GREETINGS.fr,
  back: 'Retour aux agents',
  authRequired: {
    title: 'Authentification requise',
    body: 'Connectez-vous pour tester vos agents.',
    signIn: 'Se connecter',
  },
  notFound: {
    title: 'Agent introuvable',
    body: "Cet agent n'existe pas ou ne vous appartient pas.",
  },
  recording: {
    start: 'Enregistrer un message vocal',
    stop: "Arrêter l'enregistrement",
    transcribing: 'Transcription…',
    waveform: 'Enregistrement en cours',
    noFormat: 'Aucun format audio pris en charge',
    startFailed: "Échec du démarrage de l'enregistrement",
    processFailed: "Échec du traitement de l'audio",
  },
  voice: {
    title: 'Appel vocal',
    body: 'Parlez à votre agent comme le ferait un visiteur.',
    call: "Appeler l'agent",
  },
  voiceNotice: {
    offlineTitle: 'Mode hors ligne',
    offlineBody:
      "Les appels et messages vocaux nécessitent une clé d'IA (OPENAI_API_KEY) sur cette installation. Le chat répond à partir de la base de connaissances.",
    noCreditsTitle: 'Plus de crédits',
    noCreditsBody: 'Les appels vocaux utilisent des crédits (1 crédit = 1 minute) et votre solde est vide.',
    seeCredits: 'Obtenir des crédits',
    micOffline: "Les messages vocaux nécessitent une clé d'IA (mode hors ligne) : écrivez votre message.",
  },
  knowledge: {
    title: 'Base de connaissances',
    empty: 'Aucune source de connaissances disponible',
    processing: 'En cours de traitement',
    failed: 'Échec',
  },
  stats: {
    title: 'Statistiques de la conversation',
    messages: 'Messages',
    tools: 'Outils utilisés',
  },
};
