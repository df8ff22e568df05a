import { z } from 'zod';
import { AppError } from '../../../errors/appError.ts';

/** AppError code of an agent insert refused by the owner's pack (the database's hint). */
export const PACK_LIMIT_CODE = 'pack_limit_reached';

// private.enforce_agent_limit() raises PT403 with this hint and the numbers as a JSON detail.
const refusal = z.object({ hint: z.literal(PACK_LIMIT_CODE), details: z.string() });
const detail = z.object({ limit: z.literal('max_agents'), max: z.number().int().min(0), pack: z.string() });

function parseDetail(text: string): z.infer<typeof detail> | null {
  try {
    const parsed = detail.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * The pack-limit refusal of an agent insert as an AppError whose message key the wizard shows
 * (with `max` as the plural count), or null for any other failure.
 */
export function packLimitError(error: unknown): AppError | null {
  const raised = refusal.safeParse(error);
  if (!raised.success) return null;
  const numbers = parseDetail(raised.data.details);
  if (!numbers) return null;
  return new AppError({
    source: 'database',
    code: PACK_LIMIT_CODE,
    // The toast's short text; the wizard's callout gives the numbers (a plural needs a numeric count).
    messageKey: 'agents:wizard.packLimitReached',
    message: (error as { message?: string }).message ?? PACK_LIMIT_CODE,
    params: { max: String(numbers.max), pack: numbers.pack },
    status: 403,
  });
}

/** The number of agents the pack allows, when `error` is the pack-limit refusal. */
export function packLimitMax(error: unknown): number | null {
  return error instanceof AppError && error.code === PACK_LIMIT_CODE ? Number(error.params.max) : null;
}
