import type { FastifyInstance } from 'fastify';
import register from './routesRegister';
import login from './routesLogin';
import session from './routesSession';
import reset from './routesReset';
import action from './routesAction';
import verify from './routesVerify';
import { noStore } from '../../infra/auth/sessions';

/** /api/auth: accounts and sessions. */
export default async function auth(app: FastifyInstance) {
  // Answers here carry access tokens, refresh cookies or spend mailed codes: no cache may keep them.
  app.addHook('onRequest', async (_req, reply) => {
    noStore(reply);
  });
  await app.register(register);
  await app.register(login);
  await app.register(session);
  await app.register(reset);
  await app.register(action);
  await app.register(verify);
}
