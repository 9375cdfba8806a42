import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import sellers from './routesSellers';
import invites from './routesInvites';
import answer from './routesAnswer';
import addUser from './routesAddUser';

/** /shops/:shopId/sellers, /invites and /add_user (permission table in the README). */
const staff: FastifyPluginAsyncZod = async (app) => {
  await app.register(sellers);
  await app.register(invites);
  await app.register(answer);
  await app.register(addUser);
};
export default staff;
