/** Country table (spec 1 §3). Shops may be in AU, US, GB or NZ; IN exists for currency only. */
export const COUNTRIES = {
  AU: {
    name: 'Australia',
    currency: 'AUD',
    symbol: '$',
    timezones: [
      'Australia/Sydney', 'Australia/Melbourne', 'Australia/Brisbane', 'Australia/Adelaide',
      'Australia/Perth', 'Australia/Hobart', 'Australia/Darwin', 'Australia/Lord_Howe',
    ],
  },
  US: {
    name: 'United States',
    currency: 'USD',
    symbol: '$',
    timezones: [
      'America/New_York', 'America/Chicago', 'America/Denver', 'America/Phoenix',
      'America/Los_Angeles', 'America/Anchorage', 'Pacific/Honolulu', 'America/Detroit',
    ],
  },
  GB: { name: 'United Kingdom', currency: 'GBP', symbol: '£', timezones: ['Europe/London'] },
  NZ: { name: 'New Zealand', currency: 'NZD', symbol: '$', timezones: ['Pacific/Auckland', 'Pacific/Chatham'] },
  IN: { name: 'India', currency: 'INR', symbol: '₹', timezones: ['Asia/Kolkata'] },
} as const;

export type CountryCode = keyof typeof COUNTRIES;
export const SHOP_COUNTRIES = ['AU', 'US', 'GB', 'NZ'] as const;
export type ShopCountry = (typeof SHOP_COUNTRIES)[number];

export function timezonesFor(country: string): readonly string[] {
  return (COUNTRIES as Record<string, { timezones: readonly string[] }>)[country]?.timezones ?? [];
}
