import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { riveraClass } from "../../../test/classes.ts";
import { mailAppForFile } from "../../../test/own-app.ts";
import { familyPreferences, users } from "../../db/schema/index.ts";

const ctx = mailAppForFile();

let seq = 0;
/** A teacher signed in, and a student whose parent has `prefs`. */
async function classWithParent(prefs: Partial<typeof familyPreferences.$inferInsert>) {
  const { student, client } = await riveraClass(ctx);
  const parentEmail = `feedback-parent${++seq}@example.org`;
  await ctx.db.update(users).set({ parentEmail }).where(eq(users.id, student.id));
  await ctx.db.insert(familyPreferences).values({ studentId: student.id, ...prefs });
  const save = async (message: string) => {
    const reply = await client.post(`/student/feedback/${student.id}`, { message });
    expect(reply.status).toBe(200);
    await ctx.app.whenIdle();
  };
  const received = () => ctx.sink.received.filter((m) => m.to.includes(parentEmail));
  return { save, received };
}

describe("a teacher's message to a student reaches the parent", () => {
  it("when parent e-mails are on, once per new message, in the layout with the unsubscribe link", async () => {
    const { save, received } = await classWithParent({ sendParentEmails: true });
    await save("Ana read <b>beautifully</b> today.\nKeep it up!");
    await save("Ana read <b>beautifully</b> today.\nKeep it up!");
    const [mail, ...more] = received();
    expect(more).toEqual([]);
    expect(mail?.subject).toBe("A message from Elena Rivera to Ana");
    expect(mail?.text).toContain("Elena Rivera wrote this message to Ana on Refrain today:");
    expect(mail?.text).toContain("Ana read <b>beautifully</b> today.");
    expect(mail?.html).not.toContain("<b>beautifully");
    expect(mail?.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
    await save("A new message.");
    await save("");
    expect(received()).toHaveLength(2);
  });

  it("in the parent's language", async () => {
    const { save, received } = await classWithParent({ sendParentEmails: true, language: "es" });
    await save("¡Muy bien!");
    const [mail] = received();
    expect(mail?.subject).toBe("Un mensaje de Elena Rivera para Ana");
    expect(mail?.text).toContain("Hoy Elena Rivera le escribió este mensaje a Ana en Refrain:");
  });

  it("not when parent e-mails are off, unsubscribed or bouncing", async () => {
    for (const prefs of [
      { sendParentEmails: false, sendWeeklyReport: true },
      { sendParentEmails: true, parentEmailsUnsubscribedAt: new Date() },
      { sendParentEmails: true, bouncingAt: new Date() },
    ]) {
      const { save, received } = await classWithParent(prefs);
      await save("Good work this week.");
      expect(received()).toEqual([]);
    }
  });
});
