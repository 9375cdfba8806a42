import { boolean, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const users = pgTable('users', {
  id: uuid().primaryKey().defaultRandom(),
  /** Stored lower-cased; unique. */
  email: text().notNull().unique(),
  name: text().notNull(),
  passwordHash: text().notNull(),
  emailVerifiedAt: timestamp({ withTimezone: true }),
  isSuperAdmin: boolean().notNull().default(false),
  /** The user's own preferences (domain/preferences.ts), validated before writing; absent names read as their defaults. */
  preferences: jsonb().$type<Record<string, unknown>>().notNull().default({}),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** One row per signed-in device; the refresh token rotates on every use. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    refreshHash: text().notNull(),
    userAgent: text(),
    /** The address the session was signed in from (the sessions list shows its network only). */
    ip: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    revokedAt: timestamp({ withTimezone: true }),
    /**
     * The last time the person at this session proved who they are (signing in, or a step-up): what moves money or
     * trust is refused once it is older than STEP_UP_SECONDS.
     */
    provedAt: timestamp({ withTimezone: true }),
    /** Signed in by someone who must set two-factor up first: the session may do nothing else until they do. */
    twoFactorSetupOnly: boolean().notNull().default(false),
  },
  (t) => [index().on(t.userId)],
);

/**
 * Every refresh secret a session's rotations replaced. Presenting any of them again, however many
 * rotations ago it was issued, means a copy is in someone else's hands, so the whole session ends.
 * Rows go with their session (30 days at most).
 */
export const retiredRefreshHashes = pgTable(
  'retired_refresh_hashes',
  {
    hash: text().primaryKey(),
    sessionId: uuid()
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    retiredAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** The refresh token that replaced this one, sealed: what a refresh racing the rotation answers (sessions.ts). */
    successor: text(),
  },
  (t) => [index().on(t.sessionId)],
);

/** Verification and reset codes, stored hashed, single use. */
export const actionCodes = pgTable(
  'action_codes',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    mode: text({ enum: ['resetPassword', 'verifyEmail'] }).notNull(),
    codeHash: text().notNull().unique(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index().on(t.userId)],
);
