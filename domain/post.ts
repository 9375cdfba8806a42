import { z } from 'zod';
import { IMAGE_ASPECTS, type ImageAspect } from './constants';
import { format, messages } from './messages';
import { instant } from './dateSchemas';
import { money } from './money';
import { maxLenMsg, requiredMsg, text } from './validation';

/** Spec 1 §5, §9: a post's title and description lengths, and how many images it may show. */
const POST_TITLE = { min: 10, max: 24 } as const;
const POST_DESCRIPTION = { min: 40, max: 200 } as const;
export const POST_IMAGES_MAX = 10;

/** The ratios a post's images may be cropped to (spec 1 §3), in the spec's order. */
export const POST_ASPECTS = [
  'FOUR_TWO',
  'FOUR_TWO_POINT_FIVE',
  'FOUR_THREE',
  'SQUARE',
  'FOUR_FIVE',
  'FOUR_SIX',
  'SIXTEEN_NINE',
] as const satisfies readonly ImageAspect[];
export type PostAspect = (typeof POST_ASPECTS)[number];
export const DEFAULT_POST_ASPECT: PostAspect = 'SQUARE';

/** Where a post stands for customers at a given instant (beyond the spec: scheduling). */
const POST_STATUSES = ['DRAFT', 'SCHEDULED', 'LIVE', 'EXPIRED'] as const;
export type PostStatus = (typeof POST_STATUSES)[number];

/**
 * A draft (saved as one, or a post from before drafts were a choice, which has no publish time) nobody sees.
 * Otherwise scheduled until publishAt, live until expireAt (if any), then expired. The one rule both the console's
 * chips and the customers' API follow.
 */
export function postStatus(
  post: { draft: boolean; publishAt: string | Date | null; expireAt: string | Date | null },
  now: Date,
): PostStatus {
  if (post.draft || !post.publishAt) return 'DRAFT';
  const t = now.getTime();
  if (new Date(post.publishAt).getTime() > t) return 'SCHEDULED';
  if (post.expireAt && new Date(post.expireAt).getTime() <= t) return 'EXPIRED';
  return 'LIVE';
}

/** An uploaded image's storage key (img/<uuid>.webp); the server also checks it names an image it stored. */
export const imagePath = (label: string) =>
  z.object(
    {
      path: z
        .string({ error: requiredMsg(label) })
        .trim()
        .min(1, { error: requiredMsg(label) })
        .max(300, { error: maxLenMsg(300) }),
    },
    { error: requiredMsg(label) },
  );

const postImages = z
  .object({
    aspectRatio: z.enum(POST_ASPECTS, { error: requiredMsg('Aspect ratio') }).nullish(),
    images: z.array(imagePath('Image'), { error: requiredMsg('Images') }).max(POST_IMAGES_MAX, { error: messages.postImagesMax }),
  })
  // Spec 1 §5: when images exist, the aspect ratio is required.
  .refine((v) => v.images.length === 0 || !!v.aspectRatio, { path: ['aspectRatio'], error: requiredMsg('Aspect ratio') });

/**
 * What a save asks for: DRAFT keeps the post from customers (its schedule, if any, waits until it is published);
 * PUBLISHED, or none, publishes it at publishAt, or at once without one. The statuses a post is read with are taken
 * too (all but DRAFT publish), so a post read from the API can be sent back as it is and keep its state.
 */
const POST_SAVE_STATUSES = ['DRAFT', 'PUBLISHED', 'SCHEDULED', 'LIVE', 'EXPIRED'] as const;

/** What the console sends to create or replace a post (spec 1 §3, §5; publishAt/expireAt and status beyond the spec). */
export const postBody = z
  .object({
    title: text('Title', POST_TITLE),
    description: text('Description', POST_DESCRIPTION),
    /** Currency units, at most two decimals; null or absent for none. */
    price: money('Price').nullish(),
    images: postImages.default({ aspectRatio: DEFAULT_POST_ASPECT, images: [] }),
    /** An instant with its offset, or null for none. */
    publishAt: instant('Publish at').nullish(),
    expireAt: instant('Expire at').nullish(),
    status: z.enum(POST_SAVE_STATUSES, { error: 'status should be DRAFT or PUBLISHED' }).nullish(),
  })
  .superRefine((p, ctx) => {
    if (p.expireAt && (!p.publishAt || Date.parse(p.expireAt) <= Date.parse(p.publishAt))) {
      ctx.addIssue({ code: 'custom', path: ['expireAt'], message: messages.postExpiresBeforePublish });
    }
  });
export type PostInput = z.output<typeof postBody>;

const postImage = z.object({ path: z.string() });

/** A post as the console's API answers it. */
export const postSchema = z.object({
  id: z.string(),
  created: z.string(),
  updated: z.string(),
  title: z.string(),
  description: z.string(),
  price: z.number().nullable(),
  images: z.object({ aspectRatio: z.enum(POST_ASPECTS).nullable(), images: z.array(postImage) }),
  publishAt: z.string().nullable(),
  expireAt: z.string().nullable(),
  status: z.enum(POST_STATUSES),
});
export type Post = z.infer<typeof postSchema>;

/** Spec 1 §3: one billboards record per shop, an ordered list of 16:9 images (at most 10). */
export const BILLBOARDS_MAX = 10;
export const BILLBOARD_ASPECT: ImageAspect = 'SIXTEEN_NINE';

export const billboardsSchema = z.object({
  images: z.array(imagePath('Image'), { error: requiredMsg('Images') }).max(BILLBOARDS_MAX, { error: messages.billboardsMax }),
});
export type Billboards = z.infer<typeof billboardsSchema>;

/** How far a stored image's width/height may stray from its ratio (the crop and the resize round to pixels). */
export const ASPECT_TOLERANCE = 0.02;
export const fitsAspect = (width: number, height: number, aspect: ImageAspect) =>
  height > 0 && Math.abs(width / height / IMAGE_ASPECTS[aspect] - 1) <= ASPECT_TOLERANCE;

export const postLengthHints = {
  title: `${POST_TITLE.min} to ${POST_TITLE.max} characters`,
  description: `${POST_DESCRIPTION.min} to ${POST_DESCRIPTION.max} characters`,
};

/** Messages a post's form and routes share; words only, filled where used. */
export const postMessages = {
  updated: (title: string) => format(messages.postUpdated, { title }),
  created: (title: string) => format(messages.postCreated, { title }),
};
