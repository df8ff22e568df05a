import { describe, expect, it } from 'vitest';
import { wantsDesktopNotification } from './desktop.ts';

const base = {
  emailAlerts: true,
  featureAnnouncements: true,
  usageReports: true,
  desktopConversations: false,
  desktopFailedCalls: false,
  desktopLowCredit: false,
};

describe('desktop notification toggles', () => {
  it('follow the owner’s toggle for each kind, and only that one', () => {
    expect(wantsDesktopNotification(base, 'new_conversation')).toBe(false);
    expect(wantsDesktopNotification({ ...base, desktopConversations: true }, 'new_conversation')).toBe(true);
    expect(wantsDesktopNotification({ ...base, desktopConversations: true }, 'failed_call')).toBe(false);
    expect(wantsDesktopNotification({ ...base, desktopFailedCalls: true }, 'failed_call')).toBe(true);
    expect(wantsDesktopNotification({ ...base, desktopLowCredit: true }, 'low_credit')).toBe(true);
    expect(wantsDesktopNotification({ ...base, desktopLowCredit: true }, 'new_conversation')).toBe(false);
  });
});
