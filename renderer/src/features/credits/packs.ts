import { z } from 'zod';
import type { NamespaceKey } from '../../i18n/keys.ts';

/** A pack as the console shows it (-1 = unlimited, whatsapp 0 = hidden). */
export interface Pack {
  id: string;
  name: string;
  monthlyPrice: number;
  yearlyPrice: number;
  credits: number;
  minutes: number;
  users: number;
  support: 'Email' | 'Priority' | '24/7';
  whatsappConversations: number;
  crmIntegrations: 'None' | 'Standard' | 'Premium' | 'Enterprise' | null;
  sortOrder: number;
}

export const packRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  monthly_price: z.coerce.number(),
  yearly_price: z.coerce.number(),
  credits: z.number(),
  minutes: z.number(),
  users: z.number(),
  support: z.enum(['Email', 'Priority', '24/7']),
  whatsapp_conversations: z.number(),
  crm_integrations: z.enum(['None', 'Standard', 'Premium', 'Enterprise']).nullable(),
  sort_order: z.number(),
});

export const packColumns =
  'id, name, monthly_price, yearly_price, credits, minutes, users, support, whatsapp_conversations, crm_integrations, sort_order';

export function toPack(row: unknown): Pack {
  const r = packRowSchema.parse(row);
  return {
    id: r.id,
    name: r.name,
    monthlyPrice: r.monthly_price,
    yearlyPrice: r.yearly_price,
    credits: r.credits,
    minutes: r.minutes,
    users: r.users,
    support: r.support,
    whatsappConversations: r.whatsapp_conversations,
    crmIntegrations: r.crm_integrations,
    sortOrder: r.sort_order,
  };
}

export const FREE_PACK_ID = 'free';

export function isFreePack(pack: Pack): boolean {
  return pack.id === FREE_PACK_ID || pack.monthlyPrice <= 0;
}

/** The offers that cost money, in display order (the free pack is activated, not bought). */
export function paidPacks(packs: readonly Pack[]): Pack[] {
  return packs
    .filter((p) => !isFreePack(p))
    .sort((a, b) => a.sortOrder - b.sortOrder || a.monthlyPrice - b.monthlyPrice);
}

/** The middle pack of the list is 'Most Popular' (the lower middle for an even count). */
export function mostPopularIndex(count: number): number | null {
  return count === 0 ? null : Math.floor((count - 1) / 2);
}

/** Prices are USD on the landing page and in credits. */
export function formatUsd(amount: number, lang: string): string {
  return new Intl.NumberFormat(lang === 'fr' ? 'fr-FR' : 'en-US', {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: Number.isInteger(amount) ? 0 : 2,
  }).format(amount);
}

/** Feature lines of a pack as i18n keys + values (the views translate them). */
/** The keys under `credits:features` (a plural counts as its base key). */
type FeatureKey<K = NamespaceKey<'credits'>> = K extends `features.${infer F}` ? F : never;
export type PackFeature = { key: FeatureKey; values?: Record<string, number> };

export function packFeatures(pack: Pack): PackFeature[] {
  const lines: PackFeature[] = [{ key: 'minutes', values: { count: pack.minutes } }];
  lines.push(pack.users === -1 ? { key: 'usersUnlimited' } : { key: 'users', values: { count: pack.users } });
  lines.push({
    key: pack.support === 'Email' ? 'supportEmail' : pack.support === 'Priority' ? 'supportPriority' : 'support247',
  });
  if (pack.whatsappConversations === -1) lines.push({ key: 'whatsappUnlimited' });
  else if (pack.whatsappConversations > 0)
    lines.push({ key: 'whatsapp', values: { count: pack.whatsappConversations } });
  if (
    pack.crmIntegrations === 'Standard' ||
    pack.crmIntegrations === 'Premium' ||
    pack.crmIntegrations === 'Enterprise'
  )
    lines.push({ key: `crm${pack.crmIntegrations}` });
  return lines;
}
