import { z } from 'zod';
import { parseIncompletePhoneNumber, parsePhoneNumberFromString, type CountryCode as PhoneCountry } from 'libphonenumber-js';
import { COUNTRIES, SHOP_COUNTRIES, type ShopCountry } from './countries';
import { requiredText } from './checkout';
import { format, messages } from './messages';
import { requiredMsg } from './validation';

const CONTACT_ADDRESS = { min: 5, max: 200 } as const;
const CONTACT_PERSON = { min: 2, max: 80 } as const;

/** A phone number as E.164 ('+61291234567') when it is a valid number of the country, else null. */
export function e164Of(phone: string, country: string): string | null {
  const parsed = parsePhoneNumberFromString(phone.trim(), country as PhoneCountry);
  return parsed?.isValid() && parsed.country === country ? parsed.number : null;
}

/**
 * A phone number as E.164 when it is a valid number anywhere, else null: written without a country code it is read
 * as a number of `defaultCountry` (a customer's own mobile, which may be from abroad).
 */
export function e164WithDefault(phone: string, defaultCountry: string): string | null {
  const digits = parseIncompletePhoneNumber(phone.trim());
  // '00' before a country code is the international prefix wherever the shop is (Australia's own is 0011).
  for (const candidate of digits.startsWith('00') ? [digits, `+${digits.slice(2)}`] : [digits]) {
    const parsed = parsePhoneNumberFromString(candidate, defaultCountry as PhoneCountry);
    if (parsed?.isValid()) return parsed.number;
  }
  return null;
}

/**
 * A customer's mobile as orders keep and count it: e164WithDefault in the shop's country ('0454 630 000',
 * '61 454630000' and '0061 454630000' at an Australian shop are all '+61454630000'). A number that is valid nowhere keeps
 * its digits (and leading +), so it still counts as itself. Coupon limits, the per-mobile order limit and history
 * search all rely on one customer having one spelling.
 */
export function customerMobile(mobile: string, shopCountry: string): string {
  return e164WithDefault(mobile, shopCountry) ?? parseIncompletePhoneNumber(mobile.trim());
}

/**
 * customerMobile for each country a shop may be in: what a query that learns the shop's country in the same round
 * trip picks from (`keys ->> shops.country`).
 */
export function customerMobileByCountry(mobile: string): Record<ShopCountry, string> {
  return Object.fromEntries(SHOP_COUNTRIES.map((c) => [c, customerMobile(mobile, c)])) as Record<ShopCountry, string>;
}

/** How a stored E.164 number reads for people of the shop's country ('02 9123 4567'). */
export function phoneForDisplay(e164: string, country: string): string {
  const parsed = parsePhoneNumberFromString(e164, country as PhoneCountry);
  return parsed ? (parsed.country === country ? parsed.formatNational() : parsed.formatInternational()) : e164;
}

/**
 * The `contact` settings kind (spec 1 §2–§3, shop contact): address, phone and person customers reach. The phone
 * must be a number of the shop's country, and is stored and answered in E.164.
 */
export function contactSchema(country: string) {
  const countryName = (COUNTRIES as Record<string, { name: string }>)[country]?.name ?? country;
  return z.object({
    address: requiredText('Address', CONTACT_ADDRESS),
    phone: z
      .string({ error: requiredMsg('Phone') })
      .trim()
      .min(1, { error: requiredMsg('Phone') })
      .transform((phone, ctx) => {
        const e164 = e164Of(phone, country);
        if (!e164) {
          ctx.addIssue({ code: 'custom', message: format(messages.phoneInvalid, { country: countryName }) });
          return z.NEVER;
        }
        return e164;
      }),
    person: requiredText('Person', CONTACT_PERSON),
  });
}
export type Contact = z.output<ReturnType<typeof contactSchema>>;

/** The schema without a shop's country (any valid international number), for the registry's generic entry. */
export const anyContactSchema = z.object({
  address: requiredText('Address', CONTACT_ADDRESS),
  phone: z.string({ error: requiredMsg('Phone') }),
  person: requiredText('Person', CONTACT_PERSON),
});

export const defaultContact: Contact = { address: '', phone: '', person: '' };
