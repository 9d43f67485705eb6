import {
  currentWindow,
  dayOf,
  defaultWindows,
  gradeOfPlan,
  normCuts,
  PARENT_LANGUAGE_COOKIE,
  schoolYearOf,
} from "@refrain/domain";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { allowRecording, makeClips, processed, upload } from "../../../test/fluency.ts";
import { catalogLessons } from "../../../test/learning.ts";
import { appWithRolesForFile } from "../../../test/own-app.ts";
import { screenedOn } from "../../../test/screening.ts";
import { familyPreferences, recordingShares, recordings, users } from "../../db/schema/index.ts";
import { shareTokenHash } from "../../demo/grades.ts";

/** The shared reading page in the parent's language (issue 16 part 6). */

const { ctx, world } = appWithRolesForFile({ DEMO_RECORDINGS: "off" });
const TOKEN = "shared-page-language-test-token-0123456789";
const PATH = `/shared/recordings/${TOKEN}`;

beforeAll(async () => {
  const lessons = await catalogLessons(ctx);
  await allowRecording(ctx, world.people.teacher.id);
  const cold = await upload(
    world.clients.student,
    { lessonId: lessons.second[0] as number, classification: "cold_read", filetype: "video/webm" },
    makeClips().webm,
  );
  const recordingId = cold.recordingId as number;
  await processed(ctx, recordingId);
  const graded = await world.clients.teacher.post(`/teacher/recordings/${recordingId}/grade`, {
    accuracy: 0,
    expression: 4,
    feedback: "",
    selectedWordIds: [],
    wpm: 80,
    submission: crypto.randomUUID(),
  });
  expect(graded.status).toBe(200);
  // A fixed day, so the page's date can be read in both languages.
  await ctx.db
    .update(recordings)
    .set({ createdAt: new Date("2026-03-05T15:00:00Z") })
    .where(eq(recordings.id, recordingId));
  await ctx.db.insert(recordingShares).values({
    recordingId,
    teacherId: world.people.teacher.id,
    email: "familia@example.com",
    tokenHash: shareTokenHash(TOKEN),
    expiresAt: new Date(Date.now() + 86_400_000),
  });
}, 60_000);

const setParentLanguage = (language: "en" | "es") =>
  ctx.db
    .insert(familyPreferences)
    .values({ studentId: world.people.student.id, language })
    .onConflictDoUpdate({ target: familyPreferences.studentId, set: { language } });

/** The page as a new visitor opens it, holding each of `texts`. */
async function expectPageWith(texts: string[]) {
  const page = await ctx.client().get(PATH);
  expect(page.status).toBe(200);
  for (const text of texts) expect(page.body).toContain(text);
  return page;
}

describe("the shared reading page's language", () => {
  it("speaks English by default, with an English date", async () => {
    const page = await expectPageWith([
      '<html lang="en">',
      "Cold Read · Mar 5, 2026",
      "<dt>Words per minute</dt><dd>80</dd>",
      "<dt>Accuracy</dt><dd>100%</dd>",
      "<dd>4/5</dd>",
      "The teacher&#39;s feedback",
      "(no feedback left)",
      '<a href="?lang=es" hreflang="es" lang="es">Español</a>',
    ]);
    expect(page.headers["set-cookie"]).toBeUndefined();
  });

  it("speaks Spanish to a parent the teacher set to Spanish, and keeps the page's headers", async () => {
    await setParentLanguage("es");
    const page = await expectPageWith([
      '<html lang="es">',
      "Primera lectura, antes de practicar · 5 mar 2026",
      "<dt>Palabras correctas por minuto</dt><dd>80</dd>",
      "<dt>Precisión</dt><dd>100%</dd>",
      "<dd>4 de 5</dd>",
      "(sin comentarios)",
      '<a href="?lang=en" hreflang="en" lang="en">English</a>',
    ]);
    expect(page.body).not.toContain("Words per minute");
    expect(page.headers["content-security-policy"]).toMatch(
      /^default-src 'none'; style-src 'sha256-[^']+'; media-src 'self'/,
    );
    expect(page.headers["cache-control"]).toBe("no-store");
    expect(page.headers["x-robots-tag"]).toContain("noindex");
  });

  it("says the student's screening in plain words once the window's three passages are graded", async () => {
    await setParentLanguage("en");
    expect((await ctx.client().get(PATH)).body).not.toContain('class="screening"');
    const today = dayOf(new Date());
    const standing = currentWindow(today, defaultWindows(schoolYearOf(today)));
    const student = world.people.student;
    const [row] = await ctx.db
      .select({ planId: users.planId, firstName: users.firstName })
      .from(users)
      .where(eq(users.id, student.id));
    await screenedOn(ctx, student.id, (row?.planId ?? 6) - 6, standing.start, [200, 200, 200]);
    await expectPageWith([`${row?.firstName} is reading at grade level for ${standing.season}`]);
    await setParentLanguage("es");
    await expectPageWith([`${row?.firstName} lee al nivel de su grado en`]);
  });

  it("follows ?lang= and remembers it in a cookie that later visits prefer", async () => {
    await setParentLanguage("es");
    const visitor = ctx.client();
    const picked = await visitor.get(`${PATH}?lang=en`);
    expect(picked.body).toContain('<html lang="en">');
    const cookie = String(picked.headers["set-cookie"]);
    expect(cookie).toContain(`${PARENT_LANGUAGE_COOKIE}=en`);
    expect(cookie).toMatch(/Max-Age=31536000/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).not.toMatch(/HttpOnly/);
    const later = await visitor.get(PATH);
    expect(later.body).toContain('<html lang="en">');

    // The same cookie set by another parent page (the web app's unsubscribe page) counts too.
    await setParentLanguage("en");
    const fromUnsubscribe = await ctx
      .client()
      .request("GET", PATH, undefined, { cookie: `${PARENT_LANGUAGE_COOKIE}=es` });
    expect(fromUnsubscribe.body).toContain('<html lang="es">');
  });

  it("ignores a language it does not write in", async () => {
    await setParentLanguage("es");
    const page = await ctx
      .client()
      .request("GET", `${PATH}?lang=fr`, undefined, { cookie: `${PARENT_LANGUAGE_COOKIE}=xx` });
    expect(page.status).toBe(200);
    expect(page.body).toContain('<html lang="es">');
    expect(page.headers["set-cookie"]).toBeUndefined();
  });

  it("words a closed link in the visitor's chosen language", async () => {
    const page = await ctx.client().get("/shared/recordings/not-a-real-link?lang=es");
    expect(page.status).toBe(404);
    expect(page.body).toContain('<html lang="es">');
    expect(page.body).toContain("Este enlace no es válido.");
    expect(page.body).toContain("Pídale al maestro o a la maestra");
  });
});

describe("the graph of the school year's reading checks", () => {
  it("draws the child's median at each window read, beside the grade level, and nothing else", async () => {
    await setParentLanguage("en");
    const { student, teacher } = world.people;
    // This test's windows only: the screening the test above read goes.
    await ctx.db
      .delete(recordings)
      .where(and(eq(recordings.studentId, student.id), eq(recordings.classification, "benchmark")));
    expect((await expectPageWith([])).body).not.toContain('class="checks"');

    const [row] = await ctx.db
      .select({ planId: users.planId, firstName: users.firstName })
      .from(users)
      .where(eq(users.id, student.id));
    const grade = gradeOfPlan(row?.planId ?? 6);
    const [fall, winter] = defaultWindows(schoolYearOf(dayOf(new Date())));
    await screenedOn(ctx, student.id, grade, fall?.start as string, [61, 70, 84]);
    // Two of three graded: incomplete, so no point.
    await screenedOn(ctx, student.id, grade, winter?.start as string, [90, 95]);
    // A classmate's score is theirs alone.
    const classmate = await ctx.factories.user({
      role: "student",
      teacherId: teacher.id,
      planId: row?.planId ?? 6,
    });
    await screenedOn(ctx, classmate.id, grade, fall?.start as string, [137, 137, 137]);
    // The district's own winter cut replaces the norms' line, as it does the tier.
    const cut = await world.clients.district_admin.post("/screening/cut-scores", {
      rows: [{ grade, season: "winter", benchmark: 77, wellBelow: 60 }],
    });
    expect(cut.status).toBe(200);

    const line = (season: "fall" | "spring") => normCuts(grade, season)?.benchmark;
    const page = await expectPageWith([
      `<h2 id="checks-title">${row?.firstName}&#39;s reading checks this school year</h2>`,
      'role="img" aria-labelledby="checks-title" aria-describedby="checks-note"',
      `<tr><th scope="row">Fall</th><td>70</td><td>${line("fall")}</td></tr>`,
      '<tr><th scope="row">Winter</th><td>No score yet</td><td>77</td></tr>',
      `<tr><th scope="row">Spring</th><td>No score yet</td><td>${line("spring")}</td></tr>`,
    ]);
    const chart = page.body.slice(page.body.indexOf('<svg class="chart"'));
    expect(chart.slice(0, chart.indexOf("</svg>")).match(/<circle /g)).toHaveLength(1);
    expect(page.body).not.toContain("137");
    // Never a percentile, in words or as an ordinal.
    expect(page.body).not.toMatch(/percentil/i);
    expect(page.body).not.toMatch(/\b\d+(st|nd|rd|th)\b/);

    await setParentLanguage("es");
    await expectPageWith([
      `Las evaluaciones de lectura de ${row?.firstName} este año escolar`,
      `<tr><th scope="row">Otoño</th><td>70</td><td>${line("fall")}</td></tr>`,
      '<tr><th scope="row">Invierno</th><td>Aún sin resultado</td><td>77</td></tr>',
    ]);
  });

  it("is on no page but an open link's", async () => {
    const expire = (expiresAt: Date) =>
      ctx.db
        .update(recordingShares)
        .set({ expiresAt })
        .where(eq(recordingShares.tokenHash, shareTokenHash(TOKEN)));
    await expire(new Date(Date.now() - 1000));
    const expired = await ctx.client().get(PATH);
    expect(expired.status).toBe(410);
    expect(expired.body).not.toContain('class="checks"');
    await expire(new Date(Date.now() + 86_400_000));
    const tampered = await ctx.client().get(`${PATH.slice(0, -2)}xx`);
    expect(tampered.status).toBe(404);
    expect(tampered.body).not.toContain('class="checks"');
    expect((await ctx.client().get(PATH)).body).toContain('class="checks"');
  });
});
