import type { Messages } from './en.ts';

export const fr = {
  loading: {
    label: 'Chargement…',
  },
  notFound: {
    title: 'Agent introuvable',
    body: "L'agent que vous recherchez n'existe pas ou a été supprimé.",
  },
  agent: {
    defaultHeroTitle: 'Assistant IA',
    available: 'Disponible 24h/24, 7j/7',
    avatarAlt: 'Avatar de {name}',
  },
} satisfies Messages;
