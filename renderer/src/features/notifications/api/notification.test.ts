import { describe, expect, it } from 'vitest';
import { createI18n } from '../../../i18n/index.ts';
import { toFeedNotification, wordNotification, type NotificationRow } from './notification.ts';

const row = (patch: Partial<NotificationRow>): NotificationRow => ({
  id: 'n1',
  kind: 'new_conversation',
  route: '/conversations/c1',
  data: {},
  created_at: '2026-11-26T10:00:00Z',
  read_at: null,
  ...patch,
});

describe('feed notifications', () => {
  it('reads a row, keeping the facts it knows and dropping malformed ones', () => {
    expect(toFeedNotification(row({ data: { agentName: 'Front desk', channel: 'phone', balance: 'lots' } }))).toEqual({
      id: 'n1',
      kind: 'new_conversation',
      route: '/conversations/c1',
      data: { agentName: 'Front desk', channel: 'phone' },
      createdAt: '2026-11-26T10:00:00Z',
      read: false,
    });
    expect(toFeedNotification(row({ read_at: '2026-11-26T11:00:00Z' }))?.read).toBe(true);
  });

  it('skips a kind this console does not know', () => {
    expect(toFeedNotification(row({ kind: 'invoice_ready' }))).toBeNull();
  });

  it('words each kind in English and French', () => {
    const en = createI18n('en').t;
    const fr = createI18n('fr').t;
    const conversation = toFeedNotification(row({ data: { agentName: 'Front desk', channel: 'web_chat' } }))!;
    expect(wordNotification(en, conversation)).toEqual({
      title: 'New conversation',
      body: 'Front desk: a visitor started a conversation (Web chat).',
    });
    const busy = toFeedNotification(
      row({ kind: 'failed_call', route: '/calls', data: { channel: 'phone', status: 'busy', from: '+33600000001' } }),
    )!;
    expect(wordNotification(en, busy).body).toBe('Phone call from +33 6 00 00 00 01 was busy.');
    expect(wordNotification(fr, busy)).toEqual({
      title: 'Appel non abouti',
      body: 'Appel Téléphone de +33 6 00 00 00 01 : occupé.',
    });
    const low = toFeedNotification(row({ kind: 'low_credit', route: '/credits', data: { balance: 9 } }))!;
    expect(wordNotification(en, low)).toEqual({
      title: 'Low credit',
      body: '9 credits left. Top up to keep your agents answering calls.',
    });
    expect(wordNotification(fr, low).title).toBe('Crédit faible');
  });
});
