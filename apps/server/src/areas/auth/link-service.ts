import { createHash, randomBytes } from "node:crypto";
import {
  EMAIL_LINK_MINUTES,
  fullName,
  INVITATION_LINK_DAYS,
  PASSWORD_RESET_MINUTES,
} from "@refrain/domain";
import { and, asc, desc, eq, gt, isNull, ne, sql } from "drizzle-orm";
import type { MailMessage } from "../../adapters/mail.ts";
import { recordAudit } from "../../core/audit.ts";
import { hashPassword } from "../../core/passwords.ts";
import type { Db } from "../../db/client.ts";
import { loginTokens, sessions, users } from "../../db/schema/index.ts";
import { escapeHtml } from "../../html.ts";
import { letter } from "../../mail-layout.ts";

export type TokenPurpose = "email_login" | "password_reset";

const MINUTES: Record<TokenPurpose, number> = {
  email_login: EMAIL_LINK_MINUTES,
  password_reset: PASSWORD_RESET_MINUTES,
};

/** Only the token's SHA-256 is stored: a leaked table opens no account. */
const tokenId = (token: string) => createHash("sha256").update(token).digest("hex");

interface Adult {
  id: number;
  username: string;
  email: string;
  firstName: string;
  lastName: string;
}

/** The most accounts of one e-mail address that get links, or are tried at sign-in, at once. */
export const ACCOUNTS_PER_ADDRESS = 5;

/**
 * The order in which accounts sharing an e-mail address (docs/decisions/0007) are taken, when
 * only the first few are: those that have opened a link sent to the address, which only whoever
 * reads its mail can do, then the most recently signed in, then the oldest. So someone who signs
 * up many accounts with another person's address, before or after them, cannot push that
 * person's account out of its links, resets and e-mail sign-in once it has opened one link.
 */
export const ownersOfAddressFirst = [
  desc(
    sql`exists (select 1 from ${loginTokens} where ${loginTokens.userId} = ${users.id} and ${loginTokens.usedAt} is not null)`,
  ),
  sql`${users.lastLoginAt} desc nulls last`,
  asc(users.id),
];

/** Adults (never students) whose e-mail address `email` is, whatever its case. */
export const adultWithEmail = (email: string) =>
  and(
    ne(users.role, "student"),
    sql`lower(${users.email}) = ${email.trim().toLowerCase()}`,
    // A district's roster dropped them (issue 21): the address signs no one in.
    isNull(users.deactivatedAt),
  );

/**
 * The adults whose e-mail address this is, in `ownersOfAddressFirst` order: several accounts may
 * share one (docs/decisions/0007), and each gets its own link naming its username.
 */
export async function findAdultsByEmail(db: Db, email: string): Promise<Adult[]> {
  const rows = await db
    .select({
      id: users.id,
      username: users.username,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(users)
    .where(adultWithEmail(email))
    .orderBy(...ownersOfAddressFirst)
    .limit(ACCOUNTS_PER_ADDRESS);
  return rows.flatMap((row) => (row.email ? [{ ...row, email: row.email }] : []));
}

/**
 * A new single-use token for `purpose`; the caller puts it in a link. `lifetimeMinutes` is for
 * a link that must wait longer than its purpose's own, such as a teacher's invitation.
 */
export async function issueToken(
  db: Db,
  userId: number,
  purpose: TokenPurpose,
  now = new Date(),
  lifetimeMinutes = MINUTES[purpose],
): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await db.insert(loginTokens).values({
    id: tokenId(token),
    userId,
    purpose,
    expiresAt: new Date(now.getTime() + lifetimeMinutes * 60_000),
  });
  return token;
}

const usable = (token: string, purpose: TokenPurpose) =>
  and(
    eq(loginTokens.id, tokenId(token)),
    eq(loginTokens.purpose, purpose),
    isNull(loginTokens.usedAt),
    gt(loginTokens.expiresAt, sql`now()`),
    // An invitation or link sent before the roster dropped its owner opens nothing.
    sql`not exists (select 1 from users u where u.id = ${loginTokens.userId} and u.deactivated_at is not null)`,
  );

/** Uses the token up, in one statement so two clicks cannot both succeed; its user, or null. */
export async function consumeToken(
  db: Db,
  token: string,
  purpose: TokenPurpose,
): Promise<number | null> {
  const [row] = await db
    .update(loginTokens)
    .set({ usedAt: sql`now()` })
    .where(usable(token, purpose))
    .returning({ userId: loginTokens.userId });
  return row?.userId ?? null;
}

/** Whose account an unused, unexpired token opens, without using it. */
export async function peekToken(db: Db, token: string, purpose: TokenPurpose) {
  const [row] = await db
    .select({ userId: users.id, username: users.username })
    .from(loginTokens)
    .innerJoin(users, eq(users.id, loginTokens.userId))
    .where(usable(token, purpose))
    .limit(1);
  return row ?? null;
}

export async function markSignedIn(db: Db, userId: number) {
  await db.update(users).set({ lastLoginAt: sql`now()` }).where(eq(users.id, userId));
}

/**
 * Spends every link of the account not yet used (sign-in, reset, invitation): with a new
 * password, one asked for by whoever had the account must not open it again.
 */
export async function voidLinks(db: Db, userId: number) {
  await db
    .update(loginTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(loginTokens.userId, userId), isNull(loginTokens.usedAt)));
}

/**
 * Sets a new password after a reset: ends every session of the account (whoever may have
 * had it), voids its other links and records it.
 */
export async function setPasswordAfterReset(db: Db, userId: number, password: string, ip: string) {
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ passwordHash, lastLoginAt: sql`now()` })
      .where(eq(users.id, userId));
    await tx.delete(sessions).where(eq(sessions.userId, userId));
    await voidLinks(tx, userId);
    await recordAudit(tx, { actor: userId, target: userId, action: "password.reset", ip });
  });
}

/** A letter whose link signs in or sets a password, in the shared layout (mail-layout.ts). */
async function linkLetter(opts: {
  to: string;
  subject: string;
  greeting: string;
  paragraphs: string[];
  link: { url: string; label: string };
  closing: string;
}): Promise<MailMessage> {
  const { to, subject, ...body } = opts;
  const { text, html } = await letter({ ...body, title: subject });
  // The link signs in: staff reading the outbox must not be able to use it.
  return { to, subject, text, html, secrets: [opts.link.url, escapeHtml(opts.link.url)] };
}

const greet = (adult: Adult) =>
  `Hello ${fullName(adult.firstName, adult.lastName) || adult.username},`;

export function emailLinkLetter(adult: Adult, url: string): Promise<MailMessage> {
  return linkLetter({
    to: adult.email,
    subject: "Your Refrain login link",
    greeting: greet(adult),
    paragraphs: [
      "Someone (we hope you) asked for a link to sign in to Refrain without a password.",
      `The link signs in your account with the username ${adult.username}.`,
      `Click the link below to sign in. It works once, for the next ${EMAIL_LINK_MINUTES} minutes.`,
    ],
    link: { url, label: "Sign in to Refrain" },
    closing: "If you did not ask for this link, you can ignore this email: nothing changes.",
  });
}

export function passwordResetLetter(adult: Adult, url: string): Promise<MailMessage> {
  return linkLetter({
    to: adult.email,
    subject: "Reset your Refrain password",
    greeting: greet(adult),
    paragraphs: [
      `Your Refrain username is ${adult.username}.`,
      `To choose a new password, open the link below. It works once, for the next ${PASSWORD_RESET_MINUTES} minutes.`,
    ],
    link: { url, label: "Choose a new password" },
    closing:
      "If you did not ask to reset your password, you can ignore this email: your password stays as it is.",
  });
}

/** How long an invitation's link works: a reset link that waits in an inbox over a weekend. */
export const INVITATION_LINK_MINUTES = INVITATION_LINK_DAYS * 24 * 60;

/**
 * A school admin's invitation: the teacher's account exists without a password, and the link
 * (a password reset token of the invitation's lifetime) lets them choose one.
 */
export function invitationLetter(
  invitation: { adult: Adult; invitedBy: string; school: string },
  url: string,
): Promise<MailMessage> {
  const { adult, invitedBy, school } = invitation;
  return linkLetter({
    to: adult.email,
    subject: `${invitedBy} invited you to Refrain`,
    greeting: greet(adult),
    paragraphs: [
      `${invitedBy} invited you to Refrain at ${school}, to build your students' reading fluency with song-lyric lessons.`,
      `Your Refrain username is ${adult.username}.`,
      `To choose your password, open the link below. It works once, for the next ${INVITATION_LINK_DAYS} days.`,
    ],
    link: { url, label: "Choose your password" },
    closing:
      "If you did not expect this invitation, you can ignore this email: nobody can sign in to the account without choosing a password through this link.",
  });
}
