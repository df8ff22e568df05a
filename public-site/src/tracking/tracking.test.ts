// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { CONSENT_KEY, readConsent, writeConsent } from './consent.ts';
import { startTrackers, trackersOf } from './trackers.ts';

afterEach(() => {
  document.head.replaceChildren();
  delete document.documentElement.dataset.trackingStarted;
  const w = window as unknown as Record<string, unknown>;
  for (const name of ['dataLayer', 'gtag', 'fbq', '_fbq']) delete w[name];
  localStorage.clear();
});

const scriptSources = () => [...document.querySelectorAll('script')].map((s) => s.src);

describe('startTrackers', () => {
  it('loads each enabled tracker from its vendor and queues its configuration, without inline scripts', () => {
    const started = startTrackers({ googleAnalytics: 'G-ABCDEF1234', googleTagManager: 'GTM-AB12', metaPixel: '123' });
    expect(started).toEqual(['googleAnalytics', 'googleTagManager', 'metaPixel']);
    expect(scriptSources()).toEqual([
      'https://www.googletagmanager.com/gtag/js?id=G-ABCDEF1234',
      'https://www.googletagmanager.com/gtm.js?id=GTM-AB12',
      'https://connect.facebook.net/en_US/fbevents.js',
    ]);
    expect([...document.querySelectorAll('script')].every((s) => s.textContent === '')).toBe(true);
    const w = window as unknown as { dataLayer: unknown[]; fbq: { queue: unknown[][] } };
    expect(w.dataLayer.map((entry) => Array.from(entry as ArrayLike<unknown>)[0] ?? entry)).toEqual([
      'js',
      'config',
      expect.objectContaining({ event: 'gtm.js' }),
    ]);
    expect(w.fbq.queue).toEqual([
      ['init', '123'],
      ['track', 'PageView'],
    ]);
  });

  it('starts nothing twice and nothing that is off', () => {
    startTrackers({ googleAnalytics: 'G-ABCDEF1234' });
    expect(startTrackers({ googleAnalytics: 'G-ABCDEF1234' })).toEqual([]);
    expect(scriptSources()).toHaveLength(1);
    expect(trackersOf({})).toEqual([]);
  });
});

describe('consent', () => {
  it('remembers accept and refuse, and forgets', () => {
    expect(readConsent()).toBeNull();
    writeConsent('granted');
    expect(localStorage.getItem(CONSENT_KEY)).toBe('granted');
    expect(readConsent()).toBe('granted');
    writeConsent('denied');
    expect(readConsent()).toBe('denied');
    writeConsent(null);
    expect(readConsent()).toBeNull();
  });

  it('never reads a broken or unknown value as consent', () => {
    localStorage.setItem(CONSENT_KEY, 'yes');
    expect(readConsent()).toBeNull();
    const throwing = {
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('blocked');
      },
      removeItem: () => undefined,
    };
    expect(readConsent(throwing)).toBeNull();
    expect(() => writeConsent('granted', throwing)).not.toThrow();
  });
});
