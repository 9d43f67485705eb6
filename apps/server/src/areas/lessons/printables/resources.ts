import { EXTENSION_RUBRIC, READING_LEVELS } from "@refrain/domain";
import { type Pdf, renderPdf } from "../../../adapters/pdf.ts";
import {
  ACCENT,
  BOLD,
  bullets,
  contentWidth,
  documentTitle,
  footers,
  heading,
  INK,
  keepTogether,
  MUTED,
  paragraph,
  REGULAR,
  RULE,
  TINT,
  table,
} from "../../../adapters/pdf-layout.ts";
import { EXPRESSION_LEVELS } from "./content.ts";

const meta = (title: string) => ({ bufferPages: true, info: { Title: title, Author: "Refrain" } });

/**
 * The one-page fluency chart: six lessons of three readings each, a bar per reading to color
 * up to the words correct per minute reached.
 */
export function renderFluencyChart(): Promise<Buffer> {
  return renderPdf(
    (doc) => {
      documentTitle(
        doc,
        "Printable fluency chart",
        "My Fluency Chart",
        "Color each bar up to your words correct per minute after every reading.",
      );
      nameLine(doc);
      drawChart(doc);
      footers(doc, "My Fluency Chart");
    },
    { ...meta("My Fluency Chart"), layout: "landscape", margin: 40 },
  );
}

function nameLine(doc: Pdf) {
  const x = doc.page.margins.left;
  const y = doc.y;
  doc.font(REGULAR).fontSize(11).fillColor(INK).text("Name", x, y, { lineBreak: false });
  doc.text("Goal (words correct per minute)", x + 330, y, { lineBreak: false });
  doc
    .save()
    .lineWidth(0.75)
    .strokeColor(RULE)
    .moveTo(x + 38, y + 12)
    .lineTo(x + 300, y + 12)
    .moveTo(x + 505, y + 12)
    .lineTo(x + 600, y + 12)
    .stroke()
    .restore();
  doc.x = x;
  doc.y = y + 26;
}

function drawChart(doc: Pdf) {
  const lessons = 6;
  const readings = ["1st", "2nd", "3rd"];
  const maxWpm = 200;
  const step = 10;
  const axisWidth = 34;
  const x0 = doc.page.margins.left + axisWidth;
  const top = doc.y + 6;
  const labelsHeight = 52;
  const height = doc.page.height - doc.page.margins.bottom - top - labelsHeight;
  const width = contentWidth(doc) - axisWidth;
  const rowHeight = height / (maxWpm / step);
  const groupWidth = width / lessons;
  const barWidth = (groupWidth - 18) / readings.length;

  for (let wpm = 0; wpm <= maxWpm; wpm += step) {
    const y = top + height - (wpm / step) * rowHeight;
    const major = wpm % 50 === 0;
    doc
      .save()
      .lineWidth(major ? 0.9 : 0.4)
      .strokeColor(major ? "#adb5bd" : "#dee2e6")
      .moveTo(x0, y)
      .lineTo(x0 + width, y)
      .stroke()
      .restore();
    doc
      .font(major ? BOLD : REGULAR)
      .fontSize(7.5)
      .fillColor(major ? INK : MUTED)
      .text(String(wpm), doc.page.margins.left, y - 3.5, {
        width: axisWidth - 6,
        align: "right",
        lineBreak: false,
      });
  }

  for (let l = 0; l < lessons; l++) {
    const gx = x0 + l * groupWidth + 9;
    readings.forEach((label, r) => {
      const bx = gx + r * barWidth + 3;
      doc
        .save()
        .rect(bx, top, barWidth - 6, height)
        .lineWidth(0.75)
        .strokeColor(ACCENT)
        .stroke()
        .restore();
      doc
        .font(REGULAR)
        .fontSize(8)
        .fillColor(MUTED)
        .text(label, bx, top + height + 4, {
          width: barWidth - 6,
          align: "center",
          lineBreak: false,
        });
    });
    const ly = top + height + 18;
    doc
      .save()
      .roundedRect(gx, ly, groupWidth - 18, 28, 4)
      .fill(TINT)
      .restore();
    doc
      .font(BOLD)
      .fontSize(8)
      .fillColor(ACCENT)
      .text(`Lesson ${l + 1}`, gx + 5, ly + 4, { lineBreak: false });
    doc
      .save()
      .lineWidth(0.5)
      .strokeColor(RULE)
      .moveTo(gx + 5, ly + 23)
      .lineTo(gx + groupWidth - 23, ly + 23)
      .stroke()
      .restore();
  }
  doc.x = doc.page.margins.left;
}

const CURRICULUM_LEVELS = READING_LEVELS.filter((level) => level.id >= 7 && level.id <= 11);

export interface CurriculumLesson {
  title: string;
  planId: number;
  storyGenre: string;
  subject: string;
  musicGenre: string;
  lexile: number;
  wordsPerMinute: number;
}

/** Every lesson of grades 1–5 with its genres, Lexile and read-along tempo. */
export function renderCurriculum(lessons: readonly CurriculumLesson[]): Promise<Buffer> {
  return renderPdf((doc) => {
    documentTitle(
      doc,
      "Curriculum overview",
      "Refrain Lessons, Grades 1–5",
      `${lessons.filter((l) => l.planId >= 7 && l.planId <= 11).length} song-lyric lessons in five reading levels`,
    );
    paragraph(
      doc,
      "Each lesson is an original song written for one reading level. Students read it along three " +
        "times, answer comprehension questions on days 1 to 3 and write an extended answer on day 4. " +
        "The Lexile measure shows how demanding the text is; the tempo is the read-along speed in " +
        "words per minute, which rises with the grade so that practice pulls reading rate upward.",
    );
    for (const level of CURRICULUM_LEVELS) {
      const ofLevel = lessons.filter((l) => l.planId === level.id);
      if (ofLevel.length === 0) continue;
      // A level's heading and table stay on one page: about 22 points a row.
      keepTogether(doc, 90 + 22 * ofLevel.length);
      heading(doc, `${level.name} · ${ofLevel.length} lessons`);
      const lexiles = ofLevel.map((l) => l.lexile);
      doc
        .font(REGULAR)
        .fontSize(9.5)
        .fillColor(MUTED)
        .text(
          `Lexile ${Math.min(...lexiles)}–${Math.max(...lexiles)} · read-along ` +
            `${Math.min(...ofLevel.map((l) => l.wordsPerMinute))}–${Math.max(...ofLevel.map((l) => l.wordsPerMinute))} WPM`,
        );
      doc.moveDown(0.4);
      table(
        doc,
        [
          { header: "#", width: 24, align: "center" },
          { header: "Lesson" },
          { header: "Story genre", width: 92 },
          { header: "Subject", width: 92 },
          { header: "Music", width: 70 },
          { header: "Lexile", width: 44, align: "center" },
          { header: "WPM", width: 38, align: "center" },
        ],
        ofLevel.map((l, i) => [
          String(i + 1),
          l.title,
          l.storyGenre,
          l.subject,
          l.musicGenre,
          String(l.lexile),
          String(l.wordsPerMinute),
        ]),
        { fontSize: 9 },
      );
    }
    footers(doc, "Curriculum overview, grades 1–5");
  }, meta("Refrain Curriculum Overview, Grades 1-5"));
}

/** How a class runs one lesson a week with Refrain, in two to three pages. */
export function renderImplementationGuide(): Promise<Buffer> {
  return renderPdf((doc) => {
    documentTitle(
      doc,
      "Implementation guide",
      "Running a Refrain Week",
      "A weekly routine for reading centers or whole-class time",
    );
    paragraph(
      doc,
      "Refrain builds fluency through repeated reading: students hear a fluent model, read the same " +
        "text several times and see their own speed and accuracy grow. One lesson fills one week. " +
        "This guide sets out the routine, what each day asks of students and how to use the recordings " +
        "and scores to decide what comes next.",
    );

    heading(doc, "The week at a glance");
    table(
      doc,
      [{ header: "Day", width: 70 }, { header: "Students", width: 230 }, { header: "Teacher" }],
      [
        [
          "Day 1",
          "Record a cold read before any practice. Read along with the song three times. Take the day 1 exam.",
          "Assign the lesson. Check that every student recorded the cold read.",
        ],
        [
          "Day 2",
          "Read along three times. Take the day 2 exam on vocabulary and meaning.",
          "Review day 1 scores; pull a small group for anyone under 75%.",
        ],
        [
          "Day 3",
          "Read along three times. Take the day 3 exam. Record a hot read.",
          "Compare cold and hot reads; grade the hot read.",
        ],
        [
          "Day 4",
          "Write the extension answer, using examples from the text.",
          "Score the answer on the 1–3 point rubric.",
        ],
        [
          "Day 5",
          "Retake any exam scored under 75%. Partner reading with the fluency worksheet.",
          "Share progress with families; plan next week's lesson.",
        ],
      ],
      { fontSize: 9.5 },
    );

    heading(doc, "Read along three times");
    paragraph(
      doc,
      "Each session starts with the student reading along with the recorded song while the words " +
        "are highlighted. The first reading is for meaning, the second for accuracy and the third for " +
        "expression. Three readings a day are enough for most students to reach the lesson's tempo by " +
        "day 3; students who need it can use the slower video setting without losing the routine.",
    );
    bullets(doc, [
      "Whole group: project the lesson and read chorally, then let students repeat on their own devices.",
      "Centers: one device per group is enough when students take turns reading and following along.",
      "At home: families can listen to a read-along and sign the worksheet's tracking table.",
    ]);

    heading(doc, "Comprehension on days 1 to 3");
    paragraph(
      doc,
      "Each day ends with a short multiple-choice exam. Day 1 checks what happened in the text, day 2 " +
        "the meaning of words and lines, and day 3 the bigger ideas: why characters act, what the " +
        "song teaches. Questions and answers can be read aloud to the student, so the exam measures " +
        "understanding rather than decoding.",
    );
    bullets(doc, [
      "Retake rule: a student who scores under 75% on a day retakes that exam after reading along again.",
      "Scores appear in the class reports as soon as an exam is finished.",
    ]);

    heading(doc, "Day 4 extension");
    paragraph(
      doc,
      "On day 4 students answer an open question in writing. Score it with the extension rubric: " +
        "1 point for answering part of the question without support, 2 points for answering every " +
        "part but with little support from the text, 3 points for a complete answer with examples " +
        "from the text.",
    );

    heading(doc, "Fluency recordings");
    bullets(doc, [
      "Cold read: the student records the lesson before practicing it. It shows where they start.",
      "Hot read: the student records the same lesson after three days of practice. The difference is the week's growth.",
      "Benchmark: a grade-level passage the student has never practiced, recorded every few weeks. It shows growth that carries over to new texts.",
      "Grade each recording for words correct per minute and for expression on the 1–5 scale of the fluency rubric.",
    ]);

    heading(doc, "Using the printables");
    bullets(doc, [
      "Fluency worksheet: one per lesson, with running word counts for timing a one-minute read and a table for three readings.",
      "Fluency chart: students color a bar after each reading, so growth across the week is visible at a glance.",
      "Fluency rubric: the expression scale and how to count words correct per minute.",
    ]);

    heading(doc, "Deciding what comes next");
    paragraph(
      doc,
      "Move a student to the next lesson of their level when their hot read reaches the lesson's " +
        "tempo and their exams are at 75% or above. When a student's benchmark reads rise above their " +
        "grade's target over several weeks, consider moving them up a reading level; when hot reads " +
        "stay well below the tempo, repeat the routine with another lesson of the same level before " +
        "moving on.",
    );
    footers(doc, "Implementation guide");
  }, meta("Running a Refrain Week: Implementation Guide"));
}

/** The fluency rubric: the expression scale and how words correct per minute is computed. */
export function renderFluencyRubric(): Promise<Buffer> {
  return renderPdf((doc) => {
    documentTitle(
      doc,
      "Fluency rubric",
      "Scoring a Fluency Reading",
      "Words correct per minute, expression and the day 4 extension",
    );

    heading(doc, "Words correct per minute (WCPM)");
    paragraph(
      doc,
      "Time the student reading the text aloud. Follow along on a copy and mark every error. At " +
        "the end, count the words the student read and subtract the errors; if the reading did " +
        "not last exactly one minute, scale the result to one minute.",
    );
    formula(doc, "WCPM = (words read – errors) × 60 ÷ seconds of reading");
    paragraph(
      doc,
      "Example: in 80 seconds a student reads 150 words with 6 errors. (150 – 6) × 60 ÷ 80 = 108 " +
        "words correct per minute. The running counts on each worksheet line make the number of " +
        "words read quick to find.",
    );
    bullets(doc, [
      "Counts as an error: a word skipped, a word read as a different word, a word the student stalls on for three seconds and is then told.",
      "Does not count as an error: a word the student corrects on their own, a repeated word, a different pronunciation from the student's accent or dialect.",
      "Accuracy: words correct ÷ words read. Below 90% the text is hard for the student; above 95% it is comfortable.",
    ]);

    heading(doc, "Expression");
    paragraph(doc, "Listen to the whole reading, then give the one score that fits it best.");
    table(
      doc,
      [
        { header: "Score", width: 44, align: "center" },
        { header: "Level", width: 120 },
        { header: "What you hear" },
      ],
      EXPRESSION_LEVELS.map((level) => [String(level.score), level.name, level.description]),
      { fontSize: 9.5 },
    );

    keepTogether(doc, 170);
    heading(doc, "Measuring a week's growth");
    paragraph(
      doc,
      "Compare the hot read at the end of the week with the cold read at its start. Growth is the " +
        "gain in words correct per minute as a share of where the student began.",
    );
    formula(doc, "Growth = (hot WCPM – cold WCPM) ÷ cold WCPM × 100%");
    paragraph(
      doc,
      "Example: a cold read of 60 and a hot read of 96 words correct per minute is a growth of " +
        "(96 – 60) ÷ 60 × 100% = 60%. The Boost Fluency routine aims for 50% to 100% growth from " +
        "cold to hot read; benchmark passages, read without practice, show how much of that gain " +
        "carries over to new texts.",
    );

    keepTogether(doc, 130);
    heading(doc, "Day 4 extension");
    table(
      doc,
      [{ header: "Points", width: 54, align: "center" }, { header: "The answer" }],
      EXTENSION_RUBRIC.map((r) => [String(r.points), r.description]),
      { fontSize: 9.5 },
    );
    footers(doc, "Fluency rubric");
  }, meta("Refrain Fluency Rubric"));
}

function formula(doc: Pdf, text: string) {
  keepTogether(doc, 40);
  const x = doc.page.margins.left;
  const y = doc.y;
  const width = contentWidth(doc);
  doc.save().roundedRect(x, y, width, 30, 4).fill(TINT).restore();
  doc
    .font(BOLD)
    .fontSize(12)
    .fillColor(ACCENT)
    .text(text, x, y + 9, { width, align: "center", lineBreak: false });
  doc.x = x;
  doc.y = y + 40;
}
