/** Configure's Tools tab and the sandbox's "try this tool" action. */
export const agentToolsEn = {
  tab: 'Tools',
  title: 'Tools of your agent',
  subtitle: 'The tools your agent can use in conversations. Add, remove or try them at any time.',
  empty: 'Your agent uses no tool yet. Add one below.',
  add: 'Add',
  remove: 'Remove',
  try: 'Try this tool',
  addTitle: 'Add a tool',
  allAdded: 'Your agent already uses every tool of the catalogue.',
  added: '{{name}} added to your agent.',
  removed: '{{name}} removed from your agent.',
  needs: {
    calendarConnected: 'Google Calendar connected: bookings are copied to it.',
    calendarMissing:
      'Bookings are kept in the Concierge calendar. Connect Google Calendar in Integrations to copy them there.',
    calendarLink: 'Open Integrations',
    paymentProvider:
      'Payment links need the platform payment provider (Stripe). Without it, the agent says online payment is not available.',
  },
  sandbox: {
    title: 'Try the {{name}} tool',
    send: 'Send the test message',
  },
  sample: {
    calendar: 'I would like to book an appointment tomorrow at 10am.',
    maps: 'How do I get to you from the train station?',
    crm: 'Hello, I am Marie Martin, marie@example.com. Please keep my details.',
    email: 'Can you email me a summary of your offer at marie@example.com?',
    orders: 'I would like to order two of your products.',
    payments: 'Can you send me a payment link for 20 euros?',
    inventory: 'Do you have this item in stock?',
    messaging: 'Please text me a reminder at +33 6 12 34 56 78.',
  },
};
