import { describe, expect, it } from 'vitest';
import { widgetDialogState, widgetSnippet } from './widgetDomain.ts';

describe('widgetDialogState', () => {
  it('flags an invalid domain only once something is typed', () => {
    expect(widgetDialogState('', null)).toEqual({ domain: null, invalid: false, unchanged: false });
    expect(widgetDialogState('nope', null).invalid).toBe(true);
  });
  it('treats the saved domain of an enabled widget as unchanged, whatever its spelling', () => {
    const saved = { domain: 'shop.example.com', enabled: true };
    expect(widgetDialogState('https://SHOP.example.com/', saved).unchanged).toBe(true);
    expect(widgetDialogState('other.example.com', saved).unchanged).toBe(false);
    // A disabled widget can be enabled again with the same domain.
    expect(widgetDialogState('shop.example.com', { ...saved, enabled: false }).unchanged).toBe(false);
  });
});

it('widgetSnippet builds the script tag', () => {
  expect(widgetSnippet('https://a.example.com/api/live-audio-widget')).toBe(
    '<script src="https://a.example.com/api/live-audio-widget" async></script>',
  );
});
