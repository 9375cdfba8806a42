import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { format, messages } from '../../../domain/messages';
import { IMAGE_ASPECT_LABELS } from '../../../domain/constants';
import { postBody, postSchema, type PostInput } from '../../../domain/post';
import { DEFAULT_RANGE, listQuery, sendRange } from '../../infra/db/list';
import { createPost, deletePost, listPosts, loadPost, POST_SORTABLE, updatePost } from './repo';
import { requireShopImages } from '../../infra/images/shopImages';
import type { Db } from '../../infra/db/client';
import { shopParams } from '../../infra/http/params';
import { postJson } from './postRecord';

const postParams = shopParams.extend({ postId: z.string().describe('Post id (uuid)') });
const query = listQuery(POST_SORTABLE, { id: z.union([z.string(), z.array(z.string())]).optional() });

const SAVING =
  'status "DRAFT" keeps the post from customers (a publishAt it has waits until it is published). ' +
  'Without it (or with "PUBLISHED") the post is published: at publishAt, or at once when there is none ' +
  '(a post already live keeps the time it went live). A post as the API answers it can be sent back as it is.';

/** Every image must be one this server stored for the shop, cropped to the post's ratio. */
function checkImages(shopId: string, db: Db, input: PostInput, userId: string, keep: { path: string }[] = []) {
  const aspect = input.images.aspectRatio ?? null;
  return requireShopImages(
    shopId,
    db,
    input.images.images.map((i) => i.path),
    {
      userId,
      keep: keep.map((i) => i.path),
      aspect,
      field: (i) => `images.images.${i}.path`,
      wrongAspect: format(messages.postImageAspect, { ratio: aspect ? IMAGE_ASPECT_LABELS[aspect] : '' }),
    },
  );
}

/**
 * /shops/:shopId/posts (ra-data-simple-rest): the shop's posts, newest first by default. Every member manages
 * them (spec 1 §6: signed-in shop users manage their shops); created and updated are the server's.
 */
const posts: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/posts',
    {
      schema: {
        tags: ['posts'],
        summary: "A shop's posts, newest first",
        description: 'sort=["created","DESC"] (default), range=[0,19], filter={"id":[...]}; Content-Range: posts start-end/total.',
        params: shopParams,
        querystring: query,
        response: { 200: z.array(postSchema) },
      },
    },
    async (req, reply) => {
      const { db, clock } = app.services;
      const range = req.query.range ?? DEFAULT_RANGE;
      const { rows, total } = await listPosts(req.params.shopId, db, {
        sort: req.query.sort ?? ['created', 'DESC'],
        range,
        filter: req.query.filter ?? {},
      });
      sendRange(reply, 'posts', range, rows.length, total);
      const now = clock.now();
      return rows.map((r) => postJson(r, now, req.log));
    },
  );

  app.post(
    '/posts',
    {
      config: { staffPermission: 'posts' },
      schema: {
        tags: ['posts'],
        summary: 'Create a post',
        description: SAVING,
        params: shopParams,
        body: postBody,
        response: { 201: postSchema },
      },
    },
    async (req, reply) => {
      const { db, clock } = app.services;
      const { shopId } = req.params;
      await checkImages(shopId, db, req.body, req.user!.id);
      const now = clock.now();
      const row = await createPost(shopId, db, req.body, req.user!.id, now);
      return reply.status(201).send(postJson(row, now, req.log));
    },
  );

  app.get(
    '/posts/:postId',
    { schema: { tags: ['posts'], summary: 'One post', params: postParams, response: { 200: postSchema } } },
    async (req) => postJson(await loadPost(req.params.shopId, app.services.db, req.params.postId), app.services.clock.now(), req.log),
  );

  app.put(
    '/posts/:postId',
    {
      config: { staffPermission: 'posts' },
      schema: {
        tags: ['posts'],
        summary: 'Replace a post',
        description: SAVING,
        params: postParams,
        body: postBody,
        response: { 200: postSchema },
      },
    },
    async (req) => {
      const { db, clock } = app.services;
      const { shopId, postId } = req.params;
      const current = await loadPost(shopId, db, postId);
      await checkImages(shopId, db, req.body, req.user!.id, current.images);
      const now = clock.now();
      return postJson(await updatePost(shopId, db, current, req.body, req.user!.id, now), now, req.log);
    },
  );

  app.delete(
    '/posts/:postId',
    {
      config: { staffPermission: 'posts' },
      schema: { tags: ['posts'], summary: 'Delete a post', params: postParams, response: { 200: postSchema } },
    },
    async (req) => postJson(await deletePost(req.params.shopId, app.services.db, req.params.postId), app.services.clock.now(), req.log),
  );
};
export default posts;
