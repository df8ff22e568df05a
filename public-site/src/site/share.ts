/**
 * Share button: the device's native share sheet when there is one, otherwise the
 * link goes to the clipboard and the page says 'Link copied!'.
 */
export type ShareOutcome = 'shared' | 'cancelled' | 'copied' | 'failed';

export interface ShareHost {
  share?: (data: ShareData) => Promise<void>;
  canShare?: (data?: ShareData) => boolean;
  clipboard?: { writeText(text: string): Promise<void> };
}

export async function shareLink(host: ShareHost, data: { url: string; title: string }): Promise<ShareOutcome> {
  if (typeof host.share === 'function' && (typeof host.canShare !== 'function' || host.canShare(data))) {
    try {
      await host.share(data);
      return 'shared';
    } catch (error) {
      // The visitor closed the sheet: nothing to report. Other failures fall back to copying.
      if (error instanceof DOMException && error.name === 'AbortError') return 'cancelled';
    }
  }
  if (!host.clipboard) return 'failed';
  try {
    await host.clipboard.writeText(data.url);
    return 'copied';
  } catch {
    return 'failed';
  }
}
