import type { Messages } from './en.ts';

export const fr = {
  loading: {
    label: 'Chargement…',
  },
  notFound: {
    title: 'Agent introuvable',
    body: "L'agent que vous recherchez n'existe pas ou a été supprimé.",
  },
  home: {
    chat: 'Chat IA',
    call: 'Appel IA',
  },
  tabs: {
    label: 'Sections',
    home: 'Accueil',
    about: 'À propos',
    media: 'Médias',
    videos: 'Vidéos',
  },
  about: {
    title: 'À propos',
    default: 'Bienvenue ! Je suis là pour répondre à vos questions et vous aider, à toute heure.',
  },
  media: {
    title: 'Médias',
    empty: 'Aucun média disponible',
    open: "Ouvrir l'image {index}",
    close: 'Fermer',
    viewer: "Visionneuse d'images",
  },
  videos: {
    title: 'Vidéos',
    empty: 'Aucune vidéo disponible',
    untitled: 'Vidéo {index}',
  },
  topBar: {
    qr: 'Afficher le QR code',
    share: 'Partager',
  },
  qr: {
    title: 'Scanner le QR code',
    body: 'Scannez ce QR code pour ouvrir cette page sur un autre appareil',
    close: 'Fermer',
    image: 'QR code pour {url}',
  },
  share: {
    copied: 'Lien copié !',
    failed: 'Impossible de copier le lien',
  },
  footer: {
    terms: "Conditions d'utilisation",
    sitemap: 'Plan du site',
    social: 'Page {network}',
    privacy: 'Paramètres de confidentialité',
  },
  consent: {
    label: 'Consentement aux cookies',
    body: "Cette page souhaite mesurer son audience avec des cookies ({vendors}). Rien n'est chargé sans votre accord.",
    accept: 'Accepter',
    refuse: 'Refuser',
  },
  call: {
    unavailableTitle: 'Appels vocaux indisponibles',
    unavailableBody:
      "Les appels vocaux ne sont pas disponibles sur cette page : aucun fournisseur vocal n'est configuré. Vous pouvez discuter avec l'assistant par écrit.",
    noCreditsBody:
      "Cet assistant n'a plus de minutes d'appel vocal : il ne peut pas prendre d'appel pour le moment. Vous pouvez discuter avec lui par écrit.",
    checking: 'Vérification de la disponibilité vocale…',
    useChat: 'Ouvrir le chat',
    close: 'Fermer',
  },
  agent: {
    defaultHeroTitle: 'Assistant IA',
    available: 'Disponible 24h/24, 7j/7',
    avatarAlt: 'Avatar de {name}',
  },
} satisfies Messages;
