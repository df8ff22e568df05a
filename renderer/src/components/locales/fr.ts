import type { commonEn } from './en.ts';

export const commonFr: typeof commonEn = {
  table: {
    empty: 'Rien à afficher pour le moment',
    loading: 'Chargement des lignes',
    sortAscending: 'Tri croissant',
    sortDescending: 'Tri décroissant',
  },
  queryState: {
    errorTitle: 'Impossible de charger ces données',
    retry: 'Réessayer',
  },
  toast: {
    dismiss: 'Fermer',
  },
};
