import { familiesMessages, gradingMessages, PARENT_LIST_LABELS } from "@refrain/domain";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appWithRoles, checkMatrix, type RoleWorld } from "../../../test/authorization.ts";
import type { TestContext } from "../../../test/build-test-app.ts";
import { allowRecording, hotRead, makeClips, processed, upload } from "../../../test/fluency.ts";
import { catalogLessons } from "../../../test/learning.ts";
import { type SmtpSink, startSmtpSink } from "../../../test/smtp-sink.ts";
import { SECRET_MARKER } from "../../adapters/mail.ts";
import {
  auditLog,
  familyPreferences,
  lessonWords,
  mailOutbox,
  recordingShares,
  recordings,
  users,
} from "../../db/schema/index.ts";

let ctx: TestContext;
let sink: SmtpSink;
let world: RoleWorld;
let coldId: number;
let lessonId: number;
let clips: ReturnType<typeof makeClips>;

beforeAll(async () => {
  clips = makeClips();
  sink = await startSmtpSink();
  ({ ctx, world } = await appWithRoles({ SMTP_URL: sink.url, DEMO_RECORDINGS: "off" }));
  const lessons = await catalogLessons(ctx);
  await allowRecording(ctx, world.people.teacher.id);
  lessonId = lessons.second[0] as number;
  const cold = await upload(
    world.clients.student,
    { lessonId, classification: "cold_read", filetype: "video/webm" },
    clips.webm,
  );
  coldId = cold.recordingId as number;
  await processed(ctx, coldId);
}, 60_000);
afterAll(async () => {
  await ctx.close();
  await sink.close();
});

const share = (to: string) => ({ to, subject: "Ada's reading", body: "Hello,\n\nHave a listen." });
const post = (body: unknown) =>
  world.clients.teacher.post(`/teacher/recordings/${coldId}/share`, body);
/** The link of the newest mail to `to`, as a path on this server. */
async function linkIn(to: string) {
  const mail = await sink.take(to);
  const url = mail.text.match(/https?:\/\/\S+\/shared\/recordings\/[\w-]+/)?.[0] as string;
  expect(mail.html).toContain(`href="${url}"`);
  return new URL(url).pathname;
}
const sharesOf = () =>
  ctx.db.select().from(recordingShares).where(eq(recordingShares.recordingId, coldId));
async function firstWordOf(lesson: number) {
  const [word] = await ctx.db
    .select({ id: lessonWords.id })
    .from(lessonWords)
    .where(eq(lessonWords.lessonId, lesson))
    .orderBy(asc(lessonWords.position))
    .limit(1);
  return word?.id as number;
}
const auditOf = (action: string) =>
  ctx.db.select().from(auditLog).where(eq(auditLog.action, action));

describe("sharing a reading with a family", () => {
  it("shares only a graded reading", async () => {
    const refused = await post(share("parent@example.com"));
    expect(refused.status).toBe(422);
    expect(refused.body.errors.id).toEqual([gradingMessages.notGraded]);
    const graded = await world.clients.teacher.post(`/teacher/recordings/${coldId}/grade`, {
      accuracy: 0,
      expression: 3,
      feedback: "Clear & <steady>.",
      selectedWordIds: [],
      wpm: 80,
      submission: crypto.randomUUID(),
    });
    expect(graded.status).toBe(200);
    expect(await sharesOf()).toEqual([]);
  });

  it("fills the form from the roster in the teacher's name", async () => {
    const url = `/teacher/recordings/${coldId}/share`;
    const blank = await world.clients.teacher.get(url);
    expect(blank.body.data.email).toBe("");
    await ctx.db
      .update(users)
      .set({ parentEmail: "parent@example.com" })
      .where(eq(users.id, world.people.student.id));
    const { body } = await world.clients.teacher.get(url);
    expect(body.data.email).toBe("parent@example.com");
    expect(body.data.subject).toContain(world.people.student.firstName);
    expect(body.data.body).toContain(world.people.teacher.lastName);
  });

  it("refuses a malformed or missing address", async () => {
    for (const to of ["", "not-an-address", undefined]) {
      const reply = await post({ ...share("x@example.com"), to });
      expect(reply.status).toBe(422);
      expect(reply.body.errors.to).toBeDefined();
    }
    expect(await sharesOf()).toEqual([]);
  });

  it("saves a new address to the student, mails the link and keeps no link in the outbox", async () => {
    const sent = await post(share("new.parent@example.com"));
    expect(sent.status).toBe(200);
    expect(sent.body.message).toBe(gradingMessages.shared);
    const [student] = await ctx.db
      .select({ parentEmail: users.parentEmail })
      .from(users)
      .where(eq(users.id, world.people.student.id));
    expect(student?.parentEmail).toBe("new.parent@example.com");
    expect(await auditOf("student.parent_email")).toHaveLength(1);
    const path = await linkIn("new.parent@example.com");
    expect(sink.received.at(-1)?.text).toMatch(
      /The link works until [A-Z][a-z]{2} \d{1,2}, \d{4}; no sign-in is needed\./,
    );
    const token = path.split("/").pop() as string;
    const [row] = await sharesOf();
    expect(row?.tokenHash).not.toContain(token);
    expect(row?.email).toBe("new.parent@example.com");
    const [kept] = await ctx.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, "new.parent@example.com"));
    expect(`${kept?.text}${kept?.html}`).not.toContain(token);
    expect(kept?.text).toContain(SECRET_MARKER);
    expect(await auditOf("recording.share")).toHaveLength(1);

    // The family opens it without signing in: the page and its video, each view counted.
    const visitor = ctx.client();
    const page = await visitor.get(path);
    expect(page.status).toBe(200);
    expect(page.headers["x-robots-tag"]).toContain("noindex");
    expect(page.headers["content-security-policy"]).toMatch(
      /^default-src 'none'.*media-src 'self'/,
    );
    expect(page.body).toContain('<meta name="robots" content="noindex');
    expect(page.body).toContain(`<video controls preload="metadata" src="${path}/video"`);
    expect(page.body).toContain("Clear &amp; &lt;steady&gt;.");
    expect(page.body).toContain("3/5");
    const video = await visitor.request("GET", `${path}/video`, undefined, { range: "bytes=0-99" });
    expect(video.status).toBe(206);
    expect(video.headers["content-range"]).toMatch(/^bytes 0-99\/\d+$/);
    expect(video.headers["cache-control"]).toBe("no-store");
    await visitor.get(path);
    const [viewed] = await sharesOf();
    expect(viewed?.views).toBe(2);
    expect(viewed?.lastViewedAt).not.toBeNull();
    const views = await auditOf("recording.share_view");
    expect(views).toHaveLength(2);
    expect(views[0]).toMatchObject({ actorId: null, targetId: world.people.student.id });
  });

  it("answers a tampered link 404 and an expired one 410, never the video", async () => {
    await post(share("new.parent@example.com"));
    const link = await linkIn("new.parent@example.com");
    const visitor = ctx.client();
    const tampered = `${link.slice(0, -2)}${link.endsWith("AA") ? "BB" : "AA"}`;
    const missing = await visitor.get(tampered);
    expect(missing.status).toBe(404);
    expect(missing.body).toContain(gradingMessages.linkNotFound);
    expect(missing.body).not.toContain("<video");
    expect((await visitor.get(`${tampered}/video`)).status).toBe(404);
    await ctx.db
      .update(recordingShares)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(recordingShares.recordingId, coldId));
    const expired = await visitor.get(link);
    expect(expired.status).toBe(410);
    expect(expired.body).toContain(gradingMessages.linkGone.replace("'", "&#39;"));
    expect(expired.body).not.toContain("<video");
    expect((await visitor.get(`${link}/video`)).status).toBe(410);
  });

  it("closes a revoked link at once and lists it revoked", async () => {
    await post(share("new.parent@example.com"));
    const link = await linkIn("new.parent@example.com");
    const listed = await world.clients.teacher.get(`/teacher/recordings/${coldId}/shares`);
    const open = listed.body.data.find(
      (s: { revoked_at: string | null; expires_at: string }) =>
        Date.parse(s.expires_at) > Date.now(),
    );
    expect((await ctx.client().get(link)).status).toBe(200);
    const revoke = `/teacher/recordings/${coldId}/shares/${open.id}/revoke`;
    expect((await world.clients.teacher.post(revoke)).status).toBe(200);
    expect((await ctx.client().get(link)).status).toBe(410);
    expect((await ctx.client().get(`${link}/video`)).status).toBe(410);
    const after = await world.clients.teacher.get(`/teacher/recordings/${coldId}/shares`);
    expect(after.body.data.find((s: { id: number }) => s.id === open.id).revoked_at).not.toBeNull();
    expect(await auditOf("recording.share_revoke")).toHaveLength(1);
    const overview = await world.clients.teacher.get("/teacher/fluency/overview");
    expect(overview.body.data.shared).toBe(1);
  });

  it("keeps each call to its policy", async () => {
    const [someShare] = await ctx.db
      .select({ id: recordingShares.id })
      .from(recordingShares)
      .where(eq(recordingShares.recordingId, coldId));
    const owners = { anonymous: 401, teacher: 200, parent: 404 };
    const routes = [
      { method: "GET" as const, url: `/teacher/recordings/${coldId}/share`, expect: owners },
      { method: "GET" as const, url: `/teacher/recordings/${coldId}/shares`, expect: owners },
      {
        method: "POST" as const,
        url: `/teacher/recordings/${coldId}/shares/${someShare?.id}/revoke`,
        expect: owners,
      },
      {
        method: "POST" as const,
        url: `/teacher/recordings/${coldId}/share`,
        body: share("new.parent@example.com"),
        expect: owners,
      },
    ];
    for (const route of routes)
      expect(await checkMatrix(world, { ...route, otherwise: 403 }), route.url).toEqual([]);
    // The family's page is public: an unknown link is 404 to everyone, signed in or not.
    for (const url of ["/shared/recordings/nope", "/shared/recordings/nope/video"])
      expect(await checkMatrix(world, { method: "GET", url, expect: {}, otherwise: 404 })).toEqual(
        [],
      );
  });

  it("shares a comparison once its cold and hot reads are graded, showing both grades", async () => {
    const hotId = await hotRead(ctx, world, lessonId, clips.mp4);
    await processed(ctx, hotId);
    await ctx.app.whenIdle();
    const [comparison] = await ctx.db
      .select({ id: recordings.id })
      .from(recordings)
      .where(eq(recordings.hotId, hotId));
    const comparisonId = comparison?.id as number;
    await processed(ctx, comparisonId);
    const shareComparison = () =>
      world.clients.teacher.post(
        `/teacher/recordings/${comparisonId}/share`,
        share("comparison.parent@example.com"),
      );

    // The hot read is not graded yet: the comparison cannot be shared.
    const refused = await shareComparison();
    expect(refused.status).toBe(422);
    expect(refused.body.errors.id).toEqual([gradingMessages.notGraded]);

    const graded = await world.clients.teacher.post(`/teacher/recordings/${hotId}/grade`, {
      accuracy: -1,
      expression: 4,
      feedback: "Smoother the second time.",
      selectedWordIds: [await firstWordOf(lessonId)],
      wpm: 95,
      submission: crypto.randomUUID(),
    });
    expect(graded.status).toBe(200);
    expect((await shareComparison()).status).toBe(200);
    const page = await ctx.client().get(await linkIn("comparison.parent@example.com"));
    expect(page.status).toBe(200);
    expect(page.body).toContain("<h2>Cold Read</h2>");
    expect(page.body).toContain("<h2>Hot Read</h2>");
    expect(page.body).toContain("Smoother the second time.");
    expect(page.body).toContain("4/5");
  }, 60_000);
});

describe("the share as parent mail", () => {
  const studentId = () => world.people.student.id;
  async function setFamily(values: Partial<typeof familyPreferences.$inferInsert>) {
    await ctx.db
      .insert(familyPreferences)
      .values({ studentId: studentId(), ...values })
      .onConflictDoUpdate({ target: familyPreferences.studentId, set: values });
  }
  const setAddress = (parentEmail: string) =>
    ctx.db.update(users).set({ parentEmail }).where(eq(users.id, studentId()));

  it("is written in the parent's language, with the unsubscribe footer and headers", async () => {
    await setAddress("familia@example.com");
    await setFamily({ language: "es" });
    const draft = await world.clients.teacher.get(`/teacher/recordings/${coldId}/share`);
    const { firstName } = world.people.student;
    expect(draft.body.data.subject).toMatch(new RegExp(`^La lectura de ${firstName}: `));
    expect(draft.body.data.body).toMatch(/^Hola:\n\n/);
    expect(draft.body.data.body).toContain("30 días");
    expect(draft.body.data.body).toContain(world.people.teacher.lastName);
    const { subject, body } = draft.body.data;
    expect((await post({ to: "familia@example.com", subject, body })).status).toBe(200);

    const path = await linkIn("familia@example.com");
    const mail = sink.received.at(-1);
    expect(mail?.subject).toBe(subject);
    expect(mail?.html).toContain('lang="es"');
    expect(mail?.text).toContain("Pensé que a usted también le gustaría escucharla.");
    expect(mail?.text).toMatch(/Ver la lectura https?:\/\/\S+\/shared\/recordings\//);
    expect(mail?.text).toMatch(/El enlace funciona hasta el \d{1,2} [a-z]{3}\.? \d{4} y no/);
    expect(mail?.text).toContain("Dejar de recibir estos correos");
    expect(mail?.headers["list-unsubscribe"]).toMatch(/^<https?:\/\/\S+\/u\/[\w.-]+>$/);
    expect(mail?.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
    expect((await ctx.client().get(path)).status).toBe(200);
  });

  it("sends nothing to a parent who unsubscribed (422 against the address, no link made)", async () => {
    const at = new Date("2025-02-03T04:05:06Z");
    await setFamily({ parentEmailsUnsubscribedAt: at });
    const before = (await sharesOf()).length;
    const refused = await post(share("familia@example.com"));
    expect(refused.status).toBe(422);
    expect(refused.body.errors.to).toEqual([
      familiesMessages.unsubscribed(PARENT_LIST_LABELS.parent_emails, "Feb 3, 2025"),
    ]);
    expect(await sharesOf()).toHaveLength(before);
    await setFamily({ parentEmailsUnsubscribedAt: null });
  });

  it("refuses a bouncing address, and a new address forgets the bounce", async () => {
    await setFamily({ bouncingAt: new Date("2025-02-03T04:05:06Z") });
    const refused = await post(share("familia@example.com"));
    expect(refused.status).toBe(422);
    expect(refused.body.errors.to).toEqual([familiesMessages.bouncing("Feb 3, 2025")]);
    expect((await post(share("otra.familia@example.com"))).status).toBe(200);
    await linkIn("otra.familia@example.com");
    const [prefs] = await ctx.db
      .select()
      .from(familyPreferences)
      .where(eq(familyPreferences.studentId, studentId()));
    expect(prefs?.bouncingAt).toBeNull();
  });
});
