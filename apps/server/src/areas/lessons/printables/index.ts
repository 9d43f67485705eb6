import {
  FLUENCY_SHEETS_EDITION,
  type FluencySheet,
  lessonsCalls,
  pathOf,
  RESOURCE_PDFS,
  type ResourcePdfName,
} from "@refrain/domain";
import { and, asc, between, eq } from "drizzle-orm";
import { notFound, ownedOr404 } from "../../../core/errors.ts";
import type { Db } from "../../../db/client.ts";
import { lessons } from "../../../db/schema/index.ts";
import { lessonSummaryColumns } from "../service.ts";
import {
  renderCurriculum,
  renderFluencyChart,
  renderFluencyRubric,
  renderImplementationGuide,
} from "./resources.ts";
import { renderWorksheet } from "./worksheet.ts";

/** Grades 1–5 are plan ids 7–11; fluency sheets exist for them (classroom spec §9), level = plan id − 6. */
const GRADES_1_TO_5 = [7, 11] as const;
const SHEET_LEVEL_OFFSET = 6;

export const fluencySheetUrl = (slug: string) =>
  pathOf(lessonsCalls.fluencySheet, { edition: FLUENCY_SHEETS_EDITION, file: `${slug}.pdf` });

const worksheetColumns = {
  title: lessons.title,
  planId: lessons.planId,
  gradeLabel: lessons.gradeLabel,
  lexile: lessons.lexile,
  wordsPerMinute: lessons.wordsPerMinute,
  lyrics: lessons.lyrics,
  extensionPrompt: lessons.extensionPrompt,
};

/** A lesson's worksheet, rendered on demand (a few milliseconds; nothing to keep in sync). */
export async function lessonWorksheetPdf(db: Db, lessonId: number) {
  const [lesson] = await db.select(worksheetColumns).from(lessons).where(eq(lessons.id, lessonId));
  const found = ownedOr404(lesson);
  return { pdf: await renderWorksheet(found), filename: `${found.title} - Fluency Worksheet.pdf` };
}

/** The same worksheet under the resources page's dated fluency-sheets folder. */
export async function fluencySheetPdf(db: Db, edition: string, file: string) {
  const slug = file.endsWith(".pdf") ? file.slice(0, -".pdf".length) : "";
  if (edition !== FLUENCY_SHEETS_EDITION || slug === "") throw notFound();
  const [lesson] = await db
    .select(worksheetColumns)
    .from(lessons)
    .where(and(eq(lessons.slug, slug), between(lessons.planId, ...GRADES_1_TO_5)));
  const found = ownedOr404(lesson);
  return { pdf: await renderWorksheet(found), filename: `${found.title} - Fluency Sheet.pdf` };
}

/** GET /teacher/resources: the fluency sheets of grades 1–5 in level and catalog order. */
export async function listFluencySheets(db: Db): Promise<FluencySheet[]> {
  const rows = await db
    .select({ slug: lessons.slug, title: lessons.title, planId: lessons.planId })
    .from(lessons)
    .where(between(lessons.planId, ...GRADES_1_TO_5))
    .orderBy(asc(lessons.planId), asc(lessons.id));
  return rows.map((l) => ({
    level: l.planId - SHEET_LEVEL_OFFSET,
    title: l.title,
    file: fluencySheetUrl(l.slug),
  }));
}

const FILENAMES: Record<ResourcePdfName, string> = {
  [RESOURCE_PDFS.chart]: "Refrain Fluency Chart.pdf",
  [RESOURCE_PDFS.curriculum]: "Refrain Curriculum Overview Grades 1-5.pdf",
  [RESOURCE_PDFS.guide]: "Refrain Implementation Guide.pdf",
  [RESOURCE_PDFS.rubric]: "Refrain Fluency Rubric.pdf",
};

/** The resources page's printables, rendered on demand like the worksheets. */
export async function resourcePdf(db: Db, name: ResourcePdfName) {
  const render = async () => {
    switch (name) {
      case RESOURCE_PDFS.chart:
        return renderFluencyChart();
      case RESOURCE_PDFS.curriculum:
        return renderCurriculum(
          await db
            .select(lessonSummaryColumns)
            .from(lessons)
            .where(between(lessons.planId, ...GRADES_1_TO_5))
            .orderBy(asc(lessons.planId), asc(lessons.id)),
        );
      case RESOURCE_PDFS.guide:
        return renderImplementationGuide();
      case RESOURCE_PDFS.rubric:
        return renderFluencyRubric();
    }
  };
  return { pdf: await render(), filename: FILENAMES[name] };
}
