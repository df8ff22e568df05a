import { describe, expect, it } from 'vitest';
import { emptyConnector, savedConnector, toggledConnector, webhookUrlProblem } from './connectorModel.ts';

const now = new Date('2026-11-22T10:00:00Z');

describe('webhook URL rules', () => {
  it.each([
    ['', 'empty'],
    ['   ', 'empty'],
    ['hooks.zapier.com/abc', 'invalid'],
    ['http://hooks.zapier.com/hooks/catch/1/abc', 'notHttps'],
    ['https://user:pw@hook.eu1.make.com/abc', 'invalid'],
    ['https://localhost/abc', 'invalid'],
    ['https://hooks.zapier.com/hooks/catch/123/abc/', null],
    [' https://hook.eu1.make.com/abcdef ', null],
  ])('%j → %s', (url, problem) => {
    expect(webhookUrlProblem(url)).toBe(problem);
  });
});

describe('connector transitions', () => {
  it('saving enables with the trimmed URL and clears the disconnection', () => {
    expect(savedConnector('zapier', ' https://hooks.zapier.com/x ', now)).toEqual({
      kind: 'zapier',
      enabled: true,
      webhookUrl: 'https://hooks.zapier.com/x',
      connectedAt: now.toISOString(),
      disconnectedAt: null,
    });
  });

  it('toggling off keeps the URL and records the disconnection; on reverses it', () => {
    const saved = savedConnector('make', 'https://hook.eu1.make.com/x', new Date('2026-11-01T00:00:00Z'));
    const off = toggledConnector(saved, false, now);
    expect(off).toMatchObject({
      enabled: false,
      webhookUrl: saved.webhookUrl,
      connectedAt: null,
      disconnectedAt: now.toISOString(),
    });
    expect(toggledConnector(off, true, now)).toMatchObject({
      enabled: true,
      webhookUrl: saved.webhookUrl,
      connectedAt: now.toISOString(),
      disconnectedAt: null,
    });
    expect(emptyConnector('make')).toMatchObject({ enabled: false, webhookUrl: '' });
  });
});
