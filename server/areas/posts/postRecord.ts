import { fromCents } from '../../../domain/money';
import { postStatus, type Post, type PostAspect } from '../../../domain/post';
import type { PostRow } from './repo';

/** A stored post as the console's API answers it: price in currency units, times as ISO instants. */
export function postJson(row: Omit<PostRow, 'shopId' | 'updatedBy'>, now: Date): Post {
  return {
    id: row.id,
    created: row.createdAt.toISOString(),
    updated: row.updatedAt.toISOString(),
    title: row.title,
    description: row.description,
    price: row.priceCents == null ? null : fromCents(row.priceCents),
    images: { aspectRatio: (row.aspectRatio as PostAspect | null) ?? null, images: row.images },
    publishAt: row.publishAt?.toISOString() ?? null,
    expireAt: row.expireAt?.toISOString() ?? null,
    status: postStatus(row, now),
  };
}
