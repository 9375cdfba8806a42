import { fromCents } from '../../../domain/money';
import { postStatus, type Post, type PostAspect } from '../../../domain/post';
import { logUnreadable, storedInstant, type UnreadableLog } from '../../infra/db/storedInstant';
import type { PostRow } from './repo';

/**
 * A stored post as the console's API answers it: price in currency units, times as ISO instants. A publish or expiry
 * time nothing can read is answered empty (logged on `log`): without a publish time the post is a draft nobody sees.
 */
export function postJson(row: Omit<PostRow, 'shopId' | 'updatedBy'>, now: Date, log?: UnreadableLog): Post {
  const unreadable = logUnreadable(log, 'posts', row.id);
  const publishAt = storedInstant(row.publishAt, unreadable('publishAt'));
  const expireAt = storedInstant(row.expireAt, unreadable('expireAt'));
  return {
    id: row.id,
    created: row.createdAt.toISOString(),
    updated: row.updatedAt.toISOString(),
    title: row.title,
    description: row.description,
    price: row.priceCents == null ? null : fromCents(row.priceCents),
    images: { aspectRatio: (row.aspectRatio as PostAspect | null) ?? null, images: row.images },
    publishAt,
    expireAt,
    status: postStatus({ draft: row.draft, publishAt, expireAt }, now),
  };
}
