/** Query keys of the phone numbers feature (one factory). */
export const numbersKeys = {
  all: ['phone-numbers'] as const,
  status: () => [...numbersKeys.all, 'status'] as const,
  mine: (userId: string) => [...numbersKeys.all, 'mine', userId] as const,
  search: (country: string, areaCode: string) => [...numbersKeys.all, 'search', country, areaCode] as const,
  agents: (userId: string) => [...numbersKeys.all, 'agents', userId] as const,
  addresses: () => [...numbersKeys.all, 'addresses'] as const,
  callerIds: () => [...numbersKeys.all, 'caller-ids'] as const,
};
