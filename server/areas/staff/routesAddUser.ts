import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { format, messages } from '../../../domain/messages';
import { addUserBody } from '../../../domain/staff';
import { findUserByEmail, insertVerifiedUser } from '../accounts';
import { hashPassword } from '../../infra/auth/password';
import { conflict } from '../../infra/http/errors';
import { addSeller, shopName } from './repo';
import { messageResult, shopParams } from '../../infra/http/params';
import { sendAddedMail } from './mails';
import { requireStepUp } from '../../infra/auth/stepUp';

/** POST /shops/:shopId/add_user: a super admin creates a verified account and makes it the shop's ADMIN. */
const addUser: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/add_user',
    {
      preHandler: requireStepUp,
      config: { auth: 'superAdmin', shopRole: 'ADMIN' },
      schema: {
        tags: ['staff'],
        summary: 'Create a shop admin with a password',
        description:
          'The new account is verified; it is mailed how to sign in and a single-use link to choose its own password ' +
          '(never the password itself). An address that already has an account is a 409.',
        params: shopParams,
        body: addUserBody,
        response: { 201: messageResult },
      },
    },
    async (req, reply) => {
      const { db, clock } = app.services;
      const { email, password } = req.body;
      const { shopId } = req.params;
      if (await findUserByEmail(db, email)) throw conflict(messages.emailAlreadyRegistered, 'EMAIL_IN_USE');
      const passwordHash = await hashPassword(password);
      const name = await shopName(shopId, db);
      const userId = await db.transaction(async (tx) => {
        // A 409 too when the address was registered between the check above and this insert.
        const id = await insertVerifiedUser(tx, { email, name: email.split('@')[0], passwordHash, verifiedAt: clock.now() });
        await addSeller(shopId, tx, id, 'ADMIN');
        return id;
      });
      // After the commit: the mail's set-password link needs the account to exist. The account stands even if
      // the mail fails; the new admin still has the password the super admin chose, and 'Forgot password'.
      try {
        await sendAddedMail(app.services, { to: email, userId, shopName: name, byName: req.user!.name });
      } catch (err) {
        req.log.error({ err }, 'could not send the added-to-shop email');
      }
      return reply.status(201).send({ message: format(messages.userAddedAsAdmin, { email }) });
    },
  );
};
export default addUser;
