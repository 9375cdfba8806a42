import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  appBasicBody,
  appCreateBody,
  appSchema,
  appstoreBody,
  appstoreInfo,
  buildRequestBody,
  buildSchema,
  CREDENTIAL_FILES,
  playstoreBody,
  playstoreInfo,
} from '../../../domain/apps';
import { messages } from '../../../domain/messages';
import { badRequest, notFound } from '../../infra/http/errors';
import { createApp, currentLogo, listApps, loadApp, updateApp } from './repo';
import { appstoreComplete, getAppstore, getPlaystore, putAppstore, putPlaystore, readCredentialFile } from './serviceStores';
import { buildHistory, requestBuild } from './repoBuilds';
import { requireUsableImage } from '../../infra/images/usable';
import { apiError, fileResponse } from '../../infra/http/schemas';
import credentialFiles from './routesCredentialFiles';

const bundleParams = z.object({ bundleId: z.string().min(1).max(200) });

/** /whitelabel/apps: the platform's white-label apps (spec 1 §2). Super admins only, every route. */
const whitelabel: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRoute', (opts) => {
    opts.config = { ...opts.config, auth: 'superAdmin' };
  });
  const tags = ['whitelabel'];

  app.get(
    '/apps',
    {
      schema: {
        tags,
        summary: 'Every white-label app with its outlets and each store’s latest build',
        response: { 200: z.array(appSchema) },
      },
    },
    async (_req, reply) => {
      const list = await listApps(app.services.db);
      // ra-data-simple-rest reads the total from Content-Range.
      return reply.header('Content-Range', `apps 0-${Math.max(list.length - 1, 0)}/${list.length}`).send(list);
    },
  );

  app.post(
    '/apps',
    {
      schema: {
        tags,
        summary: 'Create an app; the bundle id is chosen here, once',
        body: appCreateBody,
        response: { 201: appSchema, 400: apiError, 409: apiError },
      },
    },
    async (req, reply) => {
      const { db, clock } = app.services;
      await requireUsableImage(null, db, req.body.logo.path, { userId: req.user!.id });
      return reply.status(201).send(await createApp(db, req.body, clock.now()));
    },
  );

  app.get(
    '/apps/:bundleId',
    { schema: { tags, summary: 'One app', params: bundleParams, response: { 200: appSchema, 404: apiError } } },
    async (req) => loadApp(app.services.db, req.params.bundleId),
  );

  app.put(
    '/apps/:bundleId',
    {
      schema: {
        tags,
        summary: 'Save tab Basic',
        params: bundleParams,
        body: appBasicBody,
        response: { 200: appSchema, 400: apiError, 404: apiError },
      },
    },
    async (req) => {
      const { db, clock } = app.services;
      const { bundleId } = req.params;
      const current = await currentLogo(db, bundleId);
      if (current === null) return loadApp(db, bundleId);
      await requireUsableImage(null, db, req.body.logo.path, { userId: req.user!.id, currentPath: current });
      return updateApp(db, bundleId, req.body, clock.now());
    },
  );

  app.get(
    '/apps/:bundleId/appstore',
    {
      schema: {
        tags,
        summary: 'Tab Appstore; secrets only as "set" flags',
        params: bundleParams,
        response: { 200: appstoreInfo, 404: apiError },
      },
    },
    async (req) => getAppstore(app.services.db, app.services.credentials, req.params.bundleId),
  );

  app.put(
    '/apps/:bundleId/appstore',
    {
      schema: {
        tags,
        summary: 'Save tab Appstore',
        description: 'Every field is required; a secret left out keeps its stored value. Upload the two files first (PUT …/files/{kind}).',
        params: bundleParams,
        body: appstoreBody,
        response: { 200: appstoreInfo, 400: apiError, 404: apiError },
      },
    },
    async (req) => putAppstore(app.services.db, app.services.credentials, req.params.bundleId, req.body, app.services.clock.now()),
  );

  app.get(
    '/apps/:bundleId/playstore',
    { schema: { tags, summary: 'Tab Playstore', params: bundleParams, response: { 200: playstoreInfo, 404: apiError } } },
    async (req) => getPlaystore(app.services.db, req.params.bundleId),
  );

  app.put(
    '/apps/:bundleId/playstore',
    {
      schema: {
        tags,
        summary: 'Save tab Playstore (both fields optional)',
        params: bundleParams,
        body: playstoreBody,
        response: { 200: playstoreInfo, 400: apiError, 404: apiError },
      },
    },
    async (req) => putPlaystore(app.services.db, req.params.bundleId, req.body, app.services.clock.now()),
  );

  await app.register(credentialFiles);

  app.get(
    '/apps/:bundleId/builds',
    {
      schema: {
        tags,
        summary: 'The app’s builds, newest first, each with its status changes',
        params: bundleParams,
        response: { 200: z.array(buildSchema), 404: apiError },
      },
    },
    async (req) => {
      await loadApp(app.services.db, req.params.bundleId);
      return buildHistory(app.services.db, req.params.bundleId);
    },
  );

  app.post(
    '/apps/:bundleId/builds',
    {
      schema: {
        tags,
        summary: 'Request a build for one store (REQUESTED until a build runner claims it)',
        params: bundleParams,
        body: buildRequestBody,
        response: { 201: buildSchema, 400: apiError, 404: apiError },
      },
    },
    async (req, reply) => {
      const { db, clock, credentials } = app.services;
      const { bundleId } = req.params;
      await loadApp(db, bundleId);
      if (req.body.store === 'APPSTORE' && !(await appstoreComplete(db, credentials, bundleId))) {
        throw badRequest(messages.appstoreIncomplete, { store: messages.appstoreIncomplete }, 'APPSTORE_INCOMPLETE');
      }
      return reply.status(201).send(await requestBuild(db, bundleId, req.body.store, req.user!.id, clock.now()));
    },
  );

  app.get(
    '/apps/:bundleId/files/:kind',
    {
      schema: {
        tags,
        summary: 'Download a credential file (super admins only)',
        params: bundleParams.extend({ kind: z.enum(CREDENTIAL_FILES) }),
        response: { 200: fileResponse('The file', ['application/octet-stream']), 404: apiError },
      },
    },
    async (req, reply) => {
      const { db, credentials, storage } = app.services;
      const { bundleId, kind } = req.params;
      await loadApp(db, bundleId);
      const file = await readCredentialFile(db, credentials, storage, bundleId, kind);
      if (!file) throw notFound('file', kind);
      return reply
        .header('Content-Type', 'application/octet-stream')
        .header('Content-Disposition', `attachment; filename="${file.name}"`)
        .header('Cache-Control', 'no-store')
        .header('X-Content-Type-Options', 'nosniff')
        .send(file.body);
    },
  );
};
export default whitelabel;
