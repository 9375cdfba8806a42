import type { FastifyInstance } from 'fastify';
import register from './register';
import login from './login';
import session from './session';
import reset from './reset';
import action from './action';
import verify from './verify';

/**
 * /api/auth: accounts and sessions. Several of these POSTs carry no body, and browser clients
 * (react-admin's fetchJson) still send `Content-Type: application/json`; an empty body reads as none.
 */
export default async function auth(app: FastifyInstance) {
  const json = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    const text = body.toString();
    if (text === '') return done(null, undefined);
    return json(req, text, done);
  });
  await app.register(register);
  await app.register(login);
  await app.register(session);
  await app.register(reset);
  await app.register(action);
  await app.register(verify);
}
