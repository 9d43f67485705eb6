import { inflateSync } from "node:zlib";
import { printedClassCode, rosterMessages } from "@refrain/domain";
import { eq } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import { describe, expect, it } from "vitest";
import { checkMatrix, roleClients } from "../../../test/authorization.ts";
import { mailAppForFile } from "../../../test/own-app.ts";
import { StudentPasswordBox } from "../../core/passwords.ts";
import { mailOutbox, users } from "../../db/schema/index.ts";
import { cardsSiteUrl, loginCardsOf } from "./login-cards.ts";

// No PUBLIC_URL: the cards take the address the teacher's browser used.
const ctx = mailAppForFile();

/** The address a teacher's browser used to reach this server. */
const schoolHost = { host: "refrain.school.example:3000" };

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

/**
 * The text pdfkit drew, in drawing order: its content streams hold it as hex strings. Each
 * stream is read by its stated /Length: compressed bytes may themselves look like the line end
 * before "endstream" (a random password made one end in a carriage return once in a while).
 */
function pdfText(pdf: Buffer): string {
  const text = pdf.toString("latin1");
  const streams = text.matchAll(/\/Length (\d+)(?:(?!>>)[\s\S])*>>\nstream\n/g);
  return [...streams]
    .map((stream) => {
      const start = (stream.index ?? 0) + stream[0].length;
      return inflateSync(pdf.subarray(start, start + Number(stream[1]))).toString("latin1");
    })
    .flatMap((content) => [...content.matchAll(/<([0-9a-f]+)>/g)])
    .map(([, hex]) => Buffer.from(hex ?? "", "hex").toString("latin1"))
    .join("");
}

describe("login cards", () => {
  it("hold the sign-in address, the teacher's username and each student's name, username and password", async () => {
    const { teacher } = await teacherWithClass(3);
    const box = new StudentPasswordBox(ctx.config.APP_SECRET);
    const { sheet, pdf } = await loginCardsOf(
      ctx.db,
      box,
      teacher.id,
      "https://refrain.example.com",
    );
    expect(sheet.signInUrl).toBe("https://refrain.example.com/student/login");
    expect(sheet.teacherUsername).toBe(teacher.username);
    // Alphabetical by last name: ZedX, ZedY, ZedZ.
    expect(sheet.cards.map((c) => c.password)).toEqual(["otter12", "otter11", "otter10"]);
    expect(sheet.cards[0]?.name).toMatch(/^First\d+ ZedX$/);
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    expect(pageCount(pdf)).toBe(1);
  });

  it("print the class code of a class that picks tiles, the one the settings page shows, and none for a typing class", async () => {
    const box = new StudentPasswordBox(ctx.config.APP_SECRET);
    const { teacher, client } = await teacherWithClass(2);
    const settings = await client.post(`/teacher/${teacher.id}/settings`, { verb: "load" });
    const code = settings.body.class_code as string;
    expect(code).toMatch(/^[A-Z0-9]{6}$/);
    const tiles = await loginCardsOf(ctx.db, box, teacher.id, "https://refrain.example.com");
    expect(tiles.sheet.classCode).toBe(code);
    expect(pdfText(tiles.pdf)).toContain(printedClassCode(code));

    const typing = await ctx.factories.user({ role: "teacher", studentLoginType: "input" });
    await ctx.factories.user({ role: "student", teacherId: typing.id });
    const typed = await loginCardsOf(ctx.db, box, typing.id, "https://refrain.example.com");
    expect(typed.sheet.classCode).toBeNull();
    expect(pdfText(typed.pdf)).not.toContain("Class code");
  });

  it("POST /teacher/media/cards/send e-mails the PDF to the teacher only: staff see it was withheld", async () => {
    const { teacher, client } = await teacherWithClass(9);
    const email = teacher.email as string;
    const reply = await client.request("POST", "/teacher/media/cards/send", {}, schoolHost);
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      success: true,
      message: `Login cards for 9 students were sent to ${email}.`,
    });

    const mail = await ctx.sink.take(email);
    expect(mail.subject).toBe("Student login cards for your class");
    expect(mail.text).toContain("http://refrain.school.example:3000/student/login");
    expect(mail.attachments.map((a) => [a.filename, a.contentType])).toEqual([
      ["login-cards.pdf", "application/pdf"],
    ]);
    const cards = mail.attachments[0]?.content ?? Buffer.alloc(0);
    // Nine cards: a full page of eight and one more.
    expect(pageCount(cards)).toBe(2);
    expect(pdfText(cards)).toContain("otter18");

    // The kept copy names the file and says it was withheld; nothing can be downloaded.
    const [kept] = await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
    expect(kept?.attachments).toEqual([
      {
        filename: "login-cards.pdf",
        contentType: "application/pdf",
        size: cards.length,
        storageKey: null,
      },
    ]);
    const staff = ctx.client();
    await staff.signIn(await ctx.factories.user({ role: "staff" }));
    const [seen] = (await staff.get(`/staff/outbox?to=${encodeURIComponent(email)}`)).body.data
      .messages;
    expect(seen.attachments).toEqual([
      {
        filename: "login-cards.pdf",
        contentType: "application/pdf",
        size: cards.length,
        withheld: true,
      },
    ]);
    expect((await staff.get(`/staff/outbox/${seen.id}/attachments/0`)).status).toBe(404);
  });

  it("print the address the teacher's browser used when PUBLIC_URL is unset", async () => {
    const { client } = await teacherWithClass(1);
    // The PDF's bytes as sent, which the test client would read as text.
    const reply = await ctx.app.inject({
      method: "GET",
      url: "/teacher/media/cards.pdf",
      headers: {
        ...schoolHost,
        cookie: [...client.cookies].map(([name, value]) => `${name}=${value}`).join("; "),
      },
    });
    expect(reply.statusCode).toBe(200);
    const text = pdfText(reply.rawPayload);
    expect(text).toContain("http://refrain.school.example:3000/student/login");
    expect(text).not.toContain("localhost");
  });

  it("print PUBLIC_URL when it is set, whatever Host the request names", () => {
    const request = { protocol: "http", host: "forged.example" } as FastifyRequest;
    expect(cardsSiteUrl(ctx.config, request)).toBe("http://forged.example");
    const configured = {
      ...ctx.config,
      PUBLIC_URL: "https://refrain.example.com",
      publicUrlConfigured: true,
    };
    expect(cardsSiteUrl(configured, request)).toBe("https://refrain.example.com");
    // Only an origin comes from the header; a header that is no address falls back.
    const odd = { protocol: "https", host: "cards.example/path?q=1" } as FastifyRequest;
    expect(cardsSiteUrl(ctx.config, odd)).toBe("https://cards.example");
    const none = { protocol: "http", host: "" } as FastifyRequest;
    expect(cardsSiteUrl(ctx.config, none)).toBe(ctx.config.PUBLIC_URL);
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
