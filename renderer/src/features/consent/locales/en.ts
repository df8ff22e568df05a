/** Consent tool (landing footer 'Privacy Settings'). */
export const consentEn = {
  title: 'Privacy Settings',
  intro:
    'We use storage that the site needs to work, and, only if you agree, anonymous analytics to improve our pages.',
  necessary: 'Strictly necessary (always on)',
  necessaryHelp: 'Keeps you signed in and remembers your language and this choice.',
  analytics: 'Analytics',
  analyticsHelp: 'Anonymous page views and button clicks, stored by us. No advertising trackers.',
  policyLink: 'Read our privacy policy',
  rejectAll: 'Reject all',
  save: 'Save choices',
  acceptAll: 'Accept all',
  bannerText: 'We use anonymous analytics only with your consent.',
  customise: 'Privacy Settings',
};
