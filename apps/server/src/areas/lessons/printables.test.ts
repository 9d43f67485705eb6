import { FLUENCY_SHEETS_EDITION, PLANNER_IMAGES, RESOURCE_PDFS } from "@refrain/domain";
import { asc } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { TestClient } from "../../../test/build-test-app.ts";
import { testAppForFile } from "../../../test/own-app.ts";
import { CATALOG, ensureCatalog } from "../../catalog/catalog.ts";
import { lessons } from "../../db/schema/index.ts";
import { printedLines, worksheetSubtitle } from "./printables/worksheet.ts";

const ctx = testAppForFile();
let teacher: TestClient;
let firstLessonId: number;

beforeAll(async () => {
  await ensureCatalog(ctx.db);
  const [first] = await ctx.db.select().from(lessons).orderBy(asc(lessons.id)).limit(1);
  firstLessonId = first?.id as number;
  teacher = ctx.client();
  await teacher.signIn(await ctx.factories.user({ role: "teacher" }));
});

/** What a test can read of a pdfkit file without a PDF parser: pages and the info title. */
function pdfFacts(body: unknown) {
  const text = Buffer.from(body as string, "binary").toString("latin1");
  return {
    isPdf: text.startsWith("%PDF-"),
    pages: (text.match(/\/Type \/Page\b/g) ?? []).length,
    text,
  };
}

async function getPdf(client: TestClient, url: string) {
  const reply = await ctx.app.inject({
    method: "GET",
    url,
    headers: { cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join("; ") },
  });
  return { reply, facts: pdfFacts(reply.rawPayload.toString("latin1")) };
}

describe("worksheet lines", () => {
  it("gives each printed line the running word count, stanza breaks kept once", () => {
    expect(printedLines("one two three\nfour five\n\n\nsix", () => true)).toEqual([
      { text: "one two three", count: 3 },
      { text: "four five", count: 5 },
      null,
      { text: "six", count: 6 },
    ]);
  });

  it("wraps a long line into printed lines that each carry their count", () => {
    const fitsThreeWords = (text: string) => text.split(" ").length <= 3;
    expect(printedLines("a b c d e f g", fitsThreeWords)).toEqual([
      { text: "a b c", count: 3 },
      { text: "d e f", count: 6 },
      { text: "g", count: 7 },
    ]);
  });
});

describe("worksheet subtitle", () => {
  const lesson = {
    title: "Fly, Kite, Fly!",
    planId: 6,
    gradeLabel: "Kindergarten",
    lexile: 120,
    wordsPerMinute: 60,
    lyrics: "",
    extensionPrompt: "",
  };

  it("names the level once when the grade label says the same", () => {
    expect(worksheetSubtitle(lesson)).toBe("Kindergarten · Lexile 120 · Read-along 60 WPM");
    expect(worksheetSubtitle({ ...lesson, planId: 7, gradeLabel: "1st Grade" })).toBe(
      "First Grade · Lexile 120 · Read-along 60 WPM",
    );
  });

  it("keeps a benchmark's grade, which its level does not name", () => {
    expect(worksheetSubtitle({ ...lesson, planId: 12, gradeLabel: "Grade 3 Benchmark" })).toBe(
      "Benchmark Passages · Grade 3 Benchmark · Lexile 120 · Read-along 60 WPM",
    );
  });
});

describe("GET /media/lessons/{id}/worksheet.pdf", () => {
  it("renders the lesson's worksheet as an inline PDF named after the lesson", async () => {
    const { reply, facts } = await getPdf(teacher, `/media/lessons/${firstLessonId}/worksheet.pdf`);
    expect(reply.statusCode).toBe(200);
    expect(reply.headers["content-type"]).toBe("application/pdf");
    expect(reply.headers["content-disposition"]).toContain(
      `filename*=UTF-8''${encodeURIComponent(`${CATALOG[0]?.title} - Fluency Worksheet.pdf`)}`,
    );
    expect(facts.isPdf).toBe(true);
    expect(facts.pages).toBeGreaterThanOrEqual(1);
    expect(facts.pages).toBeLessThanOrEqual(2);
    expect(facts.text).toContain(`(${CATALOG[0]?.title}: Fluency Worksheet)`);
  });

  it("answers 404 for an unknown lesson", async () => {
    expect((await teacher.get("/media/lessons/999999/worksheet.pdf")).status).toBe(404);
  });
});

describe("GET /teacher/resources and the fluency sheets", () => {
  it("lists a sheet per lesson of grades 1–5 in the dated folder, level 1–5", async () => {
    const reply = await teacher.get("/teacher/resources");
    expect(reply.status).toBe(200);
    const sheets = reply.body.data.resources["fluency-sheets"];
    const grades1to5 = CATALOG.filter((c) => c.planId >= 7 && c.planId <= 11);
    expect(sheets).toHaveLength(grades1to5.length);
    expect(new Set(sheets.map((s: { level: number }) => s.level))).toEqual(
      new Set([1, 2, 3, 4, 5]),
    );
    expect(sheets[0]).toEqual({
      level: 1,
      title: grades1to5[0]?.title,
      file: `/media/resources/fluency-sheets/${FLUENCY_SHEETS_EDITION}/${grades1to5[0]?.slug}.pdf`,
    });
  });

  it("serves each listed sheet as a PDF, and nothing outside the edition or grades 1–5", async () => {
    const sheets = (await teacher.get("/teacher/resources")).body.data.resources["fluency-sheets"];
    const { reply, facts } = await getPdf(teacher, sheets[0].file);
    expect(reply.statusCode).toBe(200);
    expect(facts.isPdf).toBe(true);
    const kindergarten = CATALOG.find((c) => c.planId === 6)?.slug;
    for (const url of [
      `/media/resources/fluency-sheets/2001-01/${CATALOG.find((c) => c.planId === 7)?.slug}.pdf`,
      `/media/resources/fluency-sheets/${FLUENCY_SHEETS_EDITION}/${kindergarten}.pdf`,
      `/media/resources/fluency-sheets/${FLUENCY_SHEETS_EDITION}/no-such-lesson.pdf`,
      `/media/resources/fluency-sheets/${FLUENCY_SHEETS_EDITION}/${kindergarten}`,
    ]) {
      expect((await teacher.get(url)).status, url).toBe(404);
    }
  });
});

describe("printable resources", () => {
  it.each([
    [RESOURCE_PDFS.chart, 1, 1, "(My Fluency Chart)"],
    [RESOURCE_PDFS.curriculum, 2, 3, "(Refrain Curriculum Overview, Grades 1-5)"],
    [RESOURCE_PDFS.guide, 2, 3, "(Running a Refrain Week: Implementation Guide)"],
    [RESOURCE_PDFS.rubric, 1, 2, "(Refrain Fluency Rubric)"],
  ])("%s.pdf is a PDF of %i to %i pages", async (name, minPages, maxPages, title) => {
    const { reply, facts } = await getPdf(teacher, `/media/resources/${name}.pdf`);
    expect(reply.statusCode).toBe(200);
    expect(reply.headers["content-type"]).toBe("application/pdf");
    expect(facts.isPdf).toBe(true);
    expect(facts.pages).toBeGreaterThanOrEqual(minPages);
    expect(facts.pages).toBeLessThanOrEqual(maxPages);
    expect(facts.text).toContain(title);
  });

  it.each(PLANNER_IMAGES)("the planner artwork %s is an SVG image", async (name) => {
    const reply = await teacher.get(`/media/resources/${name}.svg`);
    expect(reply.status).toBe(200);
    expect(reply.headers["content-type"]).toContain("image/svg+xml");
    expect(String(reply.body)).toMatch(/^<svg [^>]*role="img"/);
  });

  it("the benchmark logo is one fixed image anyone may load", async () => {
    const reply = await ctx.client().get("/media/lessons/benchmark-logo.svg");
    expect(reply.status).toBe(200);
    expect(String(reply.body)).toContain("BENCHMARK");
  });
});
