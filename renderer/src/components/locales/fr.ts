import type { commonEn } from './en.ts';

export const commonFr: typeof commonEn = {
  // Under a field with a server limit.
  counter: {
    count: '{{value, number}} / {{max, number}}',
    full: 'Limite atteinte : {{max, number}} caractères au plus.',
    over: 'Limite de {{max, number}} caractères dépassée : raccourcissez le texte pour enregistrer.',
  },
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
  unsaved: {
    title: 'Modifications non enregistrées',
    message: 'Vous avez des modifications non enregistrées. Si vous quittez maintenant, elles seront perdues.',
    leave: 'Quitter sans enregistrer',
    stay: 'Rester',
  },
  conflict: {
    title: 'Modifié ailleurs',
    message:
      'Cet agent a été modifié dans un autre onglet ou une autre fenêtre depuis l’ouverture de cette page. Rechargez pour voir cette version (vos modifications ici sont perdues), ou écrasez-la avec la vôtre.',
    reload: 'Recharger',
    overwrite: 'Écraser',
  },
};
