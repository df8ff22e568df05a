/** Google Calendar card, its info dialog and the OAuth return page. */
export const calendarEn = {
  card: {
    title: 'Google Calendar',
    description: 'Appointments your agent books appear in your Google Calendar, and your busy times are respected.',
    toggle: 'Connect Google Calendar',
    connected: 'Connected',
    disconnected: 'Not connected',
    notConfigured: 'Google Calendar is not configured on this server.',
    info: 'About Google Calendar',
  },
  dialog: {
    title: 'Google Calendar',
    intro: 'Connect your Google account so your agent keeps your calendar up to date.',
    sync: 'Each appointment booked, moved or cancelled by your agent is created, updated or deleted in your primary calendar.',
    availability: 'Before offering a time, your agent checks when you are busy in Google Calendar.',
    privacy: 'Your Google tokens are kept on the server only and are never shown in the console.',
    disconnect: 'Turn the toggle off to disconnect; existing events stay in your calendar.',
    close: 'Close',
  },
  callback: {
    connecting: 'Connecting to Google Calendar...',
  },
  errors: {
    toggleFailed: 'Could not change the Google Calendar connection. Please try again.',
    notConfigured: 'Google Calendar is not configured on this server.',
    statusFailed: 'Could not load the Google Calendar connection.',
    exchangeFailed: 'Failed to exchange code for tokens',
  },
};
