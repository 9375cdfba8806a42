/** Limits and defaults shared by the console and the server (spec 1 §9, spec 3 §9). */
export const PAGE_SIZE = 20;
export const REQUEST_TIMEOUT_MS = 20_000;
export const NOTIFICATION_DURATION_MS = 8_000;
export const SEARCH_DEBOUNCE_MS = 300;

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 256;
export const NAME_MAX = 80;
export const EMAIL_MAX = 254;

export const SHOP_NAME = { min: 3, max: 24 } as const;
export const SHOP_DESCRIPTION = { min: 10, max: 32 } as const;
export const SHOP_LOCALITY = { min: 4, max: 24 } as const;
export const REJECT_REASON_MAX = 500;

export const SHOP_TYPES = ['CAFE'] as const;
export const LISTING_STATUSES = ['PUBLISHED', 'WAITING_FOR_REVIEW', 'UNPUBLISHED', 'REJECTED'] as const;
export const SELLER_ROLES = ['ADMIN', 'USER'] as const;

/** Token lifetimes. */
export const RESET_CODE_TTL_MS = 60 * 60 * 1000;
export const VERIFY_CODE_TTL_MS = 3 * 24 * 60 * 60 * 1000;
export const INVITE_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** Image upload (spec 1 §2, §9). */
export const IMAGE_WIDTHS = { thumbnail: 300, post: 130 } as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[keyof typeof IMAGE_WIDTHS];
/** Longest side of a stored image; larger uploads are scaled down (the console crops to it too). */
export const IMAGE_MAX_SIDE = 2400;
export const IMAGE_ASPECTS = {
  SQUARE: 1,
  SIXTEEN_NINE: 16 / 9,
  FOUR_TWO: 4 / 2,
  FOUR_TWO_POINT_FIVE: 4 / 2.5,
  FOUR_THREE: 4 / 3,
  FOUR_FIVE: 4 / 5,
  FOUR_SIX: 4 / 6,
} as const;
export type ImageAspect = keyof typeof IMAGE_ASPECTS;
/** How each ratio is written for people (crop dialog, upload errors). */
export const IMAGE_ASPECT_LABELS: Record<ImageAspect, string> = {
  SQUARE: '1:1',
  SIXTEEN_NINE: '16:9',
  FOUR_TWO: '4:2',
  FOUR_TWO_POINT_FIVE: '4:2.5',
  FOUR_THREE: '4:3',
  FOUR_FIVE: '4:5',
  FOUR_SIX: '4:6',
};
export const IMAGE_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif'] as const;

/** Transaction fee defaults (spec 1 §9), all amounts in cents. */
export const DEFAULT_TRANSACTION_FEE = {
  applicable: false,
  microLimit: 2000,
  microAmount: 20,
  microPercentage: 0,
  normalAmount: 80,
  normalPercentage: 0,
} as const;
