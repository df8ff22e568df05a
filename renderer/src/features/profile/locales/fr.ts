import type { profileEn } from './en.ts';

export const profileFr: typeof profileEn = {
  page: {
    title: 'Mon profil',
    tabProfile: 'Profil',
    tabSettings: 'Paramètres',
    tabCredits: 'Crédits',
  },
  profile: {
    avatarAlt: 'Photo de profil',
    changeAvatar: 'Changer la photo',
    browse: 'Parcourir',
    uploading: 'Envoi…',
    name: 'Nom',
    email: 'E-mail',
    save: 'Enregistrer',
    saved: 'Profil enregistré',
    adminBadge: 'Admin',
    signOut: 'Se déconnecter',
  },
  settings: {
    notificationsTitle: 'Notifications',
    emailAlerts: 'Alertes par e-mail',
    emailAlertsHelp: 'Un e-mail quand un appel n’aboutit pas et quand vos crédits s’épuisent.',
    featureAnnouncements: 'Annonces de fonctionnalités',
    featureAnnouncementsHelp: 'Un e-mail quand Concierge annonce une nouvelle fonctionnalité.',
    usageReports: "Rapports d'utilisation",
    usageReportsHelp:
      'Un e-mail mensuel résumant le mois écoulé : conversations par canal, appels et minutes, messages et crédits utilisés.',
    desktopTitle: 'Notifications du bureau',
    desktopConversations: 'Nouvelles conversations',
    desktopConversationsHelp: 'Quand un visiteur commence une conversation avec l’un de vos agents.',
    desktopFailedCalls: 'Appels échoués',
    desktopFailedCallsHelp:
      'Appels téléphoniques échoués, occupés ou sans réponse, et appels vocaux du navigateur échoués.',
    desktopLowCredit: 'Crédit faible',
    desktopLowCreditHelp: 'Quand votre solde passe sous {{threshold}} crédits.',
    languageTitle: 'Langue',
    languageLabel: "Langue de l'interface",
    languages: { en: 'English', fr: 'Français' },
    saved: 'Paramètres enregistrés',
  },
};
