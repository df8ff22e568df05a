/**
 * The `phone-numbers` function's wire format, shared by the function and the console:
 * request bodies are validated with these schemas on both sides, answers are parsed with them.
 * Rules on numbers themselves (E.164, countries, the one-number message) are in `phone.ts`.
 */
import { z } from 'zod';
import { e164Schema, NUMBER_COUNTRY_CODES, phoneVoiceModeSchema } from './phone.ts';

export const numberCountrySchema = z.enum(NUMBER_COUNTRY_CODES);

/** An area code typed by the owner: digits only (Twilio's AreaCode). */
export const areaCodeSchema = z
  .string()
  .trim()
  .regex(/^[0-9]{1,5}$/, 'An area code is 1 to 5 digits.');

export const numberSearchQuerySchema = z.object({
  country: numberCountrySchema,
  areaCode: z.preprocess((v) => (v === '' ? undefined : v), areaCodeSchema.optional()),
});

export const ADDRESS_REQUIREMENTS = ['none', 'any', 'local', 'foreign'] as const;

export const availableNumberSchema = z.object({
  phoneNumber: z.string(),
  locality: z.string(),
  region: z.string().nullable(),
  addressRequirements: z.enum(ADDRESS_REQUIREMENTS),
  capabilities: z.object({ voice: z.boolean(), sms: z.boolean(), mms: z.boolean() }),
});
export type AvailableNumber = z.infer<typeof availableNumberSchema>;
export const numberSearchResultSchema = z.object({ numbers: z.array(availableNumberSchema) });

/** A Twilio Address SID. */
export const addressSidSchema = z.string().regex(/^AD[0-9a-f]{32}$/, 'Not an address.');

export const buyNumberInputSchema = z
  .object({
    phoneNumber: e164Schema,
    countryCode: numberCountrySchema,
    agentId: z.uuid().optional(),
    /** One of the buyer's Twilio addresses (AD…); required when the number's address requirement is not 'none'. */
    addressSid: addressSidSchema.optional(),
    /** Admins only: buy for this user. */
    forUserId: z.uuid().optional(),
  })
  .strict();
export type BuyNumberInput = z.infer<typeof buyNumberInputSchema>;
export const boughtNumberSchema = z.object({
  id: z.string(),
  phoneNumber: z.string(),
  agentId: z.string().nullable(),
});

export const releaseNumberInputSchema = z.object({ phoneNumberId: z.uuid() }).strict();

const text = (max: number) => z.string().trim().min(1).max(max);

/** Characters of each address field phone-numbers accepts (the console's counters read them). */
export const ADDRESS_LIMITS = {
  customerName: 200,
  street: 200,
  city: 100,
  region: 100,
  postalCode: 20,
  isoCountry: 2,
  friendlyName: 64,
} as const;

/** A caller ID's name. */
export const CALLER_ID_NAME_MAX = 64;

/** Twilio's Addresses API fields (an address some countries require to buy a number). */
export const addressInputSchema = z
  .object({
    customerName: text(ADDRESS_LIMITS.customerName),
    street: text(ADDRESS_LIMITS.street),
    city: text(ADDRESS_LIMITS.city),
    region: text(ADDRESS_LIMITS.region),
    postalCode: text(ADDRESS_LIMITS.postalCode),
    isoCountry: z
      .string()
      .trim()
      .regex(/^[A-Za-z]{2}$/, 'Use the two-letter country code, e.g. US.')
      .transform((c) => c.toUpperCase()),
    friendlyName: text(ADDRESS_LIMITS.friendlyName).optional(),
  })
  .strict();
export type AddressInput = z.input<typeof addressInputSchema>;
export const addressSchema = z.object({
  sid: z.string(),
  customerName: z.string(),
  street: z.string(),
  city: z.string(),
  region: z.string(),
  postalCode: z.string(),
  isoCountry: z.string(),
  friendlyName: z.string().nullable(),
});
export type Address = z.infer<typeof addressSchema>;
export const addressListSchema = z.object({ addresses: z.array(addressSchema) });

export const callerIdInputSchema = z
  .object({ phoneNumber: e164Schema, friendlyName: text(CALLER_ID_NAME_MAX).optional() })
  .strict();
export type CallerIdInput = z.input<typeof callerIdInputSchema>;
/** A caller ID is verified once its owner typed the code on Twilio's call; until then it is pending. */
export const callerIdSchema = z.object({
  phoneNumber: z.string(),
  friendlyName: z.string().nullable(),
  verified: z.boolean(),
});
export type CallerId = z.infer<typeof callerIdSchema>;
export const callerIdListSchema = z.object({ callerIds: z.array(callerIdSchema) });
/** Adding a caller ID: Twilio calls the number and asks for this code. */
export const callerIdValidationSchema = z.object({ phoneNumber: z.string(), validationCode: z.string() });

/** GET /status: whether Twilio is configured, and the voice mode an agent gets when its owner chose none. */
export const phoneStatusSchema = z.object({ configured: z.boolean(), defaultVoiceMode: phoneVoiceModeSchema });
