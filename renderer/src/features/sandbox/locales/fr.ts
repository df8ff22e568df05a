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
  phone: {
    title: 'Appel téléphonique',
    body: "Écoutez l'expérience téléphonique avant d'acheter un numéro : votre navigateur appelle l'agent par le même chemin qu'un appelant.",
    call: 'Appeler comme au téléphone',
    dialogTitle: 'Appel téléphonique avec {{name}}',
    connecting: 'Appel en cours de connexion…',
    inProgress: 'Appel en cours',
    ended: 'Appel terminé',
    modeAnyModel: 'Tout modèle — voix Twilio',
    naturalVoiceNote:
      "Cet agent répond au téléphone en voix naturelle. L'appel du bac à sable utilise le mode tout modèle (voix Twilio) : le même agent, les mêmes connaissances et outils, avec votre navigateur comme ligne téléphonique.",
    caller: 'Appelant',
    agent: 'Agent',
    interrupted: 'interrompu',
    pressed: 'touche {{digit}}',
    empty: "L'agent répond dès que l'appel est connecté.",
    typeLabel: "Écrivez ce que dit l'appelant",
    typePlaceholder: 'Que dirait un appelant ?',
    send: 'Dire',
    listening: "À l'écoute : parlez à l'agent, ou écrivez ci-dessous.",
    noRecognition: "Ce navigateur ne reconnaît pas la parole : écrivez ce que dit l'appelant.",
    recognitionFailed: "La reconnaissance vocale s'est arrêtée (micro indisponible) : écrivez ce que dit l'appelant.",
    noVoice: "Ce navigateur n'a pas de voix de synthèse : les paroles de l'agent sont affichées, pas prononcées.",
    agentSpeaking: "L'agent parle",
    keypad: 'Clavier',
    key: 'Touche {{digit}}',
    endCall: 'Raccrocher',
    close: 'Fermer',
    timer: "Durée de l'appel",
    endedReason: {
      hangup: 'Vous avez raccroché.',
      agent_ended: "L'agent a mis fin à l'appel.",
      transferred:
        "L'agent a transféré l'appel vers votre numéro de transfert (un appel du bac à sable n'est pas composé).",
      start_failed: "L'appel n'a pas pu démarrer.",
      unreachable: 'Le relais téléphonique est injoignable (erreur Twilio 64102).',
      rejected: "Le relais téléphonique a refusé l'appel (erreur Twilio 64105).",
      dropped: "L'appel a été coupé (erreur Twilio 64105).",
    },
    errors: {
      noCredits: '{{message}}',
      refused: "L'appel n'a pas pu démarrer : {{message}}",
    },
    seeCredits: 'Obtenir des crédits',
  },
  // Said on the voice and phone test cards before a call starts.
  cost: {
    note: 'Consomme des minutes : 1 crédit par minute entamée, pris sur votre solde.',
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
