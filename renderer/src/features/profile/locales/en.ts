/** Profile page (spec 000 §2.4). */
export const profileEn = {
  page: {
    title: 'My profile',
    tabProfile: 'Profile',
    tabSettings: 'Settings',
    tabCredits: 'Credits',
  },
  profile: {
    avatarAlt: 'Profile picture',
    changeAvatar: 'Change picture',
    browse: 'Browse',
    uploading: 'Uploading…',
    name: 'Name',
    email: 'Email',
    save: 'Save',
    saved: 'Profile saved',
    adminBadge: 'Admin',
    signOut: 'Sign out',
  },
  settings: {
    notificationsTitle: 'Notifications',
    emailAlerts: 'Email alerts',
    emailAlertsHelp: 'Calls, messages and low-credit warnings.',
    featureAnnouncements: 'Feature announcements',
    featureAnnouncementsHelp: 'News about Concierge features.',
    usageReports: 'Usage reports',
    usageReportsHelp: 'A periodic summary of your agents’ activity.',
    languageTitle: 'Language',
    languageLabel: 'Interface language',
    languages: { en: 'English', fr: 'Français' },
    saved: 'Settings saved',
  },
};
