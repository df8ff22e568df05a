/** The notification feed and the desktop notifications. */
export const notificationsEn = {
  feed: {
    title: 'Notifications',
    unread_one: '{{count}} unread notification',
    unread_other: '{{count}} unread notifications',
    markAllRead: 'Mark all as read',
    empty: 'No notifications',
    emptyHelp: 'New conversations, failed calls and low credit show up here.',
    unreadLabel: 'Unread',
  },
  kinds: {
    newConversation: {
      title: 'New conversation',
      body: 'A visitor started a conversation ({{channel}}).',
      bodyAgent: '{{agent}}: a visitor started a conversation ({{channel}}).',
    },
    failedCall: {
      title: 'Call not completed',
      body: '{{channel}} call {{status}}.',
      bodyFrom: '{{channel}} call from {{from}} {{status}}.',
    },
    lowCredit: {
      title: 'Low credit',
      body_one: '{{count}} credit left. Top up to keep your agents answering calls.',
      body_other: '{{count}} credits left. Top up to keep your agents answering calls.',
    },
  },
  channels: {
    web_chat: 'Web chat',
    web_voice: 'Browser voice',
    phone: 'Phone',
    whatsapp: 'WhatsApp',
    other: 'Other channel',
  },
  callStatus: {
    failed: 'failed',
    busy: 'was busy',
    'no-answer': 'went unanswered',
  },
};
