import { type AccountDeletion, accountMessages, allows } from "@refrain/domain";
import { eq, sql } from "drizzle-orm";
import { allStudentsOf } from "../../core/access.ts";
import { recordAudit } from "../../core/audit.ts";
import type { Auth } from "../../core/context.ts";
import { forbidden, invalid, ownedOr404 } from "../../core/errors.ts";
import { verifyPassword } from "../../core/passwords.ts";
import { mailOutbox, users } from "../../db/schema/index.ts";
import type { Billing, EraseAccount } from "../account/index.ts";
import { cancelBeforeErasure } from "../account/index.ts";
import {
  afterErasure,
  type ErasureDeps,
  eraseUsersIn,
  erasureStores,
  writeLedger,
} from "./erase.ts";

/**
 * A teacher or parent deletes their own account from Settings and Preferences (issue 19): their
 * students go with it, erased as the roster erases one (erase.ts), then the account itself and
 * everything that names it. Its own username and password confirm it; never while an admin acts
 * as the account. A running subscription is cancelled with the payment provider first, so a
 * provider that cannot be reached leaves everything as it was. What stays is a ledger row per
 * person (ids and file keys) and one audit row that names no one.
 */
export async function eraseAccount(
  deps: ErasureDeps & { billing: Billing },
  auth: Auth,
  input: AccountDeletion,
): Promise<{ students: number }> {
  if (auth.impersonator) throw forbidden(accountMessages.deleteNotWhileImpersonating);
  const accountId = auth.user.id;
  const [found] = await deps.db
    .select({
      role: users.role,
      username: users.username,
      email: users.email,
      passwordHash: users.passwordHash,
    })
    .from(users)
    .where(eq(users.id, accountId));
  const account = ownedOr404(found);
  if (input.username.toLowerCase() !== account.username.toLowerCase())
    throw invalid({ username: [accountMessages.usernameMismatch] });
  if (
    account.passwordHash !== null &&
    !(await verifyPassword(account.passwordHash, input.current_password))
  )
    throw invalid({ current_password: [accountMessages.currentPasswordWrong] });
  if (!allows("classOwners", account.role)) throw forbidden();
  const subject = account.role;

  await cancelBeforeErasure(deps.billing, accountId);
  const { ledger, sealed, students } = await deps.db.transaction(async (tx) => {
    const chosen = await tx
      .select({ id: users.id, sealed: users.passwordEncrypted })
      .from(users)
      .where(allStudentsOf(accountId))
      .orderBy(users.id)
      .for("update");
    const { people, files } = await eraseUsersIn(tx, [...chosen.map((s) => s.id), accountId]);
    // Mail to the account's own address (sign-in links, receipts, invitations) names them too.
    const own = account.email
      ? await tx
          .delete(mailOutbox)
          .where(sql`lower(${mailOutbox.to}) = ${account.email.toLowerCase()}`)
          .returning({ id: mailOutbox.id })
      : [];
    for (const mail of own) files.get(accountId)?.add(`files:mail/${mail.id}/`);
    const ledger = await writeLedger(
      tx,
      people.map((p) => ({
        subject: p.id === accountId ? subject : ("student" as const),
        subjectId: p.id,
        keys: files.get(p.id),
      })),
    );
    // The actor is gone with the account, and the address would point at them: neither is kept.
    await recordAudit(tx, {
      actor: null,
      action: "account.erase",
      target: null,
      ip: null,
      details: { students: chosen.length, ledgerIds: ledger.map((l) => l.id) },
    });
    return { ledger, sealed: chosen.flatMap((s) => s.sealed ?? []), students: chosen.length };
  });
  for (const text of sealed) deps.passwordBox?.forget(text);
  await afterErasure(deps, ledger);
  return { students };
}

/**
 * `eraseAccount` as Settings' delete_account calls it (app.ts hands it to the account area):
 * the stores the erased files go from are this server's.
 */
export const eraseOwnAccount: EraseAccount = ({ media, storage, config, ...deps }, auth, input) =>
  eraseAccount({ ...deps, stores: erasureStores({ media, storage, config }) }, auth, input);
