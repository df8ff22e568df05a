/** Profile page. */
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
    emailAlertsHelp: 'An email when a call is not completed and when your credit runs low.',
    featureAnnouncements: 'Feature announcements',
    featureAnnouncementsHelp: 'An email when Concierge announces a new feature.',
    usageReports: 'Usage reports',
    usageReportsHelp:
      'A monthly email summarising last month: conversations by channel, calls and minutes, messages and credits used.',
    desktopTitle: 'Desktop notifications',
    desktopConversations: 'New conversations',
    desktopConversationsHelp: 'When a visitor starts a conversation with one of your agents.',
    desktopFailedCalls: 'Failed calls',
    desktopFailedCallsHelp:
      'Phone calls that failed, were busy or went unanswered, and browser voice calls that failed.',
    desktopLowCredit: 'Low credit',
    desktopLowCreditHelp: 'When your balance falls under {{threshold}} credits.',
    languageTitle: 'Language',
    languageLabel: 'Interface language',
    languages: { en: 'English', fr: 'Français' },
    saved: 'Settings saved',
  },
};
