import type { billingEn } from './en.ts';

/** Facturation (admin). */
export const billingFr: typeof billingEn = {
  title: 'Facturation',
  totals: {
    revenue: "Chiffre d'affaires total",
    refunds: 'Remboursements',
    subscriptions: 'Abonnements actifs',
    credits: 'Crédits achetés',
  },
  byMonth: 'Par mois',
  months: {
    month: 'Mois',
    revenue: "Chiffre d'affaires",
    refunds: 'Remboursements',
    purchased: 'Crédits achetés',
    granted: 'Crédits offerts',
    used: 'Crédits consommés',
    started: 'Abonnements souscrits',
    running: 'Abonnements en cours',
  },
  transactions: 'Transactions',
  table: { date: 'Date', kind: 'Type', user: 'Utilisateur', pack: 'Pack', amount: 'Montant', credits: 'Crédits' },
  kind: { payment: 'Paiement', refund: 'Remboursement' },
  noTransactions: 'Aucune transaction pour le moment',
  exportCsv: 'Exporter en CSV',
  exportFailed: "L'export a échoué. Veuillez réessayer.",
  page: 'Page {{page}} sur {{pages}}',
  previous: 'Page précédente',
  next: 'Page suivante',
};
