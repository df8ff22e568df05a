import type { Locator, Page } from 'playwright-core';
import type { notificationsEn } from '../../../renderer/src/features/notifications/locales/en.ts';

/** The sidebar's notifications bell and its feed popover. */
export class NotificationsPanel {
  constructor(
    readonly page: Page,
    readonly texts: { bell: string; feed: typeof notificationsEn.feed },
  ) {}

  bell(): Locator {
    return this.page.getByRole('button', { name: this.texts.bell, exact: true });
  }

  /** The unread count on the bell ('2'), absent when everything is read. */
  unreadCount(): Locator {
    return this.page.locator('.console-notifications-count');
  }

  async open(): Promise<void> {
    await this.bell().click();
    await this.page.locator('.console-notifications').waitFor();
  }

  entries(): Locator {
    return this.page.locator('.console-notifications [data-notification]');
  }

  unreadEntries(): Locator {
    return this.page.locator('.console-notifications [data-notification][data-unread="true"]');
  }

  entry(title: string): Locator {
    return this.entries().filter({ hasText: title });
  }

  async markAllRead(): Promise<void> {
    await this.page.getByRole('button', { name: this.texts.feed.markAllRead }).click();
  }
}
