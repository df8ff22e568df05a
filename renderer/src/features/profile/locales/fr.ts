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
    emailAlertsHelp: 'Appels, messages et alertes de crédits bas.',
    featureAnnouncements: 'Annonces de fonctionnalités',
    featureAnnouncementsHelp: 'Les nouveautés de Concierge.',
    usageReports: "Rapports d'utilisation",
    usageReportsHelp: "Un résumé périodique de l'activité de vos agents.",
    languageTitle: 'Langue',
    languageLabel: "Langue de l'interface",
    languages: { en: 'English', fr: 'Français' },
    saved: 'Paramètres enregistrés',
  },
};
