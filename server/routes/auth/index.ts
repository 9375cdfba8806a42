import type { FastifyInstance } from 'fastify';
import register from './register';
import login from './login';
import session from './session';
import reset from './reset';
import action from './action';
import verify from './verify';

/** /api/auth: accounts and sessions. */
export default async function auth(app: FastifyInstance) {
  await app.register(register);
  await app.register(login);
  await app.register(session);
  await app.register(reset);
  await app.register(action);
  await app.register(verify);
}
