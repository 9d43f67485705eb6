import { fullName } from "@refrain/domain";
import {
  AlignmentType,
  BorderStyle,
  Document,
  HeadingLevel,
  LevelFormat,
  Packer,
  Paragraph,
  TabStopType,
  TextRun,
} from "docx";

/** Who the slip is from; a teacher without a school on file signs with their name alone. */
export interface SlipSender {
  firstName: string;
  lastName: string;
  schoolName: string | null;
}

const FONT = "Calibri";
/** Twentieths of a point: 11 pt body text keeps the letter and its consent part on one page. */
const BODY_SIZE = 22;
const INCH = 1440;
const BULLETS = "slip-bullets";

const para = (text: string, after = 120) =>
  new Paragraph({ spacing: { after }, children: [new TextRun(text)] });

const bullet = (label: string, text: string) =>
  new Paragraph({
    numbering: { reference: BULLETS, level: 0 },
    spacing: { after: 60 },
    children: [new TextRun({ text: `${label} `, bold: true }), new TextRun(text)],
  });

/** A "Label ____________" line to fill in by hand, right to the margin. */
const fillLine = (label: string) =>
  new Paragraph({
    spacing: { before: 280 },
    tabStops: [{ type: TabStopType.RIGHT, position: 6.5 * INCH }],
    children: [new TextRun(label), new TextRun({ text: "\t", underline: {} })],
  });

/**
 * The letter a teacher sends home before students record themselves reading: what a fluency
 * recording is, who sees it, how long it is kept, and a consent part to sign and return. Our
 * own words; the teacher's name and school are filled in.
 */
export async function permissionSlipDocx(sender: SlipSender): Promise<Buffer> {
  const teacher = fullName(sender.firstName, sender.lastName) || "Your child's teacher";
  const signOff = sender.schoolName ? `${teacher}, ${sender.schoolName}` : teacher;
  const doc = new Document({
    creator: "Refrain",
    title: "Fluency recording permission slip",
    description: `Permission slip for fluency recordings in ${teacher}'s class`,
    styles: {
      default: { document: { run: { font: FONT, size: BODY_SIZE } } },
      paragraphStyles: [
        {
          id: "Heading1",
          name: "Heading 1",
          basedOn: "Normal",
          next: "Normal",
          run: { size: 32, bold: true, color: "1F3A5F" },
          paragraph: { spacing: { after: 80 } },
        },
        {
          id: "Heading2",
          name: "Heading 2",
          basedOn: "Normal",
          next: "Normal",
          run: { size: 24, bold: true, color: "1F3A5F" },
          paragraph: { spacing: { before: 200, after: 80 } },
        },
      ],
    },
    numbering: {
      config: [
        {
          reference: BULLETS,
          levels: [
            {
              level: 0,
              format: LevelFormat.BULLET,
              text: "•",
              alignment: AlignmentType.LEFT,
              style: { paragraph: { indent: { left: 360, hanging: 260 } } },
            },
          ],
        },
      ],
    },
    sections: [
      {
        properties: {
          // US Letter, the paper the schools print on.
          page: {
            size: { width: 8.5 * INCH, height: 11 * INCH },
            margin: { top: 0.8 * INCH, bottom: 0.8 * INCH, left: INCH, right: INCH },
          },
        },
        children: [
          new Paragraph({
            heading: HeadingLevel.HEADING_1,
            children: [new TextRun("Fluency Recording Permission Slip")],
          }),
          new Paragraph({
            spacing: { after: 240 },
            children: [new TextRun({ text: `From ${signOff}`, color: "555555" })],
          }),
          para("Dear Families,"),
          para(
            "Our class reads along with songs to build reading fluency: reading smoothly, at a good pace and with expression. To see how each child grows, I would like your child to record short readings of a lesson's passage on a class computer or tablet: a first read before practicing, and a second read after reading along three times.",
          ),
          new Paragraph({
            heading: HeadingLevel.HEADING_2,
            children: [new TextRun("What is recorded and who sees it")],
          }),
          bullet(
            "What:",
            "a video with sound of your child reading for about one minute. I may choose audio only, with the words on screen and no picture of your child.",
          ),
          bullet(
            "Who sees it:",
            "me, and the school and district administrators who support our reading program. Recordings are never public.",
          ),
          bullet(
            "Families:",
            "you see your child's recordings only through a private link I share with you.",
          ),
          bullet(
            "How long:",
            "recordings are kept while your child is in my class, so we can compare readings over the school year. I can delete a recording at any time, and removing your child from the class deletes their recordings. Ask me and I will delete them.",
          ),
          new Paragraph({
            spacing: { before: 120, after: 120 },
            children: [
              new TextRun(
                "Recording is optional. A child without permission takes part in every lesson in the same way; only the recording is skipped. Please sign the part below and return it to me.",
              ),
            ],
          }),
          new Paragraph({ children: [new TextRun({ text: "Thank you,", italics: true })] }),
          new Paragraph({ children: [new TextRun(signOff)] }),
          new Paragraph({
            heading: HeadingLevel.HEADING_2,
            border: { top: { style: BorderStyle.DASHED, size: 6, color: "999999", space: 8 } },
            spacing: { before: 360, after: 80 },
            children: [new TextRun("Consent (please return this part)")],
          }),
          para(
            `I give permission for my child to record fluency readings in ${teacher}'s class, to be seen as described above.`,
            0,
          ),
          fillLine("Student name  "),
          fillLine("Parent or guardian name  "),
          fillLine("Parent or guardian signature  "),
          fillLine("Date  "),
        ],
      },
    ],
  });
  return Packer.toBuffer(doc);
}
