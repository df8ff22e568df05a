import type { VoiceAvailability } from '@conversation/call/voiceApi.ts';

/** What the sandbox says about voice before use; null while asking or when voice works. */
export type VoiceNotice = 'offline' | 'noCredits' | null;

export function voiceNotice(availability: VoiceAvailability | undefined): VoiceNotice {
  if (!availability || availability.available) return null;
  if (availability.reason === 'no_provider') return 'offline';
  if (availability.reason === 'no_credits') return 'noCredits';
  // Unreachable: the call overlay reports the failure itself if the owner tries.
  return null;
}
