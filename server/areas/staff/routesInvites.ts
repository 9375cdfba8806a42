import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messages } from '../../../domain/messages';
import { inviteBody, inviteSchema } from '../../../domain/staff';
import type { SellerRole } from '../../../domain/shop';
import { forbidden } from '../../infra/http/errors';
import type { AuthUser, ShopRole } from '../../infra/context';
import { deleteInvite, findInvite, listInvites, renewInvite, saveInvite, shopName } from './repo';
import { messageResult, shopParams } from '../../infra/http/params';
import { inviteJson, newToken } from './inviteRecord';
import { sendInviteMail } from './mails';
import { countInviteMail } from './inviteLimit';
import { requireStepUp } from '../../infra/auth/stepUp';

const inviteParams = shopParams.extend({ inviteId: z.string() });

/** Only an ADMIN (or a super admin) may hand out the ADMIN role. */
function mayGrant(callerRole: ShopRole | null, role: SellerRole) {
  if (role === 'ADMIN' && callerRole !== 'ADMIN') throw forbidden();
}

/** GET/POST /shops/:shopId/invites, POST …/:inviteId/resend, DELETE …/:inviteId. */
const invitesRoutes: FastifyPluginAsyncZod = async (app) => {
  const mail = (user: AuthUser, shopId: string, name: string, invite: { id: string; toEmail: string; role: SellerRole }, token: string) =>
    sendInviteMail(app.services, {
      to: invite.toEmail,
      fromName: user.name,
      fromEmail: user.email,
      shopId,
      shopName: name,
      inviteId: invite.id,
      role: invite.role,
      token,
    });

  app.get(
    '/invites',
    {
      schema: { tags: ['staff'], summary: 'Pending invitations', params: shopParams, response: { 200: z.array(inviteSchema) } },
    },
    async (req) => {
      const { db, clock } = app.services;
      const rows = await listInvites(req.params.shopId, db, clock.now());
      return rows.map(inviteJson);
    },
  );

  app.post(
    '/invites',
    {
      preHandler: requireStepUp,
      schema: {
        tags: ['staff'],
        summary: 'Invite someone by e-mail',
        description: 'Inviting an address that already has an invitation replaces it: a new token, and the old link stops working.',
        params: shopParams,
        body: inviteBody,
        response: { 201: z.object({ message: z.string(), invite: inviteSchema }) },
      },
    },
    async (req, reply) => {
      const { db, clock } = app.services;
      const { shopId } = req.params;
      const { to, role } = req.body;
      mayGrant(req.shopRole, role);
      await countInviteMail(app.services, shopId, req.user!.id);
      const name = await shopName(shopId, db);
      const invite = await saveInvite(shopId, db, { to, role, from: req.user!, fresh: newToken(clock.now()) }, (row, token) =>
        mail(req.user!, shopId, name, row, token),
      );
      return reply.status(201).send({ message: messages.userInvited, invite: inviteJson(invite) });
    },
  );

  app.post(
    '/invites/:inviteId/resend',
    {
      preHandler: requireStepUp,
      schema: {
        tags: ['staff'],
        summary: 'Send the invitation again with a new link',
        params: inviteParams,
        response: { 200: messageResult },
      },
    },
    async (req) => {
      const { db, clock } = app.services;
      const { shopId, inviteId } = req.params;
      const current = await findInvite(shopId, db, inviteId);
      mayGrant(req.shopRole, current.role);
      await countInviteMail(app.services, shopId, req.user!.id);
      const name = await shopName(shopId, db);
      await renewInvite(shopId, db, current.id, newToken(clock.now()), (row, token) => mail(req.user!, shopId, name, row, token));
      return { message: messages.invitationEmailSent };
    },
  );

  app.delete(
    '/invites/:inviteId',
    {
      schema: { tags: ['staff'], summary: 'Withdraw an invitation', params: inviteParams, response: { 200: messageResult } },
    },
    async (req) => {
      const { db } = app.services;
      const { shopId, inviteId } = req.params;
      const current = await findInvite(shopId, db, inviteId);
      await deleteInvite(shopId, db, current.id);
      return { message: messages.inviteRemoved };
    },
  );
};
export default invitesRoutes;
