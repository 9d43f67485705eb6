import { adultNameFields, emailAddress, signupUserName } from "@refrain/domain";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { issueToken } from "../areas/auth/index.ts";
import type { Db } from "../db/client.ts";
import { users } from "../db/schema/index.ts";

/** How long the first password link works: an operator may hand it over the next day. */
export const STAFF_LINK_MINUTES = 3 * 24 * 60;

/** The new staff account as sign-up checks an adult's username, names and address. */
export const staffRequest = z.object({
  username: signupUserName,
  email: emailAddress,
  ...adultNameFields,
});

/**
 * `npm run staff:add`: a staff account with no password yet, and a single-use link (three days)
 * where its owner chooses one. How a deployment without the demo world (DEMO_WORLD=off, the
 * production default) gets its first account; staff then invite everyone else. Null when the
 * username is taken.
 */
export async function addStaff(
  db: Db,
  input: z.input<typeof staffRequest>,
  publicUrl: string,
): Promise<{ userId: number; link: string } | null> {
  const staff = staffRequest.parse(input);
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.username}) = lower(${staff.username})`);
  if (taken) return null;
  const [row] = await db
    .insert(users)
    .values({ role: "staff", ...staff, passwordHash: null })
    .returning({ id: users.id });
  const userId = (row as { id: number }).id;
  const token = await issueToken(db, userId, "password_reset", new Date(), STAFF_LINK_MINUTES);
  return { userId, link: `${publicUrl}/password/reset/${token}` };
}
