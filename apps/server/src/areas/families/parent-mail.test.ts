import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { mailAppForFile } from "../../../test/own-app.ts";
import { parentMailDeps } from "../../../test/parent-mail.ts";
import { SECRET_MARKER } from "../../adapters/mail.ts";
import { familyPreferences, mailOutbox, users } from "../../db/schema/index.ts";
import { paragraph } from "../../mail-layout.ts";
import { type ParentAddressee, sendParentMail } from "./parent-mail.ts";
import { UnsubscribeTokens } from "./unsubscribe-token.ts";

const ctx = mailAppForFile({ PUBLIC_URL: "https://refrain.example" });

const deps = () => parentMailDeps(ctx);

let seq = 0;
/** A student whose parent has an address and `prefs` (none: no preferences row). */
async function student(prefs?: Partial<typeof familyPreferences.$inferInsert>, email?: string) {
  const teacher = await ctx.factories.user({ role: "teacher" });
  const row = await ctx.factories.user({
    role: "student",
    teacherId: teacher.id,
    firstName: "Ana",
  });
  const parentEmail = email === undefined ? `parent${++seq}@example.org` : email || null;
  await ctx.db.update(users).set({ parentEmail }).where(eq(users.id, row.id));
  if (prefs) await ctx.db.insert(familyPreferences).values({ studentId: row.id, ...prefs });
  return { id: row.id, parentEmail };
}

const compose = (a: ParentAddressee) => ({
  subject: a.language === "es" ? "Hola" : "Hello",
  content: paragraph(a.language === "es" ? "Un mensaje sobre Ana." : "A note about Ana."),
});

describe("sendParentMail", () => {
  it("sends in the parent's language with RFC 8058's headers, the footer link and a plain-text part", async () => {
    const s = await student({ sendParentEmails: true, language: "es" });
    const result = await sendParentMail(deps(), { student: s.id, list: "parent_emails", compose });
    expect(result).toMatchObject({ status: "queued", to: s.parentEmail });

    const mail = await ctx.sink.take(s.parentEmail as string);
    const url = new UnsubscribeTokens(ctx.config.APP_SECRET).url("https://refrain.example", {
      studentId: s.id,
      list: "parent_emails",
    });
    expect(mail.subject).toBe("Hola");
    expect(mail.headers["list-unsubscribe"]).toBe(`<${url}>`);
    expect(mail.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
    expect(mail.text).toContain("Un mensaje sobre Ana.");
    expect(mail.text).toContain(`Dejar de recibir estos correos ${url}`);
    expect(mail.text).not.toMatch(/<[a-z]/i);
    expect(mail.html).toContain('lang="es"');
    expect(mail.html).toContain(`href="${url}"`);

    // Staff reading the outbox cannot stop this family's mail.
    const [kept] = await ctx.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.id, result.status === "queued" ? result.outboxId : 0));
    expect(kept?.text).toContain(SECRET_MARKER);
    expect(kept?.text).not.toContain(url);
  });

  it("uses the weekly report's own list and link", async () => {
    const s = await student({ sendWeeklyReport: true });
    await sendParentMail(deps(), { student: s.id, list: "weekly_report", compose });
    const mail = await ctx.sink.take(s.parentEmail as string);
    const token = new UnsubscribeTokens(ctx.config.APP_SECRET).sign({
      studentId: s.id,
      list: "weekly_report",
    });
    expect(mail.subject).toBe("Hello");
    expect(mail.headers["list-unsubscribe"]).toBe(`<https://refrain.example/u/${token}>`);
  });

  const at = new Date("2025-01-02T03:04:05Z");
  it.each([
    ["no_student", null, undefined],
    ["no_address", { sendParentEmails: true }, ""],
    ["list_off", undefined, undefined],
    ["list_off", { sendWeeklyReport: true }, undefined],
    ["unsubscribed", { sendParentEmails: true, parentEmailsUnsubscribedAt: at }, undefined],
    ["bouncing", { sendParentEmails: true, bouncingAt: at }, undefined],
  ] as const)("sends nothing when %s", async (reason, prefs, email) => {
    const s = prefs === null ? { id: 2_000_000_000 } : await student(prefs, email);
    let composed = false;
    const result = await sendParentMail(deps(), {
      student: s.id,
      list: "parent_emails",
      compose: (a) => {
        composed = true;
        return compose(a);
      },
    });
    expect(result).toEqual({ status: "skipped", reason });
    expect(composed).toBe(false);
  });
});
