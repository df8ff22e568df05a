import type { consentEn } from './en.ts';

export const consentFr: typeof consentEn = {
  title: 'Paramètres de confidentialité',
  intro:
    'Nous utilisons le stockage nécessaire au fonctionnement du site et, seulement avec votre accord, des statistiques anonymes pour améliorer nos pages.',
  necessary: 'Strictement nécessaire (toujours actif)',
  necessaryHelp: 'Vous garde connecté et mémorise votre langue ainsi que ce choix.',
  analytics: "Mesure d'audience",
  analyticsHelp: 'Pages vues et clics anonymes, conservés par nous. Aucun traceur publicitaire.',
  policyLink: 'Lire notre politique de confidentialité',
  rejectAll: 'Tout refuser',
  save: 'Enregistrer mes choix',
  acceptAll: 'Tout accepter',
  bannerText: "Nous n'utilisons des statistiques anonymes qu'avec votre consentement.",
  customise: 'Paramètres de confidentialité',
};
