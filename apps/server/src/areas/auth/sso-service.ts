import {
  allows,
  type SocialProviderEntry,
  type SocialProviderType,
  type SsoProviderId,
  socialLabel,
  ssoUsernameBase,
  ssoUsernameCandidate,
} from "@refrain/domain";
import { and, eq, inArray, ne, sql } from "drizzle-orm";
import type { OidcProviderConfig } from "../../adapters/sso/config.ts";
import type { SsoClaims } from "../../adapters/sso/providers.ts";
import { recordAudit } from "../../core/audit.ts";
import type { Db } from "../../db/client.ts";
import { userIdentities, users } from "../../db/schema/index.ts";

/** The buttons of one page: every provider for adults, the students' provider for students. */
export function socialProviderEntries(
  providers: OidcProviderConfig[],
  type: SocialProviderType,
): SocialProviderEntry[] {
  const shown = type === "student" ? providers.filter((p) => p.students) : providers;
  return shown.map((provider) => ({
    type: provider.id,
    url: type === "student" ? "/clever/login" : `/auth/oidc/${provider.id}/start?type=${type}`,
    label: socialLabel(type, provider.label),
    name: provider.label,
  }));
}

export type SsoOutcome =
  | { kind: "signed_in"; userId: number; redirect: string }
  /** A student whose provider account no teacher has linked yet. */
  | { kind: "student_not_found" }
  /** An adult account has the provider's e-mail, but the provider does not vouch for it. */
  | { kind: "email_in_use" }
  /** The linked account's district roster no longer lists it (issue 21). */
  | { kind: "deactivated" };

const COMPLETE_SIGNUP = "/complete-signup";
const USERNAME_ATTEMPTS = 8;
const NAME_MAX = 45;

/**
 * Who signs in after a verified callback: the user linked to this identity; for adults also an
 * account with the same e-mail when the provider says it is verified (then linked), else a new
 * teacher who completes the sign-up form first. Students are never created or linked here.
 */
export async function completeSsoSignIn(
  db: Db,
  input: { provider: SsoProviderId; type: SocialProviderType; claims: SsoClaims; ip: string },
): Promise<SsoOutcome> {
  const { provider, claims } = input;
  const [linked] = await db
    .select({
      id: users.id,
      role: users.role,
      signupComplete: users.signupComplete,
      deactivatedAt: users.deactivatedAt,
    })
    .from(userIdentities)
    .innerJoin(users, eq(users.id, userIdentities.userId))
    .where(and(eq(userIdentities.provider, provider), eq(userIdentities.subject, claims.subject)))
    .limit(1);
  if (linked?.deactivatedAt) return { kind: "deactivated" };
  if (linked) return signedIn(db, linked.id, linked.signupComplete);
  if (input.type === "student") return { kind: "student_not_found" };

  const sameEmail = claims.email
    ? await db
        .select({
          id: users.id,
          role: users.role,
          signupComplete: users.signupComplete,
          deactivatedAt: users.deactivatedAt,
        })
        .from(users)
        .where(
          and(
            ne(users.role, "student"),
            sql`lower(${users.email}) = ${claims.email.toLowerCase()}`,
          ),
        )
        .limit(2)
    : [];
  const existing = sameEmail[0];
  if (existing?.deactivatedAt && sameEmail.length === 1) return { kind: "deactivated" };
  if (existing) {
    // Only a class owner's account is linked by e-mail: an admin or staff account, which can
    // act for others, is never handed to whoever controls a provider account. Nor is one of
    // several accounts sharing the address: which one is the person's cannot be known.
    const linkable = sameEmail.length === 1 && allows("classOwners", existing.role);
    if (!claims.emailVerified || !linkable) return { kind: "email_in_use" };
    await db.transaction(async (tx) => {
      await tx.insert(userIdentities).values({
        userId: existing.id,
        provider,
        subject: claims.subject,
        email: claims.email,
      });
      await recordAudit(tx, {
        actor: existing.id,
        target: existing.id,
        action: "sso.link",
        ip: input.ip,
        details: { provider, by: "verified_email" },
      });
    });
    return signedIn(db, existing.id, existing.signupComplete);
  }

  const username = await freeUsername(db, claims);
  const userId = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(users)
      .values({
        role: "teacher",
        username,
        // An address the provider has not verified is not the user's to claim.
        email: claims.emailVerified ? claims.email : null,
        firstName: claims.givenName.slice(0, NAME_MAX),
        lastName: claims.familyName.slice(0, NAME_MAX),
        passwordHash: null,
        signupComplete: false,
      })
      .returning({ id: users.id });
    if (!created) throw new Error("The new account was not created");
    await tx
      .insert(userIdentities)
      .values({ userId: created.id, provider, subject: claims.subject, email: claims.email });
    await recordAudit(tx, {
      actor: created.id,
      target: created.id,
      action: "sso.signup",
      ip: input.ip,
      details: { provider },
    });
    return created.id;
  });
  return signedIn(db, userId, false);
}

async function signedIn(db: Db, userId: number, signupComplete: boolean): Promise<SsoOutcome> {
  await db.update(users).set({ lastLoginAt: sql`now()` }).where(eq(users.id, userId));
  return { kind: "signed_in", userId, redirect: signupComplete ? "/" : COMPLETE_SIGNUP };
}

/**
 * A username no adult has yet, from the e-mail or names, with a number when needed; a school
 * admin's invitation names its teacher the same way.
 */
export async function freeUsername(
  db: Db,
  claims: Parameters<typeof ssoUsernameBase>[0],
): Promise<string> {
  const base = ssoUsernameBase(claims);
  const candidates = Array.from({ length: USERNAME_ATTEMPTS }, (_, attempt) =>
    ssoUsernameCandidate(base, attempt, Math.random()),
  );
  const taken = await db
    .select({ name: sql<string>`lower(${users.username})` })
    .from(users)
    .where(and(ne(users.role, "student"), inArray(sql`lower(${users.username})`, candidates)));
  const takenNames = new Set(taken.map((row) => row.name));
  const free = candidates.find((name) => !takenNames.has(name));
  if (!free) throw new Error("No free username for a new account");
  return free;
}
