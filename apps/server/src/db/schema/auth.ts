import { index, integer, jsonb, pgTable, serial, text, uniqueIndex } from "drizzle-orm/pg-core";
import { cascadingRef, createdAt, timestamptz } from "./columns.ts";
import { users } from "./core.ts";

/**
 * Server-side sessions. The cookie holds a random token; only its SHA-256 is stored, so a
 * leaked table does not sign anyone in. Deleting a user deletes their sessions.
 */
export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    userId: cascadingRef("user_id", () => users.id),
    /** The admin acting as `userId` while impersonating; null otherwise. */
    impersonatorId: integer("impersonator_id").references(() => users.id, {
      onDelete: "cascade",
    }),
    createdAt: createdAt(),
    lastSeenAt: timestamptz("last_seen_at").notNull().defaultNow(),
    expiresAt: timestamptz("expires_at").notNull(),
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
    createdAt: createdAt(),
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
    userId: cascadingRef("user_id", () => users.id),
    purpose: text("purpose", { enum: ["email_login", "password_reset"] }).notNull(),
    expiresAt: timestamptz("expires_at").notNull(),
    usedAt: timestamptz("used_at"),
    createdAt: createdAt(),
  },
  (t) => [index("login_tokens_user_idx").on(t.userId)],
);

/** A user's accounts at OpenID Connect providers (Google, Microsoft, Clever, ClassLink). */
export const userIdentities = pgTable(
  "user_identities",
  {
    id: serial("id").primaryKey(),
    userId: cascadingRef("user_id", () => users.id),
    provider: text("provider").notNull(),
    subject: text("subject").notNull(),
    email: text("email"),
    createdAt: createdAt(),
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
    resetAt: timestamptz("reset_at").notNull(),
  },
  (t) => [index("rate_limits_reset_idx").on(t.resetAt)],
);
