import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { checkMatrix } from "../../../test/authorization.ts";
import type { TestClient } from "../../../test/build-test-app.ts";
import { appWithRolesForFile } from "../../../test/own-app.ts";
import { createMailer, type Mailer, SECRET_MARKER } from "../../adapters/mail.ts";
import { localStorage } from "../../adapters/storage.ts";
import { mailOutbox } from "../../db/schema/index.ts";

const { ctx, world } = appWithRolesForFile();
let staff: TestClient;
let mailer: Mailer;

beforeAll(async () => {
  staff = world.clients.staff;
  // The same files folder the app reads, so stored attachments can be downloaded.
  mailer = createMailer({
    db: ctx.db,
    storage: localStorage(join(ctx.config.DATA_DIR, "files")),
  });
});

describe("staff mailbox", () => {
  it("lists messages newest first with their attachments, never the storage keys", async () => {
    const first = await mailer.send({ to: "older@example.org", subject: "Older", text: "one" });
    const second = await mailer.send({
      to: "Newer@Example.org",
      subject: "Newer",
      text: "two",
      html: "<p>two</p>",
      attachments: [
        { filename: "quote.pdf", contentType: "application/pdf", content: Buffer.from("%PDF-x") },
      ],
    });
    const reply = await staff.get("/staff/outbox");
    expect(reply.status).toBe(200);
    const ids = reply.body.data.messages.map((m: { id: number }) => m.id);
    expect(ids.indexOf(second.id)).toBeLessThan(ids.indexOf(first.id));
    const newer = reply.body.data.messages.find((m: { id: number }) => m.id === second.id);
    expect(newer).toEqual({
      id: second.id,
      to: "Newer@Example.org",
      subject: "Newer",
      text: "two",
      html: "<p>two</p>",
      transport: "outbox",
      sentAt: null,
      error: null,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      attachments: [
        { filename: "quote.pdf", contentType: "application/pdf", size: 6, withheld: false },
      ],
    });
  });

  it("shows a message's secrets as a marker and its secret attachments as withheld", async () => {
    const link = "http://localhost:3000/password/reset/a-reset-token-0123456789";
    const { id } = await mailer.send({
      to: "secrets@example.org",
      subject: "Reset",
      text: `Open ${link}`,
      html: `<a href="${link}">Reset</a>`,
      secrets: [link],
      attachments: [
        {
          filename: "login-cards.pdf",
          contentType: "application/pdf",
          content: Buffer.from("%PDF-passwords"),
          secret: true,
        },
      ],
    });
    const reply = await staff.get("/staff/outbox?to=secrets@example.org");
    expect(reply.body.data.messages).toEqual([
      expect.objectContaining({
        id,
        text: `Open ${SECRET_MARKER}`,
        html: `<a href="${SECRET_MARKER}">Reset</a>`,
        attachments: [
          { filename: "login-cards.pdf", contentType: "application/pdf", size: 14, withheld: true },
        ],
      }),
    ]);
    expect(JSON.stringify(reply.body)).not.toContain("a-reset-token");
    expect((await staff.get(`/staff/outbox/${id}/attachments/0`)).status).toBe(404);
  });

  it("filters by recipient, exactly and ignoring case", async () => {
    await mailer.send({ to: "Pat@Example.org", subject: "For Pat", text: "hi" });
    await mailer.send({ to: "pat@example.org.uk", subject: "Not Pat", text: "hi" });
    const reply = await staff.get(`/staff/outbox?to=${encodeURIComponent("pat@EXAMPLE.org")}`);
    expect(reply.body.data.messages.map((m: { subject: string }) => m.subject)).toEqual([
      "For Pat",
    ]);
  });

  it("lists at most 200 messages", async () => {
    await ctx.db.insert(mailOutbox).values(
      Array.from({ length: 205 }, (_, i) => ({
        to: "bulk@example.org",
        subject: `Bulk ${i}`,
        text: "…",
        transport: "outbox" as const,
      })),
    );
    const reply = await staff.get("/staff/outbox?to=bulk@example.org");
    expect(reply.body.data.messages).toHaveLength(200);
  });

  it("serves an attachment with its content type, also to a browser navigation", async () => {
    const { id } = await mailer.send({
      to: "files@example.org",
      subject: "Files",
      text: "attached",
      attachments: [
        { filename: "a.txt", contentType: "text/plain", content: Buffer.from("first") },
        { filename: "b.pdf", contentType: "application/pdf", content: Buffer.from("%PDF-b") },
      ],
    });
    const reply = await staff.get(`/staff/outbox/${id}/attachments/1`);
    expect(reply.status).toBe(200);
    expect(reply.headers["content-type"]).toBe("application/pdf");
    expect(reply.headers["content-disposition"]).toContain('filename="b.pdf"');
    expect(reply.body).toBe("%PDF-b");

    const navigation = await staff.request("GET", `/staff/outbox/${id}/attachments/0`, undefined, {
      accept: "text/html,application/xhtml+xml,*/*;q=0.8",
      "x-requested-with": "",
    });
    expect(navigation.headers["content-type"]).toContain("text/plain");
    expect(navigation.body).toBe("first");

    expect((await staff.get(`/staff/outbox/${id}/attachments/2`)).status).toBe(404);
    expect((await staff.get(`/staff/outbox/${id + 10_000}/attachments/0`)).status).toBe(404);
  });

  it("is for staff only", async () => {
    const { id } = await mailer.send({
      to: "matrix@example.org",
      subject: "Matrix",
      text: "x",
      attachments: [{ filename: "m.txt", contentType: "text/plain", content: Buffer.from("m") }],
    });
    const expectations = { expect: { staff: 200, anonymous: 401 }, otherwise: 403 };
    expect(
      await checkMatrix(world, { method: "GET", url: "/staff/outbox", ...expectations }),
    ).toEqual([]);
    expect(
      await checkMatrix(world, {
        method: "GET",
        url: `/staff/outbox/${id}/attachments/0`,
        ...expectations,
      }),
    ).toEqual([]);
  });
});
