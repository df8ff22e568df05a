/** Connectors tab of /agents/{id}/configure (spec 001 §2.3, §4.5, §8). */
export const connectorsEn = {
  tab: 'Connectors',
  title: 'Connectors',
  intro:
    'Send every finished conversation to your automations. Your agent posts a signed JSON event (conversation, messages, contact) to the webhook URL.',
  loadFailed: 'Could not load the connectors.',
  zapier: {
    name: 'Zapier',
    description: 'Start a Zap for each finished conversation.',
    help: 'In Zapier, create a Zap with the trigger “Webhooks by Zapier → Catch Hook” and paste its URL here.',
    placeholder: 'https://hooks.zapier.com/hooks/catch/…',
  },
  make: {
    name: 'Make',
    description: 'Run a Make scenario for each finished conversation.',
    help: 'In Make, add a “Webhooks → Custom webhook” module to a scenario and paste its address here.',
    placeholder: 'https://hook.eu1.make.com/…',
  },
  card: {
    enabled: 'Enabled',
    disabled: 'Disabled',
    noUrl: 'No webhook URL yet',
    configure: 'Configure',
    toggle: 'Send conversations to {{name}}',
    connectedSince: 'Connected since {{date}}',
  },
  dialog: {
    title: 'Configure {{name}}',
    urlLabel: 'Webhook URL',
    urlHelp: 'Must start with https://',
    invalid: 'Enter a valid URL.',
    notHttps: 'The webhook URL must use https.',
    empty: 'Enter the webhook URL.',
    secretLabel: 'Signing secret',
    secretHelp:
      'Each request carries x-concierge-timestamp and x-concierge-signature = sha256=HMAC-SHA256(secret, "timestamp.body"). Check it to be sure the event comes from your agent.',
    cancel: 'Cancel',
    save: 'Save',
  },
  toasts: {
    saved: '{{name}} is configured and enabled.',
    enabled: '{{name}} enabled.',
    disabled: '{{name}} disabled.',
  },
  deliveries: {
    title: 'Last deliveries',
    intro: 'A conversation is sent once it has ended: at the end of a call, or after 30 minutes without a message.',
    empty: 'Nothing sent yet.',
    loadFailed: 'Could not load the deliveries.',
    when: 'When',
    connector: 'Connector',
    status: 'Status',
    answer: 'Answer',
    attempts: 'Attempts',
    statuses: {
      pending: 'Retrying',
      delivered: 'Delivered',
      failed: 'Failed',
      cancelled: 'Cancelled',
    },
  },
};
