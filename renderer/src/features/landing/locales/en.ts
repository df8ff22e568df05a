/** Landing page. */
export const landingEn = {
  nav: {
    label: 'Landing navigation',
    features: 'Features',
    industries: 'Industries',
    integrations: 'Integrations',
    pricing: 'Pricing',
    enterprise: 'Enterprise',
    signIn: 'Sign In',
    startTrial: 'Start Free Trial',
    accessDashboard: 'Access Dashboard',
    bookDemo: 'Book Demo',
    language: 'Language',
  },
  hero: {
    title: 'AI assistants that answer your customers, day and night',
    subtitle:
      'Concierge answers phone calls, WhatsApp messages and web chat for your business: it takes orders, books appointments and reports what your customers ask.',
    claims: {
      setup: 'Setup in 5 minutes',
      languages: '50+ languages',
      uptime: '99.9% uptime',
      always: 'Available 24/7',
    },
  },
  features: {
    title: 'Everything your front desk does, automated',
    phone: {
      title: 'AI phone assistant',
      body: 'A natural voice answers every call, understands the request and replies from your own knowledge base.',
    },
    orders: {
      title: 'Order taking',
      body: 'Customers order by phone, chat or WhatsApp; the assistant confirms items, quantities and pickup time.',
    },
    appointments: {
      title: 'Appointment booking',
      body: 'Bookings go straight into your calendar, with confirmations and reminders.',
    },
    analytics: {
      title: 'Business analytics',
      body: 'Calls, conversations and contacts in one dashboard, with the questions customers ask most.',
    },
  },
  industries: {
    title: 'Built for businesses that live on the phone',
    healthcare: {
      title: 'Healthcare',
      body: 'Appointment scheduling, practice information and after-hours triage messages.',
    },
    food: { title: 'Food & restaurant', body: 'Take-away orders, table reservations, menus and opening hours.' },
    realEstate: { title: 'Real estate', body: 'Listing questions, visit booking and lead qualification.' },
    beauty: { title: 'Beauty & wellness', body: 'Bookings for treatments, prices and availability, at any hour.' },
  },
  integrations: {
    title: 'Works with the tools you already use',
    calendars: { title: 'Calendars', body: 'Google Calendar and other calendars for real-time availability.' },
    crm: { title: 'CRM', body: 'Contacts and call summaries sent to your CRM.' },
    shop: { title: 'Shop & payments', body: 'Your shop and payment tools for orders and deposits.' },
  },
  pricing: {
    title: 'Simple pricing in USD',
    subtitle: 'Start with 30 free minutes. 1 credit = 1 minute of voice calls.',
    getStarted: 'Get Started',
    empty: 'No pricing plans available at the moment.',
    error: 'Unable to load pricing plans: {{message}}',
  },
  enterprise: {
    title: 'Enterprise',
    body: 'Many locations, high call volumes or custom integrations? The Enterprise plan brings unlimited users, unlimited WhatsApp conversations, premium CRM integrations and 24/7 support.',
    cta: 'Start with a free trial',
  },
  footer: {
    tagline: 'AI voice and chat assistants for businesses.',
    privacy: 'Privacy Policy',
    legal: 'Legal Notice',
    terms: 'Terms of Service',
    privacySettings: 'Privacy Settings',
    copyright: '© 2025 Concierge. All rights reserved.',
    seat: 'Company based in Wyoming, US.',
  },
  mobileBar: {
    label: 'Quick actions',
    features: 'Features',
    pricing: 'Pricing',
    demo: 'Demo',
  },
};
