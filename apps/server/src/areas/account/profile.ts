import {
  accountMessages,
  type HowTeach,
  type LoginInformation,
  type MyInformation,
  signupMessages,
} from "@refrain/domain";
import { and, eq, ne, sql } from "drizzle-orm";
import { recordAudit } from "../../core/audit.ts";
import type { Auth } from "../../core/context.ts";
import { forbidden, invalid, ownedOr404 } from "../../core/errors.ts";
import { hashPassword, verifyPassword } from "../../core/passwords.ts";
import type { Db } from "../../db/client.ts";
import { sessions, users } from "../../db/schema/index.ts";
import { uniqueViolation } from "../../db/unique.ts";
import { voidLinks } from "../auth/index.ts";

/**
 * Login Information: a new username or password, confirmed by the current password. A new
 * password ends the account's other sessions (a stolen one with them); this one stays signed
 * in. Never while an admin acts as the account: their own password is not the account's.
 */
export async function updateLogin(db: Db, auth: Auth, input: LoginInformation, ip: string) {
  if (auth.impersonator) throw forbidden(accountMessages.notWhileImpersonating);
  const userId = auth.user.id;
  const [account] = await db
    .select({ username: users.username, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId));
  const { passwordHash } = ownedOr404(account);
  if (!(await verifyPassword(passwordHash, input.current_password)))
    throw invalid({ current_password: [accountMessages.currentPasswordWrong] });
  const newHash = input.password === "" ? null : await hashPassword(input.password);
  const taken = () => invalid({ username: [signupMessages.usernameTaken] });
  try {
    await db.transaction(async (tx) => {
      const [other] = await tx
        .select({ id: users.id })
        .from(users)
        .where(
          and(
            sql`lower(${users.username}) = ${input.username.toLowerCase()}`,
            ne(users.role, "student"),
            ne(users.id, userId),
          ),
        )
        .limit(1);
      if (other) throw taken();
      await tx
        .update(users)
        .set({ username: input.username, ...(newHash && { passwordHash: newHash }) })
        .where(eq(users.id, userId));
      if (newHash) {
        await tx
          .delete(sessions)
          .where(and(eq(sessions.userId, userId), ne(sessions.id, auth.sessionId)));
        await voidLinks(tx, userId);
      }
      await recordAudit(tx, {
        actor: auth,
        target: userId,
        action: newHash ? "password.change" : "username.change",
        ip,
        details: { username: input.username },
      });
    });
  } catch (error) {
    // Two accounts taking one name at once: the unique index settles it.
    if (uniqueViolation(error) !== null) throw taken();
    throw error;
  }
  return {
    username: input.username,
    message: newHash ? accountMessages.passwordChanged : accountMessages.loginSaved,
  };
}

/**
 * My Information. An admin acting as the account may correct a name, but not the e-mail
 * address, which is where password resets go (as plugins/guards.ts forbidWhileImpersonating).
 */
export async function updateInformation(db: Db, auth: Auth, input: MyInformation, ip: string) {
  const userId = auth.user.id;
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ email: users.email })
      .from(users)
      .where(eq(users.id, userId))
      .for("update");
    const emailChanged = (ownedOr404(before).email ?? "") !== input.email;
    if (emailChanged && auth.impersonator)
      throw forbidden("The email address cannot be changed while impersonating.");
    await tx
      .update(users)
      .set({
        firstName: input.firstname,
        lastName: input.lastname,
        email: input.email,
        mailAddress1: input.mailaddress1,
        mailCity: input.mailcity,
        mailState: input.mailstate,
        mailZip: input.mailzip,
      })
      .where(eq(users.id, userId));
    await recordAudit(tx, {
      actor: auth,
      target: userId,
      action: "account.update_info",
      ip,
      details: emailChanged ? { email: input.email } : {},
    });
  });
  return { ...input, message: accountMessages.infoSaved };
}

export async function updateHowTeach(db: Db, auth: Auth, input: HowTeach) {
  await db
    .update(users)
    .set({ howITeach: input.how_i_teach, deviceNumber: input.device_number })
    .where(eq(users.id, auth.user.id));
  return { ...input, message: accountMessages.howTeachSaved };
}
