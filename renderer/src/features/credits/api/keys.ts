/** Query keys of the credits feature (one factory). */
export const creditsKeys = {
  all: ['credits'] as const,
  packs: () => [...creditsKeys.all, 'packs'] as const,
  subscription: (userId: string) => [...creditsKeys.all, 'subscription', userId] as const,
  history: (userId: string) => [...creditsKeys.all, 'history', userId] as const,
  usage: (userId: string) => [...creditsKeys.all, 'usage', userId] as const,
  whatsappUsage: (userId: string) => [...creditsKeys.all, 'whatsapp-usage', userId] as const,
  billingStatus: () => [...creditsKeys.all, 'billing-status'] as const,
};
