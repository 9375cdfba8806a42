import { z } from 'zod';
import { parsePhoneNumberFromString, type CountryCode as PhoneCountry } from 'libphonenumber-js';
import { COUNTRIES } from './countries';
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
  const parsed = parsePhoneNumberFromString(phone.trim(), defaultCountry as PhoneCountry);
  return parsed?.isValid() ? parsed.number : null;
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
