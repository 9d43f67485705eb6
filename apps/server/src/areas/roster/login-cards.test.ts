import { rosterMessages } from "@refrain/domain";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkMatrix, roleClients } from "../../../test/authorization.ts";
import { buildTestApp, type TestContext } from "../../../test/build-test-app.ts";
import { localStorage } from "../../adapters/storage.ts";
import { mailOutbox, users } from "../../db/schema/index.ts";
import { StudentPasswordBox } from "../auth/passwords.ts";
import { loginCardsOf } from "./login-cards.ts";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp({ PUBLIC_URL: "https://refrain.example.com" });
});
afterAll(() => ctx.close());

async function teacherWithClass(students: number) {
  const teacher = await ctx.factories.user({ role: "teacher" });
  for (let i = 0; i < students; i++)
    await ctx.factories.user({
      role: "student",
      teacherId: teacher.id,
      password: `otter${10 + i}`,
      lastName: `Zed${String.fromCharCode(90 - i)}`,
    });
  const client = ctx.client();
  await client.signIn(teacher);
  return { teacher, client };
}

/** How many pages a pdfkit document has: its page objects are not compressed. */
const pageCount = (pdf: Buffer) => pdf.toString("latin1").match(/\/Type \/Page\b/g)?.length ?? 0;

describe("login cards", () => {
  it("hold the sign-in address, the teacher's username and each student's name, username and password", async () => {
    const { teacher } = await teacherWithClass(3);
    const box = new StudentPasswordBox(ctx.config.APP_SECRET);
    const { sheet, pdf } = await loginCardsOf(ctx.db, box, teacher.id, ctx.config.PUBLIC_URL);
    expect(sheet.signInUrl).toBe("https://refrain.example.com/student/login");
    expect(sheet.teacherUsername).toBe(teacher.username);
    // Alphabetical by last name: ZedX, ZedY, ZedZ.
    expect(sheet.cards.map((c) => c.password)).toEqual(["otter12", "otter11", "otter10"]);
    expect(sheet.cards[0]?.name).toMatch(/^First\d+ ZedX$/);
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    expect(pageCount(pdf)).toBe(1);
  });

  it("POST /teacher/media/cards/send e-mails the PDF to the teacher and says so", async () => {
    const { teacher, client } = await teacherWithClass(9);
    const reply = await client.post("/teacher/media/cards/send");
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      success: true,
      message: `Login cards for 9 students were sent to ${teacher.email}.`,
    });
    const [mail] = await ctx.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, teacher.email ?? ""));
    expect(mail?.subject).toBe("Student login cards for your class");
    expect(mail?.text).toContain("https://refrain.example.com/student/login");
    expect(mail?.attachments).toEqual([
      expect.objectContaining({ filename: "login-cards.pdf", contentType: "application/pdf" }),
    ]);
    const stored = await localStorage(`${ctx.config.DATA_DIR}/files`).get(
      mail?.attachments[0]?.storageKey ?? "",
    );
    // Nine cards: a full page of eight and one more.
    expect(pageCount(stored ?? Buffer.alloc(0))).toBe(2);
  });

  it("tells a teacher without an e-mail address, or without students, what to do", async () => {
    const { teacher, client } = await teacherWithClass(1);
    await ctx.db.update(users).set({ email: null }).where(eq(users.id, teacher.id));
    const noEmail = await client.post("/teacher/media/cards/send");
    expect(noEmail.status).toBe(422);
    expect(noEmail.body.message).toBe(rosterMessages.noTeacherEmail);

    const empty = await teacherWithClass(0);
    const noStudents = await empty.client.post("/teacher/media/cards/send");
    expect(noStudents.status).toBe(422);
    expect(noStudents.body.message).toBe(rosterMessages.noStudents);
    expect((await empty.client.get("/teacher/media/cards.pdf")).status).toBe(422);
  });

  it("GET /teacher/media/cards.pdf downloads the same cards", async () => {
    const { client } = await teacherWithClass(2);
    const reply = await client.get("/teacher/media/cards.pdf");
    expect(reply.status).toBe(200);
    expect(reply.headers["content-type"]).toBe("application/pdf");
    expect(reply.headers["content-disposition"]).toBe('attachment; filename="login-cards.pdf"');
    expect(String(reply.body).startsWith("%PDF-")).toBe(true);
  });

  it("limits how often the cards are e-mailed", async () => {
    const { client } = await teacherWithClass(1);
    const statuses = [];
    for (let i = 0; i < 11; i++)
      statuses.push((await client.post("/teacher/media/cards/send")).status);
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it("authorization: class owners only", async () => {
    const world = await roleClients(ctx);
    // The parent of the shared world has no students: 422 shows they got past the guard.
    for (const route of [
      { method: "POST" as const, url: "/teacher/media/cards/send" },
      { method: "GET" as const, url: "/teacher/media/cards.pdf" },
    ]) {
      expect(
        await checkMatrix(world, {
          ...route,
          expect: { anonymous: 401, teacher: 200, parent: 422 },
          otherwise: 403,
        }),
      ).toEqual([]);
    }
  });
});
