/** Query keys of the WhatsApp messages feature (one factory). */
export const messagesKeys = {
  all: ['whatsapp-messages'] as const,
  threads: (userId: string, agentId: string | null) => [...messagesKeys.all, 'threads', userId, agentId ?? ''] as const,
  thread: (userId: string, agentId: string | null, contact: string) =>
    [...messagesKeys.all, 'thread', userId, agentId ?? '', contact] as const,
  templates: (agentId: string) => [...messagesKeys.all, 'templates', agentId] as const,
  templateChoice: (agentId: string) => [...messagesKeys.all, 'template-choice', agentId] as const,
  /** Signed URLs are not message data: a live update must not re-sign every picture. */
  mediaUrls: (paths: string) => ['whatsapp-media-urls', paths] as const,
};
