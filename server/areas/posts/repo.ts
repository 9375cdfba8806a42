import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { PostInput } from '../../../domain/post';
import { toCents } from '../../../domain/money';
import { isUuid } from '../../infra/db/uuid';
import type { Db } from '../../infra/db/client';
import { posts } from './tables';
import { notFound } from '../../infra/http/errors';
import { orderBy, pageOf, totalOver, withTotal, type Range, type SortOrder } from '../../infra/db/list';
import { translateConstraints } from '../../infra/db/constraints';

export type PostRow = typeof posts.$inferSelect;

export const POST_SORTABLE = ['created', 'updated', 'title', 'publishAt', 'id'] as const;
type PostSortField = (typeof POST_SORTABLE)[number];
const sortColumn = {
  created: posts.createdAt,
  updated: posts.updatedAt,
  title: posts.title,
  publishAt: posts.publishAt,
  id: posts.id,
} satisfies Record<PostSortField, unknown>;

interface PostListFilter {
  /** react-admin's getMany; ids that are not UUIDs match nothing. */
  id?: string | string[];
}

const missing = (id: string) => notFound('post', id);

/** One page of a shop's posts and how many it has. */
export async function listPosts(
  shopId: string,
  db: Db,
  { sort, range, filter }: { sort: [PostSortField, SortOrder]; range: Range; filter: PostListFilter },
): Promise<{ rows: (PostRow & { total: number })[]; total: number }> {
  const ids = filter.id === undefined ? null : [filter.id].flat().filter(isUuid);
  const where = and(eq(posts.shopId, shopId), ids === null ? undefined : ids.length ? inArray(posts.id, ids) : sql`false`);
  const { offset, limit } = pageOf(range);
  const rows = await db
    .select({ ...postColumns, total: totalOver() })
    .from(posts)
    .where(where)
    .orderBy(...orderBy(sortColumn[sort[0]], sort[1], posts.id))
    .offset(offset)
    .limit(limit);
  return withTotal(rows, range, async () => (await db.select({ n: count() }).from(posts).where(where))[0].n);
}

const postColumns = {
  id: posts.id,
  shopId: posts.shopId,
  title: posts.title,
  description: posts.description,
  priceCents: posts.priceCents,
  aspectRatio: posts.aspectRatio,
  images: posts.images,
  draft: posts.draft,
  publishAt: posts.publishAt,
  expireAt: posts.expireAt,
  createdAt: posts.createdAt,
  updatedAt: posts.updatedAt,
  updatedBy: posts.updatedBy,
};

/** One post of the shop; another shop's post, an unknown or malformed id all read 'Cannot find post with id …'. */
export async function loadPost(shopId: string, db: Db, id: string): Promise<PostRow> {
  if (!isUuid(id)) throw missing(id);
  const [row] = await db
    .select()
    .from(posts)
    .where(and(eq(posts.shopId, shopId), eq(posts.id, id)));
  if (!row) throw missing(id);
  return row;
}

/**
 * The stored columns of a validated body: money in cents, no images means no ratio to keep. A post published
 * without a publish time goes live at once: it keeps the time it went live if it already had (so saving it again
 * does not move it up the customers' list), else it takes `now`.
 */
function columnsOf(input: PostInput, now: Date, current?: PostRow) {
  const draft = input.status === 'DRAFT';
  const alreadyLive = current && !current.draft && current.publishAt && current.publishAt <= now ? current.publishAt : null;
  return {
    title: input.title,
    description: input.description,
    priceCents: input.price == null ? null : toCents(input.price),
    aspectRatio: input.images.aspectRatio ?? null,
    images: input.images.images.map(({ path }) => ({ path })),
    draft,
    publishAt: input.publishAt ? new Date(input.publishAt) : draft ? null : (alreadyLive ?? now),
    expireAt: input.expireAt ? new Date(input.expireAt) : null,
  };
}

export async function createPost(shopId: string, db: Db, input: PostInput, by: string, now: Date): Promise<PostRow> {
  const [row] = await translateConstraints(
    () =>
      db
        .insert(posts)
        .values({ shopId, ...columnsOf(input, now), createdAt: now, updatedAt: now, updatedBy: by })
        .returning(),
    // The shop was deleted after the request passed the shop scope.
    { foreignKey: () => notFound('shop', shopId) },
  );
  return row;
}

/** Replaces `current` (the post as the caller loaded it) with the body. */
export async function updatePost(shopId: string, db: Db, current: PostRow, input: PostInput, by: string, now: Date): Promise<PostRow> {
  const [row] = await db
    .update(posts)
    .set({ ...columnsOf(input, now, current), updatedAt: now, updatedBy: by })
    .where(and(eq(posts.shopId, shopId), eq(posts.id, current.id)))
    .returning();
  if (!row) throw missing(current.id);
  return row;
}

export async function deletePost(shopId: string, db: Db, id: string): Promise<PostRow> {
  if (!isUuid(id)) throw missing(id);
  const [row] = await db
    .delete(posts)
    .where(and(eq(posts.shopId, shopId), eq(posts.id, id)))
    .returning();
  if (!row) throw missing(id);
  return row;
}

const live = {
  shopId: sql.placeholder('shopId'),
  now: sql.placeholder('now'),
  afterAt: sql.placeholder('afterAt'),
  afterId: sql.placeholder('afterId'),
};

/** The customers' page as one prepared statement per process and connection (the hot read of the customers' app). */
const liveStatement = (db: Db) =>
  db
    .select({ ...postColumns, publishAtText: sql<string>`${posts.publishAt}::text` })
    .from(posts)
    .where(
      and(
        sql`${posts.shopId} = ${live.shopId}::uuid`,
        sql`NOT ${posts.draft}`,
        sql`${posts.publishAt} <= ${live.now}::timestamptz`,
        sql`(${posts.expireAt} IS NULL OR ${posts.expireAt} > ${live.now}::timestamptz)`,
        sql`(${live.afterAt}::timestamptz IS NULL
          OR (${posts.publishAt}, ${posts.id}) < (${live.afterAt}::timestamptz, ${live.afterId}::uuid))`,
      ),
    )
    .orderBy(sql`${posts.publishAt} DESC`, sql`${posts.id} DESC`)
    .limit(sql.placeholder('limit'))
    .prepare('posts_live_page');
const liveStatements = new WeakMap<Db, ReturnType<typeof liveStatement>>();

/**
 * One page of what customers see: posts live at `now` (not drafts, published, not yet expired), most recently published
 * first, after the keyset `after` ([publish_at as PostgreSQL prints it, id]). One row more than asked says
 * whether another page follows.
 */
export async function livePosts(
  shopId: string,
  db: Db,
  now: Date,
  after: [string, string] | null,
  limit: number,
): Promise<{ rows: (PostRow & { publishAtText: string })[]; more: boolean }> {
  let statement = liveStatements.get(db);
  if (!statement) liveStatements.set(db, (statement = liveStatement(db)));
  const rows = await statement.execute({
    shopId,
    now: now.toISOString(),
    afterAt: after?.[0] ?? null,
    afterId: after?.[1] ?? null,
    limit: limit + 1,
  });
  return { rows: rows.slice(0, limit), more: rows.length > limit };
}
