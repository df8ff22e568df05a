// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '../../../i18n/index.ts';
import { messagesEn } from '../locales/en.ts';
import type { WhatsAppMessage } from '../api/threadMessages.ts';
import type { WhatsAppThread } from '../api/threads.ts';
import { MessageBubble } from './MessageBubble.tsx';
import { ThreadList } from './ThreadList.tsx';

afterEach(cleanup);

const i18n = createI18n('en');
const wrap = (node: React.ReactNode) => render(<I18nextProvider i18n={i18n}>{node}</I18nextProvider>);

const base: WhatsAppMessage = {
  id: 'm1',
  direction: 'inbound',
  profileName: 'Ana',
  body: 'Bonjour',
  media: [],
  status: 'received',
  errorCode: null,
  errorMessage: null,
  notSentReason: null,
  sentAt: '2026-11-25T10:00:00Z',
  byOwner: false,
};

describe('MessageBubble', () => {
  it('shows an image inline, a voice note with a player and a shared link, through the URLs it is given', () => {
    const message: WhatsAppMessage = {
      ...base,
      media: [
        { bucket: 'whatsapp-media', path: 'u/a/SM1/0', contentType: 'image/jpeg' },
        { bucket: 'whatsapp-media', path: 'u/a/SM1/1', contentType: 'audio/ogg' },
        { url: 'https://example.com/menu', name: 'Menu' },
      ],
    };
    const { container } = wrap(
      <ul>
        <MessageBubble
          message={message}
          mediaUrl={(item) => ('url' in item ? item.url : `https://signed.example/${item.path}`)}
        />
      </ul>,
    );
    expect(screen.getByRole('img', { name: messagesEn.media.image }).getAttribute('src')).toBe(
      'https://signed.example/u/a/SM1/0',
    );
    expect(container.querySelector('audio')?.getAttribute('src')).toBe('https://signed.example/u/a/SM1/1');
    expect(screen.getByRole('link', { name: 'Menu' }).getAttribute('href')).toBe('https://example.com/menu');
    expect(screen.getByTestId('wa-delivery').textContent).toBe(messagesEn.delivery.received);
  });

  it('labels an owner reply as the owner, the agent’s as the agent’s and the customer’s as theirs', () => {
    const outbound = { ...base, direction: 'outbound' as const, status: 'delivered' };
    wrap(
      <ul>
        <MessageBubble
          message={{ ...outbound, id: 'o', body: 'Owner words', byOwner: true }}
          mediaUrl={() => undefined}
        />
        <MessageBubble message={{ ...outbound, id: 'a', body: 'Agent words' }} mediaUrl={() => undefined} />
        <MessageBubble message={base} mediaUrl={() => undefined} />
      </ul>,
    );
    expect(screen.getAllByTestId('wa-author').map((a) => a.textContent)).toEqual([
      messagesEn.thread.owner,
      messagesEn.thread.agent,
      messagesEn.thread.customer,
    ]);
  });

  it('says why a reply was not sent, with Twilio’s code', () => {
    wrap(
      <ul>
        <MessageBubble
          message={{ ...base, direction: 'outbound', status: 'undelivered', errorCode: 63016 }}
          mediaUrl={() => undefined}
        />
      </ul>,
    );
    expect(screen.getByTestId('wa-delivery').textContent).toBe(messagesEn.delivery.failed);
    expect(screen.getByTestId('wa-failure').textContent).toBe(
      messagesEn.twilioError['63016'].replace('{{code}}', '63016'),
    );
  });

  it('says when an attachment cannot be shown instead of a broken image', () => {
    wrap(
      <ul>
        <MessageBubble
          message={{ ...base, media: [{ bucket: 'whatsapp-media', path: 'x', contentType: 'image/png' }] }}
          mediaUrl={() => undefined}
        />
      </ul>,
    );
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.getByText(messagesEn.media.unavailable)).toBeTruthy();
  });
});

const thread = (over: Partial<WhatsAppThread>): WhatsAppThread => ({
  key: 'a1|+33611111111',
  agentId: 'a1',
  agentName: 'Shop',
  contactNumber: '+33611111111',
  profileName: 'Ana',
  lastMessageAt: '2026-11-25T10:00:00Z',
  lastBody: 'Bonjour Ana',
  lastDirection: 'outbound',
  lastStatus: 'read',
  lastMediaCount: 0,
  messageCount: 2,
  failedCount: 0,
  ...over,
});

describe('ThreadList', () => {
  it('lists threads as buttons a keyboard reaches, marks the open one and names each agent', () => {
    const onSelect = vi.fn();
    wrap(
      <ThreadList
        threads={[thread({}), thread({ key: '|+33622222222', agentId: null, agentName: null, profileName: null })]}
        selectedKey="a1|+33611111111"
        onSelect={onSelect}
        showAgent
        hasMore={false}
        loadingMore={false}
        onLoadMore={() => undefined}
      />,
    );
    const buttons = screen.getAllByTestId('wa-thread');
    expect(buttons[0]!.getAttribute('aria-current')).toBe('true');
    expect(within(buttons[0]!).getByText('Ana')).toBeTruthy();
    expect(buttons[0]!.textContent).toContain(`${messagesEn.threads.replyPrefix}Bonjour Ana`);
    expect(within(buttons[1]!).getByTestId('wa-thread-agent').textContent).toBe(messagesEn.threads.deletedAgent);
    // Native buttons: focusable, and Enter/Space activate them in every browser.
    expect(buttons.map((b) => [b.tagName, b.getAttribute('type')])).toEqual([
      ['BUTTON', 'button'],
      ['BUTTON', 'button'],
    ]);
    fireEvent.click(buttons[1]!);
    expect(onSelect).toHaveBeenCalledWith(expect.objectContaining({ key: '|+33622222222' }));
  });
});
