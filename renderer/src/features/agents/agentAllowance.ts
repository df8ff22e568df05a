/** The user's agents used of what their pack allows; `max` null means no limit. */
export interface AgentAllowance {
  used: number;
  max: number | null;
  packId: string;
  packName: string;
}

/** Whether creating one more agent would be refused (the insert trigger's own comparison). */
export function allowanceFull(allowance: AgentAllowance): boolean {
  return allowance.max !== null && allowance.used >= allowance.max;
}
