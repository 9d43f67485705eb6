import { fullName, printedClassCode, rosterMessages } from "@refrain/domain";
import { eq } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { Mailer } from "../../adapters/mail.ts";
import { type Pdf, renderPdf } from "../../adapters/pdf.ts";
import type { Config } from "../../config.ts";
import { classOrder, studentsOf } from "../../core/access.ts";
import { invalid, ownedOr404 } from "../../core/errors.ts";
import type { StudentPasswordBox } from "../../core/passwords.ts";
import type { Db } from "../../db/client.ts";
import { users } from "../../db/schema/index.ts";
import { letter } from "../../mail-layout.ts";
import { classCodeOf, namedPerson } from "../auth/index.ts";

export interface LoginCard {
  name: string;
  username: string;
  password: string;
}

interface CardSheet {
  signInUrl: string;
  teacherUsername: string;
  /** A class that picks its names from tiles: the code that shows them on a new browser. */
  classCode: string | null;
  cards: LoginCard[];
}

// Letter paper, 2 × 4 cards of 270 × 180 pt (3.75 × 2.5 in) inside half-inch margins.
const PAGE = { width: 612, height: 792, margin: 36 };
const COLUMNS = 2;
const ROWS = 4;
const CARD_W = (PAGE.width - 2 * PAGE.margin) / COLUMNS;
const CARD_H = (PAGE.height - 2 * PAGE.margin) / ROWS;
const PAD = 16;
const TEAL = "#0c8599";
const GREY = "#555555";

/** Dashed lines around the rows of cards in use, so a last, partly filled page stays tidy. */
function drawCutLines(doc: Pdf, rows: number) {
  const bottom = PAGE.margin + rows * CARD_H;
  doc.save().lineWidth(0.6).strokeColor("#9a9a9a").dash(4, { space: 3 });
  for (let c = 0; c <= COLUMNS; c++) {
    const x = PAGE.margin + c * CARD_W;
    doc.moveTo(x, PAGE.margin).lineTo(x, bottom).stroke();
  }
  for (let r = 0; r <= rows; r++) {
    const y = PAGE.margin + r * CARD_H;
    doc
      .moveTo(PAGE.margin, y)
      .lineTo(PAGE.width - PAGE.margin, y)
      .stroke();
  }
  doc.undash().restore();
}

function drawCard(doc: Pdf, sheet: CardSheet, card: LoginCard, x: number, y: number) {
  const left = x + PAD;
  const width = CARD_W - 2 * PAD;
  const one = { width, lineBreak: false, ellipsis: true } as const;

  doc
    .font("Helvetica-Bold")
    .fontSize(13)
    .fillColor(TEAL)
    .text("Refrain", left, y + PAD, one);
  doc
    .font("Helvetica")
    .fontSize(8)
    .fillColor(GREY)
    .text("STUDENT LOGIN CARD", left, y + PAD + 3, { ...one, align: "right" });

  doc
    .font("Helvetica-Bold")
    .fontSize(17)
    .fillColor("#000000")
    .text(card.name, left, y + PAD + 24, one);

  const rows: [string, string, boolean][] = [
    ["Go to", sheet.signInUrl, false],
    ["Teacher", sheet.teacherUsername, true],
    ...(sheet.classCode
      ? [["Class code", printedClassCode(sheet.classCode), true] as [string, string, boolean]]
      : []),
    ["Username", card.username, true],
    ["Password", card.password, true],
  ];
  // Five rows fit above the card's foot a little closer together.
  const rowHeight = rows.length > 4 ? 17 : 19;
  let lineY = y + PAD + 56;
  for (const [label, value, typed] of rows) {
    doc
      .font("Helvetica")
      .fontSize(9)
      .fillColor(GREY)
      .text(label, left, lineY + 2, one);
    doc
      .font(typed ? "Courier-Bold" : "Helvetica")
      .fontSize(typed ? 12 : 9)
      .fillColor("#000000")
      .text(value, left + 62, typed ? lineY : lineY + 2, { ...one, width: width - 62 });
    lineY += rowHeight;
  }
  doc
    .font("Helvetica-Oblique")
    .fontSize(7.5)
    .fillColor(GREY)
    .text(
      "Keep this card safe. Type each part exactly as printed.",
      left,
      y + CARD_H - PAD - 8,
      one,
    );
}

/** Printable cards, eight to a letter page with dashed cut lines. */
export function renderLoginCards(sheet: CardSheet): Promise<Buffer> {
  return renderPdf(
    (doc) => {
      const perPage = COLUMNS * ROWS;
      sheet.cards.forEach((card, i) => {
        const slot = i % perPage;
        if (slot === 0) {
          if (i > 0) doc.addPage();
          const onPage = Math.min(perPage, sheet.cards.length - i);
          drawCutLines(doc, Math.ceil(onPage / COLUMNS));
        }
        const x = PAGE.margin + (slot % COLUMNS) * CARD_W;
        const y = PAGE.margin + Math.floor(slot / COLUMNS) * CARD_H;
        drawCard(doc, sheet, card, x, y);
      });
    },
    {
      margin: 0,
      info: { Title: "Student login cards", Author: "Refrain" },
    },
  );
}

/**
 * The site address printed on the cards: PUBLIC_URL when set, else the address the teacher's
 * browser used, since the http://localhost:PORT default reaches no student's computer.
 * Trusting the Host header (or X-Forwarded-Host behind TRUST_PROXY) is safe here only because
 * the cards go to the teacher who asked, signed in, and hold no token: a forged Host changes
 * nothing but the caller's own cards. Links that sign in (link-routes.ts) never use it, as a
 * stranger could then mail someone a working link to a host of their choosing.
 */
export function cardsSiteUrl(config: Config, request: FastifyRequest): string {
  if (config.publicUrlConfigured) return config.PUBLIC_URL;
  try {
    // Only the origin: whatever else a Host header carries is dropped.
    return new URL(`${request.protocol}://${request.host}`).origin;
  } catch {
    return config.PUBLIC_URL;
  }
}

async function classOwner(db: Db, teacherId: number) {
  const [teacher] = await db
    .select({
      username: users.username,
      email: users.email,
      firstName: users.firstName,
      studentLoginType: users.studentLoginType,
    })
    .from(users)
    .where(eq(users.id, teacherId));
  return ownedOr404(teacher);
}

/** The caller's class as cards, alphabetical by last name so they are easy to hand out. */
export async function loginCardsOf(
  db: Db,
  box: StudentPasswordBox,
  teacherId: number,
  siteUrl: string,
) {
  const owner = await classOwner(db, teacherId);
  const students = await db
    .select({
      ...namedPerson,
      passwordEncrypted: users.passwordEncrypted,
    })
    .from(users)
    .where(studentsOf(teacherId))
    .orderBy(...classOrder);
  if (students.length === 0) throw invalid({ students: [rosterMessages.noStudents] });
  const sheet: CardSheet = {
    signInUrl: `${siteUrl.replace(/\/$/, "")}/student/login`,
    teacherUsername: owner.username,
    classCode: owner.studentLoginType === "select" ? await classCodeOf(db, teacherId) : null,
    cards: students.map((s) => ({
      name: fullName(s.firstName, s.lastName) || s.username,
      username: s.username,
      password: s.passwordEncrypted ? box.decrypt(s.passwordEncrypted) : "",
    })),
  };
  return {
    owner,
    sheet,
    studentIds: students.map((s) => s.id),
    pdf: await renderLoginCards(sheet),
  };
}

/** E-mails the cards to the teacher as a PDF; answers the message the page shows. */
export async function sendLoginCards(
  db: Db,
  box: StudentPasswordBox,
  mailer: Mailer,
  teacherId: number,
  siteUrl: string,
) {
  const email = (await classOwner(db, teacherId)).email?.trim();
  if (!email) throw invalid({ email: [rosterMessages.noTeacherEmail] });
  const { owner, sheet, studentIds, pdf } = await loginCardsOf(db, box, teacherId, siteUrl);
  const count = sheet.cards.length;
  const subject = "Student login cards for your class";
  const body = await letter({
    title: subject,
    greeting: `Hello ${owner.firstName || owner.username},`,
    paragraphs: [
      `Attached are printable login cards for the ${count === 1 ? "1 student" : `${count} students`} in your class.\nPrint the PDF, cut along the dashed lines and give each student their card.`,
      `Students sign in at ${sheet.signInUrl} with your username (${sheet.teacherUsername}), then their own username and password.`,
      ...(sheet.classCode
        ? [
            `On a tablet or computer where nobody of your class has signed in yet, type the class code ${printedClassCode(sheet.classCode)} once to show your students' names to pick from. You can change the code in Settings.`,
          ]
        : []),
    ],
    signature: "Refrain",
  });
  await mailer.send({
    to: email,
    subject,
    ...body,
    // Every password of the class: the teacher's copy only, never the outbox's.
    attachments: [
      { filename: "login-cards.pdf", contentType: "application/pdf", content: pdf, secret: true },
    ],
    // It held their passwords: erasing any of them erases the outbox copy.
    aboutStudentIds: studentIds,
  });
  return { message: rosterMessages.cardsSent(count, email) };
}
