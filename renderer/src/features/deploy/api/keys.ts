/** Query keys of the deploy feature (one factory). */
export const deployKeys = {
  all: ['deploy'] as const,
  integrations: (agentId: string) => [...deployKeys.all, 'integrations', agentId] as const,
  phone: (agentId: string) => [...deployKeys.all, 'phone', agentId] as const,
  phoneSettings: (agentId: string) => [...deployKeys.all, 'phone-settings', agentId] as const,
  whatsAppSender: (agentId: string) => [...deployKeys.all, 'whatsapp-sender', agentId] as const,
  whatsAppVoiceReplies: (agentId: string) => [...deployKeys.all, 'whatsapp-voice-replies', agentId] as const,
};
