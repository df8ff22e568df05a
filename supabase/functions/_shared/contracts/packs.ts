/**
 * A pack as the admin saves it: the wire format of the
 * `admin_save_packs` RPC, which restates these rules in SQL (tests/integration/admin/packs.test.ts
 * proves both agree on a table of cases). -1 means unlimited for users, WhatsApp conversations and
 * agents.
 */
import { z } from 'zod';

export const PACK_SUPPORT = ['Email', 'Priority', '24/7'] as const;
export const PACK_TIERS = ['Basic', 'Advanced', 'Premium'] as const;
export const PACK_CRM = ['None', 'Standard', 'Premium', 'Enterprise'] as const;
export const UNLIMITED = -1;
export const MAX_PACKS = 50;
export const MAX_PACK_PRICE = 1_000_000;

const price = z
  .number()
  .min(0)
  .max(MAX_PACK_PRICE)
  .refine((v) => Math.round(v * 100) / 100 === v, 'at most 2 decimals');
const whole = (min: number) =>
  z
    .number()
    .int()
    .max(1_000_000_000)
    .refine((v) => v >= min, `at least ${min}`);
const wholeOrUnlimited = (min: number) =>
  z
    .number()
    .int()
    .max(1_000_000_000)
    .refine((v) => v === UNLIMITED || v >= min, `at least ${min}, or -1 for unlimited`);

/** A pack's name, trimmed: admin_save_packs refuses a longer one. */
export const PACK_NAME_MAX = 100;

export const packInputSchema = z.object({
  id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
  name: z.string().trim().min(1).max(PACK_NAME_MAX),
  monthly_price: price,
  yearly_price: price,
  minutes: whole(0),
  users: wholeOrUnlimited(1),
  support: z.enum(PACK_SUPPORT),
  transcription: z.boolean(),
  ai_call_summary: z.enum(PACK_TIERS),
  voice_cloning: z.enum(PACK_TIERS),
  crm_integrations: z.enum(PACK_CRM).nullable(),
  whatsapp_conversations: wholeOrUnlimited(0),
  max_agents: wholeOrUnlimited(1),
  active: z.boolean(),
});
export type PackInput = z.infer<typeof packInputSchema>;

export const packListSchema = z
  .array(packInputSchema)
  .max(MAX_PACKS)
  .refine((packs) => new Set(packs.map((p) => p.id)).size === packs.length, 'pack ids must be unique');

/** A generated id of 21 random characters (URL-safe alphabet). */
export function newPackId(
  random: (size: number) => Uint8Array = (n) => crypto.getRandomValues(new Uint8Array(n)),
): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-';
  return Array.from(random(21), (byte) => alphabet[byte & 63]).join('');
}

/** A new pack before the admin edits it. */
export function newPack(id: string = newPackId()): PackInput {
  return {
    id,
    name: 'New Pack',
    monthly_price: 0,
    yearly_price: 0,
    minutes: 0,
    users: 1,
    support: 'Email',
    transcription: false,
    ai_call_summary: 'Basic',
    voice_cloning: 'Basic',
    crm_integrations: 'None',
    whatsapp_conversations: 0,
    max_agents: 1,
    active: true,
  };
}

/**
 * The pack form's number fields: prices are numbers (min 0, step 0.01), invalid
 * becomes 0; minutes a whole number, min 0; users a whole number, min 1, empty = unlimited, invalid
 * becomes 1; WhatsApp conversations (and agents) a whole number, empty = unlimited.
 */
export function parsePackField(kind: 'price' | 'minutes' | 'users' | 'whatsapp' | 'agents', text: string): number {
  const trimmed = text.trim();
  if (trimmed === '' && (kind === 'users' || kind === 'whatsapp' || kind === 'agents')) return UNLIMITED;
  const value = Number(trimmed.replace(',', '.'));
  switch (kind) {
    case 'price':
      return Number.isFinite(value) && value >= 0 ? Math.min(Math.round(value * 100) / 100, MAX_PACK_PRICE) : 0;
    case 'minutes':
      return Number.isFinite(value) && value >= 0 ? Math.floor(value) : 0;
    case 'users':
    case 'agents':
      return Number.isFinite(value) && value >= 1 ? Math.floor(value) : value === UNLIMITED ? UNLIMITED : 1;
    case 'whatsapp':
      return Number.isFinite(value) && value >= 0 ? Math.floor(value) : value === UNLIMITED ? UNLIMITED : 0;
  }
}

/** The price badge steps by monthly price: 0 free, under 50, under 100, otherwise higher. */
export type PriceTone = 'free' | 'low' | 'mid' | 'high';
export function priceTone(monthlyPrice: number): PriceTone {
  if (monthlyPrice <= 0) return 'free';
  if (monthlyPrice < 50) return 'low';
  if (monthlyPrice < 100) return 'mid';
  return 'high';
}

/** The packs editor's Analytics tab: number of packs, average monthly price, free plans. */
export function packAnalytics(packs: readonly Pick<PackInput, 'monthly_price'>[]): {
  count: number;
  averageMonthlyPrice: number;
  freePlans: number;
} {
  const total = packs.reduce((sum, p) => sum + p.monthly_price, 0);
  return {
    count: packs.length,
    averageMonthlyPrice: packs.length === 0 ? 0 : Math.round((total / packs.length) * 100) / 100,
    freePlans: packs.filter((p) => p.monthly_price <= 0).length,
  };
}
