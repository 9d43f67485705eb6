import { desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { checkMatrix, roleClients } from "../../../test/authorization.ts";
import { mailAppForFile } from "../../../test/own-app.ts";
import { leads } from "../../db/schema/index.ts";

const ctx = mailAppForFile({ SALES_EMAIL: "sales@example.com" });
let ipSeq = 0;

/** A visitor from an address of their own, so the per-address form limit never interferes. */
const post = (body: unknown, client = ctx.client()) =>
  client.request("POST", "/contact", body, { "x-forwarded-for": `10.7.0.${++ipSeq}` });

const message = {
  name: "Rosa Diaz",
  email: "rosa.diaz@oakhill.example.org",
  message: "Can our music teacher use Refrain with the choir too?",
};

describe("POST /contact", () => {
  it("answers 422 keyed by field for a missing name, a bad address and a short message", async () => {
    const reply = await post({ name: " ", email: "rosa<at>oakhill", message: "hi" });
    expect(reply.status).toBe(422);
    expect(reply.body).toMatchObject({
      success: false,
      errors: {
        name: ["Field is required"],
        email: ["Field must be a valid email address."],
        message: ["Field must have at least 3 letters."],
      },
    });
  });

  it("refuses an address that would send the reply to someone else", async () => {
    const reply = await post({ ...message, email: "x<victim@school.example.org>" });
    expect(reply.status).toBe(422);
    expect(reply.body.errors).toEqual({ email: ["Field must be a valid email address."] });
  });

  it("stores the message with the address to reply to and tells sales, replies going to the sender", async () => {
    const reply = await post({ ...message, name: " Rosa Diaz " });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      success: true,
      message: "Thank you for your message! We will reply to rosa.diaz@oakhill.example.org.",
    });
    const [row] = await ctx.db
      .select()
      .from(leads)
      .where(eq(leads.kind, "contact"))
      .orderBy(desc(leads.id))
      .limit(1);
    expect(row).toMatchObject({
      kind: "contact",
      email: "rosa.diaz@oakhill.example.org",
      firstName: "Rosa Diaz",
      lastName: null,
      payload: message,
      userId: null,
    });

    const mail = await ctx.sink.take("sales@example.com");
    expect(mail.subject).toBe("New lead: Contact message, Rosa Diaz");
    expect(mail.replyTo).toBe("rosa.diaz@oakhill.example.org");
    expect(mail.text).toContain(message.message);
    // Nothing goes to the typed address: the form cannot be used to mail a stranger.
    expect(ctx.sink.received.filter((m) => m.to.includes(message.email))).toEqual([]);
  });

  it("shows staff the message in the leads inbox with the address to answer", async () => {
    const world = await roleClients(ctx);
    await post({ ...message, email: "ana.lee@example.org", name: "Ana Lee" });
    const reply = await world.clients.staff.get("/staff/leads?kind=contact&q=ana.lee");
    expect(reply.status).toBe(200);
    expect(reply.body.data.leads).toEqual([
      expect.objectContaining({
        kind: "contact",
        email: "ana.lee@example.org",
        firstName: "Ana Lee",
        payload: { ...message, email: "ana.lee@example.org", name: "Ana Lee" },
      }),
    ]);
  });

  it("is open to everyone, and a signed-in sender is recorded", async () => {
    const world = await roleClients(ctx);
    expect(
      await checkMatrix(world, {
        method: "POST",
        url: "/contact",
        body: message,
        expect: {},
        otherwise: 200,
      }),
    ).toEqual([]);
    await post(message, world.clients.teacher);
    const [row] = await ctx.db.select().from(leads).orderBy(desc(leads.id)).limit(1);
    expect(row?.userId).toBe(world.people.teacher.id);
  });
});
