import {
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { users } from "./core.ts";

/**
 * Server-side sessions. The cookie holds a random token; only its SHA-256 is stored, so a
 * leaked table does not sign anyone in. Deleting a user deletes their sessions.
 */
export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The admin acting as `userId` while impersonating; null otherwise. */
    impersonatorId: integer("impersonator_id").references(() => users.id, {
      onDelete: "cascade",
    }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    ip: text("ip"),
    userAgent: text("user_agent"),
  },
  (t) => [index("sessions_user_idx").on(t.userId), index("sessions_expires_idx").on(t.expiresAt)],
);

/** Impersonation and destructive actions, kept after the people involved are gone. */
export const auditLog = pgTable(
  "audit_log",
  {
    id: serial("id").primaryKey(),
    /** The person who acted: the admin, when they act while impersonating someone. */
    actorId: integer("actor_id"),
    /** The account the actor acted as while impersonating it; null when they acted as themselves. */
    onBehalfOfId: integer("on_behalf_of_id"),
    targetId: integer("target_id"),
    action: text("action").notNull(),
    ip: text("ip"),
    details: jsonb("details").$type<Record<string, unknown>>(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("audit_log_actor_idx").on(t.actorId), index("audit_log_action_idx").on(t.action)],
);

/**
 * Single-use sign-in links (e-mail login, password reset). Only the token's SHA-256 is kept;
 * `usedAt` makes a second use fail.
 */
export const loginTokens = pgTable(
  "login_tokens",
  {
    id: text("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: text("purpose", { enum: ["email_login", "password_reset"] }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("login_tokens_user_idx").on(t.userId)],
);

/** A user's accounts at OpenID Connect providers (Google, Microsoft, Clever, ClassLink). */
export const userIdentities = pgTable(
  "user_identities",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    provider: text("provider").notNull(),
    subject: text("subject").notNull(),
    email: text("email"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("user_identities_provider_subject_uq").on(t.provider, t.subject),
    index("user_identities_user_idx").on(t.userId),
  ],
);

/**
 * The rate limits' counters (limits.ts), one row per limit and key, shared by every app server
 * so that several count as one (decision 0003). `resetAt` ends the window; the hourly clean-up
 * deletes the ended ones.
 */
export const rateLimits = pgTable(
  "rate_limits",
  {
    key: text("key").primaryKey(),
    count: integer("count").notNull(),
    resetAt: timestamp("reset_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("rate_limits_reset_idx").on(t.resetAt)],
);
