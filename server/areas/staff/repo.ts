import { and, asc, desc, eq, gt, sql } from 'drizzle-orm';
import { messages } from '../../../domain/messages';
import type { SellerRole } from '../../../domain/shop';
import type { Seller } from '../../../domain/staff';
import { isUuid } from '../../infra/db/uuid';
import type { Db } from '../../infra/db/client';
import { shops, shopSellers, users } from '../../infra/db/tables';
import { invites, type InviteRow } from './tables';
import { badRequest, conflict, forbidden, notFound } from '../../infra/http/errors';
import { translateConstraints } from '../../infra/db/constraints';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Sends the mail of a saved invitation; runs inside its transaction, so a mail that cannot go out leaves no invitation. */
type Deliver = (invite: InviteRow, token: string) => Promise<void>;

/** A new link's token (mailed) and its hash and dates (stored). */
type FreshToken = { token: string; tokenHash: string; createdAt: Date; expiresAt: Date };

const shopGone = (shopId: string) => () => notFound('shop', shopId);

/** The shop's sellers, admins first. */
export async function listSellers(shopId: string, db: Db): Promise<Seller[]> {
  return db
    .select({ uid: users.id, email: users.email, name: users.name, role: shopSellers.role })
    .from(shopSellers)
    .innerJoin(users, eq(users.id, shopSellers.userId))
    .where(eq(shopSellers.shopId, shopId))
    .orderBy(asc(shopSellers.role), asc(users.email));
}

/**
 * Removes a seller. A USER may remove USER-role sellers and themselves; an ADMIN anyone, but never the last ADMIN.
 * The shop's admins are locked first, so two admins removing each other cannot leave the shop with none.
 */
export async function removeSeller(shopId: string, db: Db, uid: string, caller: { id: string; role: SellerRole | null }): Promise<void> {
  if (!isUuid(uid)) throw notFound('seller', uid);
  await db.transaction(async (tx) => {
    const admins = await tx
      .select({ userId: shopSellers.userId })
      .from(shopSellers)
      .where(and(eq(shopSellers.shopId, shopId), eq(shopSellers.role, 'ADMIN')))
      .for('update');
    const [target] = await tx
      .select({ role: shopSellers.role })
      .from(shopSellers)
      .where(and(eq(shopSellers.shopId, shopId), eq(shopSellers.userId, uid)));
    if (!target) throw notFound('seller', uid);
    if (caller.role !== 'ADMIN' && target.role === 'ADMIN' && uid !== caller.id) throw forbidden();
    if (target.role === 'ADMIN' && admins.length <= 1) throw conflict(messages.cannotRemoveLastAdmin, 'LAST_ADMIN');
    await tx.delete(shopSellers).where(and(eq(shopSellers.shopId, shopId), eq(shopSellers.userId, uid)));
  });
}

/** Makes a user a seller of the shop; one who already is one is a 409, never a second row or a changed role. */
export async function addSeller(shopId: string, db: Db | Tx, userId: string, role: SellerRole): Promise<void> {
  await translateConstraints(() => db.insert(shopSellers).values({ shopId, userId, role }), {
    unique: () => conflict(messages.alreadyShopUser, 'ALREADY_SHOP_USER'),
    foreignKey: shopGone(shopId),
  });
}

/** Invitations that can still be answered, newest first. */
export async function listInvites(shopId: string, db: Db, now: Date): Promise<InviteRow[]> {
  return db
    .select()
    .from(invites)
    .where(and(eq(invites.shopId, shopId), gt(invites.expiresAt, now)))
    .orderBy(desc(invites.createdAt));
}

/** An invitation of this shop; another shop's invitation id is a 404 like an unknown one. */
export async function findInvite(shopId: string, db: Db, inviteId: string): Promise<InviteRow> {
  if (!isUuid(inviteId)) throw notFound('invite', inviteId);
  const [row] = await db
    .select()
    .from(invites)
    .where(and(eq(invites.id, inviteId), eq(invites.shopId, shopId)));
  if (!row) throw notFound('invite', inviteId);
  return row;
}

/**
 * Invites an address: someone already in the shop is a 409; an address with an invitation gets a new token (its old
 * link stops working). One invitation per shop and address, even when two people invite the same address at once.
 */
export async function saveInvite(
  shopId: string,
  db: Db,
  invite: { to: string; role: SellerRole; from: { id: string; email: string }; fresh: FreshToken },
  deliver: Deliver,
): Promise<InviteRow> {
  const { to, role, from, fresh } = invite;
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`invite:${shopId}:${to}`}, 0))`);
    const [seller] = await tx
      .select({ uid: users.id })
      .from(shopSellers)
      .innerJoin(users, eq(users.id, shopSellers.userId))
      .where(and(eq(shopSellers.shopId, shopId), eq(users.email, to)));
    if (seller) throw conflict(messages.alreadyShopUser, 'ALREADY_SHOP_USER');
    const values = {
      fromUserId: from.id,
      fromEmail: from.email,
      role,
      tokenHash: fresh.tokenHash,
      createdAt: fresh.createdAt,
      expiresAt: fresh.expiresAt,
    };
    const [existing] = await tx
      .select({ id: invites.id })
      .from(invites)
      .where(and(eq(invites.shopId, shopId), eq(invites.toEmail, to)));
    const [row] = await translateConstraints(
      () =>
        existing
          ? tx.update(invites).set(values).where(eq(invites.id, existing.id)).returning()
          : tx
              .insert(invites)
              .values({ ...values, shopId, toEmail: to })
              .returning(),
      { foreignKey: shopGone(shopId) },
    );
    await deliver(row, fresh.token);
    return row;
  });
}

/** A new link for an invitation (the old one stops working), mailed inside the same transaction. */
export async function renewInvite(shopId: string, db: Db, inviteId: string, fresh: FreshToken, deliver: Deliver): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(invites)
      .set({ tokenHash: fresh.tokenHash, createdAt: fresh.createdAt, expiresAt: fresh.expiresAt })
      .where(and(eq(invites.id, inviteId), eq(invites.shopId, shopId)))
      .returning();
    if (!row) throw notFound('invite', inviteId);
    await deliver(row, fresh.token);
  });
}

export async function deleteInvite(shopId: string, db: Db, inviteId: string): Promise<void> {
  await db.delete(invites).where(and(eq(invites.id, inviteId), eq(invites.shopId, shopId)));
}

const invalidLink = () => badRequest(messages.invitationInvalid, undefined, 'INVITATION_INVALID');

/** The invitation a link names, if the token (given by its hash) is its current one and it has not expired. */
export async function inviteFromLink(shopId: string, db: Db, inviteId: string, tokenHash: string, now: Date): Promise<InviteRow> {
  if (!isUuid(shopId) || !isUuid(inviteId)) throw invalidLink();
  const [row] = await db
    .select()
    .from(invites)
    .where(and(eq(invites.id, inviteId), eq(invites.shopId, shopId), eq(invites.tokenHash, tokenHash)));
  if (!row) throw invalidLink();
  if (row.expiresAt <= now) throw badRequest(messages.invitationExpired, undefined, 'INVITATION_EXPIRED');
  return row;
}

/**
 * Uses up an invitation's link; deleting by id, token and expiry makes it single-use even when opened twice at once.
 * Accepting also makes the invited user a seller, unless they already are one (an admin is never demoted by an old
 * invitation).
 */
export async function answerInvite(shopId: string, db: Db, invite: InviteRow, now: Date, accept: { userId: string } | null): Promise<void> {
  await db.transaction(async (tx) => {
    const [spent] = await tx
      .delete(invites)
      .where(
        and(eq(invites.id, invite.id), eq(invites.shopId, shopId), eq(invites.tokenHash, invite.tokenHash), gt(invites.expiresAt, now)),
      )
      .returning({ id: invites.id });
    if (!spent) throw invalidLink();
    if (accept) await tx.insert(shopSellers).values({ shopId, userId: accept.userId, role: invite.role }).onConflictDoNothing();
  });
}

/** The shop's name, for mails that quote it. */
export async function shopName(shopId: string, db: Db): Promise<string> {
  const [row] = await db.select({ name: shops.name }).from(shops).where(eq(shops.id, shopId));
  if (!row) throw notFound('shop', shopId);
  return row.name;
}
