import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { checkMatrix, roleClients } from "../../../test/authorization.ts";
import { testAppForFile } from "../../../test/own-app.ts";
import { LIMITS } from "../../core/limits.ts";
import { auditLog, familyPreferences } from "../../db/schema/index.ts";
import { type UnsubscribeTarget, UnsubscribeTokens } from "./unsubscribe-token.ts";

const ctx = testAppForFile();
let tokens: UnsubscribeTokens;
beforeAll(async () => {
  tokens = new UnsubscribeTokens(ctx.config.APP_SECRET);
});

async function student(firstName = "Ana") {
  const teacher = await ctx.factories.user({ role: "teacher" });
  return ctx.factories.user({ role: "student", teacherId: teacher.id, firstName });
}

const tokenOf = (studentId: number, list: UnsubscribeTarget["list"]) =>
  tokens.sign({ studentId, list });

/** A mailbox provider's one-click POST: no cookie, no page token, a form of either kind. */
function oneClick(
  token: string,
  kind: "urlencoded" | "multipart" = "urlencoded",
  from = "192.0.2.1",
) {
  const boundary = "----provider0123";
  return ctx.app.inject({
    method: "POST",
    url: `/u/${token}`,
    ...(kind === "urlencoded"
      ? {
          headers: {
            "content-type": "application/x-www-form-urlencoded",
            "x-forwarded-for": from,
          },
          payload: "List-Unsubscribe=One-Click",
        }
      : {
          headers: {
            "content-type": `multipart/form-data; boundary=${boundary}`,
            "x-forwarded-for": from,
          },
          payload: [
            `--${boundary}`,
            'Content-Disposition: form-data; name="List-Unsubscribe"',
            "",
            "One-Click",
            `--${boundary}--`,
            "",
          ].join("\r\n"),
        }),
  });
}

async function prefs(studentId: number) {
  const [row] = await ctx.db
    .select()
    .from(familyPreferences)
    .where(eq(familyPreferences.studentId, studentId));
  return row;
}

const audits = (studentId: number) =>
  ctx.db
    .select({ action: auditLog.action })
    .from(auditLog)
    .where(and(eq(auditLog.targetId, studentId)));

describe("the unsubscribe token", () => {
  it("is short, names its student and list, and refuses any change", () => {
    const token = tokenOf(123456, "parent_emails");
    expect(token).toMatch(/^[\w-]{28}$/);
    expect(tokens.open(token)).toEqual({ studentId: 123456, list: "parent_emails" });
    const flipped = `${token.slice(0, 5)}${token[5] === "A" ? "B" : "A"}${token.slice(6)}`;
    expect(tokens.open(flipped)).toBeNull();
    expect(tokens.open(`${token}=`)).toBeNull();
    expect(tokens.open(token.slice(0, -1))).toBeNull();
    expect(new UnsubscribeTokens("another-secret-another-secret-0123").open(token)).toBeNull();
  });

  it("makes RFC 8058's headers around a link to the page", () => {
    const headers = tokens.headers("https://refrain.example.com", { studentId: 7, list: "all" });
    expect(headers["List-Unsubscribe"]).toMatch(
      /^<https:\/\/refrain\.example\.com\/u\/[\w-]{28}>$/,
    );
    expect(headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
  });
});

describe("POST /u/:token (one-click)", () => {
  it("stops the token's list from a urlencoded form with no cookie, once, whatever the repeats", async () => {
    const ana = await student();
    const first = await oneClick(tokenOf(ana.id, "weekly_report"));
    expect(first.statusCode).toBe(200);
    expect(first.headers.location).toBeUndefined();
    const stopped = await prefs(ana.id);
    expect(stopped?.weeklyReportUnsubscribedAt).toBeInstanceOf(Date);
    expect(stopped?.parentEmailsUnsubscribedAt).toBeNull();

    const again = await oneClick(tokenOf(ana.id, "weekly_report"));
    expect(again.statusCode).toBe(200);
    expect(again.body).toBe(first.body);
    expect((await prefs(ana.id))?.weeklyReportUnsubscribedAt).toEqual(
      stopped?.weeklyReportUnsubscribedAt,
    );
    expect(await audits(ana.id)).toEqual([{ action: "families.parent_unsubscribed" }]);
  });

  it("takes a multipart form, and a token for all stops both lists", async () => {
    const bo = await student("Bo");
    expect((await oneClick(tokenOf(bo.id, "all"), "multipart")).statusCode).toBe(200);
    const row = await prefs(bo.id);
    expect(row?.weeklyReportUnsubscribedAt).toBeInstanceOf(Date);
    expect(row?.parentEmailsUnsubscribedAt).toBeInstanceOf(Date);
  });

  it("answers a tampered token or a gone student with 404 and changes nothing", async () => {
    const cy = await student("Cy");
    const token = tokenOf(cy.id, "all");
    const tampered = `${token.slice(0, -2)}${token.endsWith("AA") ? "BB" : "AA"}`;
    const reply = await oneClick(tampered);
    expect(reply.statusCode).toBe(404);
    expect(await prefs(cy.id)).toBeUndefined();
    expect((await oneClick(tokenOf(999_999, "all"))).statusCode).toBe(404);
  });

  it("refuses a form without RFC 8058's field", async () => {
    const di = await student("Di");
    const reply = await ctx.app.inject({
      method: "POST",
      url: `/u/${tokenOf(di.id, "all")}`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "List-Unsubscribe=Maybe",
    });
    expect(reply.statusCode).toBe(422);
    expect(await prefs(di.id)).toBeUndefined();
  });
});

describe("the unsubscribe page's calls", () => {
  it("GET shows the student, the list and the parent's language, and changes nothing", async () => {
    const eva = await student("Eva");
    await ctx.db.insert(familyPreferences).values({ studentId: eva.id, language: "es" });
    const reply = await ctx.client().get(`/parent/unsubscribe/${tokenOf(eva.id, "parent_emails")}`);
    expect(reply.status).toBe(200);
    expect(reply.body.data).toEqual({
      language: "es",
      firstname: "Eva",
      list: "parent_emails",
      unsubscribed: { weekly_report: null, parent_emails: null },
    });
    expect((await prefs(eva.id))?.parentEmailsUnsubscribedAt).toBeNull();
    expect(await audits(eva.id)).toEqual([]);
  });

  it("POST stops what the parent chose, and undo restarts it", async () => {
    const flo = await student("Flo");
    const url = `/parent/unsubscribe/${tokenOf(flo.id, "weekly_report")}`;
    const client = ctx.client();
    const stopped = await client.post(url, { choice: "all" });
    expect(stopped.status).toBe(200);
    expect(stopped.body.data.language).toBe("en");
    expect(stopped.body.data.unsubscribed.weekly_report).toEqual(expect.any(String));
    expect(stopped.body.data.unsubscribed.parent_emails).toEqual(expect.any(String));

    const undone = await client.post(url, { choice: "all", undo: true });
    expect(undone.body.data.unsubscribed).toEqual({ weekly_report: null, parent_emails: null });
    const row = await prefs(flo.id);
    expect(row?.weeklyReportUnsubscribedAt).toBeNull();
    expect(row?.parentEmailsUnsubscribedAt).toBeNull();
    expect((await audits(flo.id)).map((a) => a.action).sort()).toEqual([
      "families.parent_resubscribed",
      "families.parent_unsubscribed",
    ]);
  });

  it("POST needs the page's CSRF token, unlike the one-click call", async () => {
    const gus = await student("Gus");
    const client = ctx.client();
    client.withCsrf = false;
    const reply = await client.post(`/parent/unsubscribe/${tokenOf(gus.id, "all")}`, {
      choice: "all",
    });
    expect(reply.status).toBe(403);
    expect(await prefs(gus.id)).toBeUndefined();
  });

  it("answers a tampered token with 404 and changes nothing", async () => {
    const hal = await student("Hal");
    const token = tokenOf(hal.id, "all");
    const tampered = `${token[0] === "A" ? "B" : "A"}${token.slice(1)}`;
    const client = ctx.client();
    expect((await client.get(`/parent/unsubscribe/${tampered}`)).status).toBe(404);
    expect((await client.post(`/parent/unsubscribe/${tampered}`, { choice: "all" })).status).toBe(
      404,
    );
    expect(await prefs(hal.id)).toBeUndefined();
  });

  it("is open to every caller, signed in or not", async () => {
    const world = await roleClients(ctx);
    const ivy = await student("Ivy");
    const url = `/parent/unsubscribe/${tokenOf(ivy.id, "weekly_report")}`;
    expect(await checkMatrix(world, { method: "GET", url, expect: {}, otherwise: 200 })).toEqual(
      [],
    );
    expect(
      await checkMatrix(world, {
        method: "POST",
        url,
        body: { choice: "weekly_report" },
        expect: {},
        otherwise: 200,
      }),
    ).toEqual([]);
  });

  it(`limits each client address to ${LIMITS.unsubscribePerIp.limit} calls a quarter hour, bad tokens counted`, async () => {
    const jo = await student("Jo");
    const walker = ctx.client({ address: "203.0.113.90" });
    for (let i = 0; i < LIMITS.unsubscribePerIp.limit; i++)
      expect((await walker.get(`/parent/unsubscribe/guess${i}`)).status).toBe(404);
    const token = tokenOf(jo.id, "all");
    expect((await walker.get(`/parent/unsubscribe/${token}`)).status).toBe(429);
    expect((await oneClick(token, "urlencoded", "203.0.113.90")).statusCode).toBe(429);
    expect(await prefs(jo.id)).toBeUndefined();
    // Another address, such as the provider's next sender, is not held back.
    expect((await oneClick(token, "urlencoded", "203.0.113.91")).statusCode).toBe(200);
    expect((await prefs(jo.id))?.parentEmailsUnsubscribedAt).not.toBeNull();
  });
});
