import type { ConversationEndpoint } from '@conversation/api.ts';
import { voiceAvailability, type VoiceAvailability } from '@conversation/call/voiceApi.ts';
import { useQuery } from '@tanstack/react-query';

/**
 * Whether the owner can call the agent from the sandbox, asked of voice-session before any button
 * is pressed (as the public page's AI Call does): `no_provider` means offline mode (no OpenAI key),
 * which also leaves voice messages without transcription.
 */
export function useVoiceAvailabilityQuery(endpoint: ConversationEndpoint, agentId: string) {
  return useQuery<VoiceAvailability>({
    queryKey: ['sandbox', 'voice-availability', agentId],
    queryFn: () => voiceAvailability(endpoint, { id: agentId }),
    staleTime: 60_000,
  });
}
