/** Legal pages: the privacy policy's 11 sections and the legal notice. */
export const legalEn = {
  backHome: 'Back to Home',
  lastUpdated: 'Last updated: {{date}}',
  contents: 'Contents',
  privacy: {
    title: 'Privacy Policy',
    intro:
      'How Concierge collects, uses and protects personal information when you use our website, console and AI assistants.',
    sections: {
      introduction: {
        title: '1. Introduction and scope',
        p1: 'This policy applies to the Concierge website, the management console, the public assistant pages and the phone, WhatsApp, chat and voice channels our AI assistants answer on behalf of our business customers.',
        p2: 'For conversations between an assistant and a business’s own customers, that business is the controller and Concierge acts as its processor.',
      },
      informationCollected: {
        title: '2. Information we collect',
        p1: 'Account data: name, email address, password (stored only as a hash), language, profile picture and notification preferences.',
        p2: 'Service data: agents you configure, knowledge files you upload, conversations, call recordings and transcripts, phone numbers, contacts and credit transactions.',
        p3: 'Technical data: sign-in times and, only with your consent, anonymous page views and clicks.',
      },
      useOfInformation: {
        title: '3. How we use information',
        p1: 'To provide the service (run your assistants, bill credits, show your statistics), to secure accounts, to answer support requests and, with your consent, to improve our pages.',
        p2: 'We do not sell personal information and we do not use it for advertising.',
      },
      aiVoiceProcessing: {
        title: '4. AI and voice processing',
        p1: 'Messages and call audio are processed by AI models to understand requests and produce replies. Calls may be recorded and transcribed when the business enables it; callers are informed at the start of the call.',
        p2: 'Content sent to AI providers is used only to produce the reply and is not used by us to train models.',
      },
      informationSharing: {
        title: '5. Information sharing',
        p1: 'We share information only with the providers that run the service for us (hosting, AI models, telephony, messaging and payment), under contracts that limit their use to our instructions, or when the law requires it.',
      },
      internationalTransfers: {
        title: '6. International transfers',
        p1: 'Concierge is based in the United States. When data leaves the European Economic Area, the United Kingdom or Switzerland, we rely on the European Commission’s Standard Contractual Clauses or an equivalent safeguard.',
      },
      privacyRights: {
        title: '7. Your privacy rights',
        p1: 'You can access, correct, export or delete your personal information, object to or restrict its processing, and withdraw consent at any time (Privacy Settings in the site footer).',
        p2: 'Most of these actions are available in your profile; for the others, contact our Data Protection Officer (see the Legal Notice).',
      },
      tcpaCompliance: {
        title: '8. TCPA compliance',
        p1: 'Our assistants answer calls and messages started by consumers. Businesses that use Concierge for outbound calls or messages must obtain the prior express consent the Telephone Consumer Protection Act requires and honour opt-out requests such as STOP.',
      },
      dataSecurityRetention: {
        title: '9. Data security and retention',
        p1: 'Data is encrypted in transit, access is limited by row-level security so each account sees only its own data, and passwords are hashed.',
        p2: 'We keep account data while the account is open and delete it within 30 days of closure, except where the law requires longer retention (for example billing records).',
      },
      regionalCompliance: {
        title: '10. Regional compliance',
        p1: 'European Union and United Kingdom: GDPR and UK GDPR rights apply, including the right to complain to your supervisory authority.',
        p2: 'California: CCPA/CPRA rights to know, delete, correct and opt out; we do not sell or share personal information for cross-context advertising.',
      },
      updatesContact: {
        title: '11. Updates and contact',
        p1: 'We will announce material changes to this policy in the console before they take effect. Questions: contact our Data Protection Officer as described in the Legal Notice.',
      },
    },
  },
  notice: {
    title: 'Legal Notice',
    intro: 'Information about the publisher of the Concierge service.',
    sections: {
      company: {
        title: 'Company information',
        p1: 'Concierge is published by a company based in Wyoming, United States.',
      },
      representatives: {
        title: 'Legal representatives',
        p1: 'The publication director is the company’s managing member. A Data Protection Officer (DPO) handles all questions about personal data and the exercise of your rights.',
      },
      terms: {
        title: 'Terms of service',
        p1: 'Using Concierge means accepting these terms: you are responsible for the content of your agents and knowledge bases, for informing your callers, and for using the service lawfully. Credits are consumed at 1 credit per minute of voice call; purchased credits are not refundable once used.',
        p2: 'We provide the service with care and aim for 99.9% availability, but cannot guarantee it will be uninterrupted. Either party may end the service at any time; your data is then deleted as described in the Privacy Policy.',
      },
      compliance: {
        title: 'Legal compliance',
        p1: 'The service is operated under the laws of the State of Wyoming and United States federal law, including the TCPA and CAN-SPAM, and complies with the international rules that apply to our customers, such as the GDPR for European users.',
      },
      hosting: {
        title: 'Hosting',
        p1: 'The service runs on Supabase (database, authentication, file storage and edge functions) on cloud infrastructure. Self-hosted installations are hosted by their operator.',
      },
      copyright: {
        title: 'Copyright',
        p1: '© 2025 Concierge. All rights reserved. The Concierge source code is published under the MIT licence; the brand, texts and images of this website may not be reused without permission.',
      },
    },
  },
};
