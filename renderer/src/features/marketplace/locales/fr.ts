import type { marketplaceEn } from './en.ts';

/** Marketplace. */
export const marketplaceFr: typeof marketplaceEn = {
  title: 'Marketplace',
  search: 'Rechercher des agents...',
  categories: {
    all: 'Tous',
    professional: 'Professionnel',
    business: 'Entreprise',
    institution: 'Institution',
    civil: 'Service public',
    other: 'Autre',
  },
  empty: 'Aucun agent trouvé',
  tryAgain: 'Réessayer',
  accessDenied: 'Accès refusé : cette marketplace est réservée aux administrateurs.',
};
