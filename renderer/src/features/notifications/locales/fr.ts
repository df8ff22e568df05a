import type { notificationsEn } from './en.ts';

/** Le fil de notifications et les notifications du bureau. */
export const notificationsFr: typeof notificationsEn = {
  feed: {
    title: 'Notifications',
    unread_one: '{{count}} notification non lue',
    unread_other: '{{count}} notifications non lues',
    markAllRead: 'Tout marquer comme lu',
    empty: 'Aucune notification',
    emptyHelp: 'Les nouvelles conversations, les appels échoués et le crédit faible apparaissent ici.',
    unreadLabel: 'Non lue',
  },
  kinds: {
    newConversation: {
      title: 'Nouvelle conversation',
      body: 'Un visiteur a commencé une conversation ({{channel}}).',
      bodyAgent: '{{agent}} : un visiteur a commencé une conversation ({{channel}}).',
    },
    failedCall: {
      title: 'Appel non abouti',
      body: 'Appel {{channel}} : {{status}}.',
      bodyFrom: 'Appel {{channel}} de {{from}} : {{status}}.',
    },
    lowCredit: {
      title: 'Crédit faible',
      body_one: 'Il reste {{count}} crédit. Rechargez pour que vos agents continuent de répondre aux appels.',
      body_other: 'Il reste {{count}} crédits. Rechargez pour que vos agents continuent de répondre aux appels.',
    },
  },
  channels: {
    web_chat: 'Chat web',
    web_voice: 'Voix navigateur',
    phone: 'Téléphone',
    whatsapp: 'WhatsApp',
    other: 'Autre canal',
  },
  callStatus: {
    failed: 'échec',
    busy: 'occupé',
    'no-answer': 'sans réponse',
  },
};
