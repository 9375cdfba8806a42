/** Country table (spec 1 §3). Shops may be in AU, US, GB or NZ; IN exists for currency only. */
export const COUNTRIES = {
  AU: {
    name: 'Australia',
    currency: 'AUD',
    symbol: '$',
    timezones: [
      'Australia/Sydney',
      'Australia/Melbourne',
      'Australia/Brisbane',
      'Australia/Adelaide',
      'Australia/Perth',
      'Australia/Hobart',
      'Australia/Darwin',
      'Australia/Lord_Howe',
    ],
  },
  US: {
    name: 'United States',
    currency: 'USD',
    symbol: '$',
    timezones: [
      'America/New_York',
      'America/Chicago',
      'America/Denver',
      'America/Phoenix',
      'America/Los_Angeles',
      'America/Anchorage',
      'Pacific/Honolulu',
      'America/Detroit',
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

/** The country a new shop starts with (spec 2 §9: "Default shop country is AU"). */
export const DEFAULT_SHOP_COUNTRY: ShopCountry = 'AU';

/**
 * Older or alias names a browser may report, mapped to the zone in our lists that keeps the same clock
 * (Broken Hill keeps Adelaide's time, Lindeman Brisbane's, Currie Hobart's).
 */
const ZONE_ALIASES: Record<string, string> = {
  'Australia/ACT': 'Australia/Sydney',
  'Australia/Canberra': 'Australia/Sydney',
  'Australia/NSW': 'Australia/Sydney',
  'Australia/Victoria': 'Australia/Melbourne',
  'Australia/Queensland': 'Australia/Brisbane',
  'Australia/Lindeman': 'Australia/Brisbane',
  'Australia/South': 'Australia/Adelaide',
  'Australia/Broken_Hill': 'Australia/Adelaide',
  'Australia/West': 'Australia/Perth',
  'Australia/Tasmania': 'Australia/Hobart',
  'Australia/Currie': 'Australia/Hobart',
  'Australia/North': 'Australia/Darwin',
  'Australia/LHI': 'Australia/Lord_Howe',
  'US/Eastern': 'America/New_York',
  'US/Central': 'America/Chicago',
  'US/Mountain': 'America/Denver',
  'US/Arizona': 'America/Phoenix',
  'US/Pacific': 'America/Los_Angeles',
  'US/Alaska': 'America/Anchorage',
  'US/Hawaii': 'Pacific/Honolulu',
  'US/Michigan': 'America/Detroit',
  GB: 'Europe/London',
  NZ: 'Pacific/Auckland',
  'NZ-CHAT': 'Pacific/Chatham',
};

/**
 * The time zone a shop in `country` starts with: the viewer's own zone when it belongs to that country
 * (an owner in Perth creating a shop gets Perth), otherwise the country's main zone (the first listed).
 * Empty for a country we do not know.
 */
export function defaultTimezone(country: string, viewerZone?: string): string {
  const zones = timezonesFor(country);
  const own = viewerZone ? (ZONE_ALIASES[viewerZone] ?? viewerZone) : undefined;
  return own && zones.includes(own) ? own : (zones[0] ?? '');
}
