import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attemptUpdate, serviceRow, startCast, visibleRows, type Cast } from './support/actors.ts';

/** Migration 20261121210000: the Settings tab's notification toggles live on the profile row. */
let cast: Cast;
beforeAll(async () => {
  cast = await startCast();
});
afterAll(async () => {
  await cast?.stack.stop();
});

interface NotificationColumns extends Record<string, unknown> {
  notify_email_alerts: boolean;
  notify_feature_announcements: boolean;
  notify_usage_reports: boolean;
}

describe('profile notification settings', () => {
  it('a new profile starts with email alerts and announcements on, usage reports off', async () => {
    const row = await serviceRow<NotificationColumns>(cast.service, 'profiles', { id: cast.otherOwner.id });
    expect(row).toMatchObject({
      notify_email_alerts: true,
      notify_feature_announcements: true,
      notify_usage_reports: false,
    });
  });

  it('an owner saves their own three toggles', async () => {
    const patch = { notify_email_alerts: false, notify_feature_announcements: false, notify_usage_reports: true };
    expect(await attemptUpdate(cast.owner.client, 'profiles', patch, { id: cast.owner.id })).toBe(1);
    expect(await serviceRow(cast.service, 'profiles', { id: cast.owner.id })).toMatchObject(patch);
    const own = await visibleRows(cast.owner.client, 'profiles', { id: cast.owner.id });
    expect(own?.[0]).toMatchObject(patch);
  });

  it('an owner cannot change another owner’s toggles', async () => {
    expect(
      await attemptUpdate(cast.owner.client, 'profiles', { notify_usage_reports: true }, { id: cast.otherOwner.id }),
    ).toBe(0);
    expect(
      (await serviceRow<NotificationColumns>(cast.service, 'profiles', { id: cast.otherOwner.id }))
        ?.notify_usage_reports,
    ).toBe(false);
  });

  it('a visitor cannot change anyone’s toggles', async () => {
    expect(await attemptUpdate(cast.anon, 'profiles', { notify_email_alerts: false }, { id: cast.otherOwner.id })).toBe(
      0,
    );
  });

  it('saving toggles together with credits is refused as a whole', async () => {
    const before = await serviceRow<NotificationColumns & { credits: number }>(cast.service, 'profiles', {
      id: cast.owner.id,
    });
    const patch = { notify_email_alerts: true, credits: 5000 };
    expect(await attemptUpdate(cast.owner.client, 'profiles', patch, { id: cast.owner.id })).toBe(0);
    const after = await serviceRow<NotificationColumns & { credits: number }>(cast.service, 'profiles', {
      id: cast.owner.id,
    });
    expect(after?.credits).toBe(before?.credits);
    expect(after?.notify_email_alerts).toBe(before?.notify_email_alerts);
  });

  it('a toggle only accepts a boolean', async () => {
    const { error } = await cast.owner.client
      .from('profiles')
      .update({ notify_email_alerts: 'sometimes' })
      .eq('id', cast.owner.id);
    expect(error?.code).toBe('22P02');
  });
});

describe('profile language at sign-up', () => {
  it('takes en or fr from the sign-up metadata and ignores anything else', async () => {
    const make = async (lang: unknown) => {
      const { data } = await cast.service.auth.admin.createUser({
        email: `lang-${String(lang)}-${Date.now()}@example.com`,
        password: 'secret-123',
        user_metadata: { name: 'Lang', lang },
      });
      return (await serviceRow<{ lang: string }>(cast.service, 'profiles', { id: data.user!.id }))?.lang;
    };
    expect(await make('fr')).toBe('fr');
    expect(await make('en')).toBe('en');
    expect(await make('de')).toBe('en');
    expect(await make(undefined)).toBe('en');
  });
});
