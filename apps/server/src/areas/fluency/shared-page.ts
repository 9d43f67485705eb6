import {
  accuracyPercent,
  COMPANY,
  correctWordsPerMinute,
  gradingMessages,
  type SavedGrade,
  shownMeasure,
} from "@refrain/domain";
import { escapeHtml } from "../../html.ts";
import { inlineStylePolicy } from "../../plugins/security-headers.ts";

/**
 * The page a family opens from a shared link: written by the server, no script, its one style
 * allowed by hash, and the reading's media from this origin only.
 */

// The web app's teal 8, as the quote link pages (leads/quotes.ts) use it.
const STYLE = `
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;background:#f8f9fa;color:#212529}
main{max-width:720px;margin:6vh auto;padding:32px;background:#fff;border:1px solid #dee2e6;border-radius:8px}
.brand{color:#0a7558;font-weight:700;font-size:22px;margin:0 0 24px}
h1{font-size:24px;margin:0 0 4px}p{line-height:1.55}.meta{color:#495057;margin:0 0 20px}
video,audio{width:100%;background:#000;border-radius:6px}audio{background:none}
dl{display:grid;grid-template-columns:repeat(4,1fr);gap:12px;margin:20px 0}
dl div{border:1px solid #dee2e6;border-radius:6px;padding:10px;text-align:center}
dt{font-size:13px;color:#495057}dd{margin:4px 0 0;font-size:22px;font-weight:700}
blockquote{margin:0;padding:12px 16px;border-left:4px solid #0a7558;background:#f1f3f5;white-space:pre-wrap}
`;

/** The shared page's policy: its style and the reading's media from this origin, nothing else. */
export const SHARED_PAGE_POLICY = inlineStylePolicy(STYLE, ["media-src 'self'"]);

function page(title: string, body: string) {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>${escapeHtml(title)} · ${COMPANY.product}</title>
<style>${STYLE}</style></head>
<body><main>
<p class="brand">${COMPANY.product}</p>
${body}
</main></body></html>`;
}

export interface SharedReading {
  firstName: string;
  lessonTitle: string;
  label: string;
  videoType: string | null;
  videoUrl: string;
  /** The reading's grade, or a comparison's cold and hot grades, each under its title. */
  grades: { title: string; grade: SavedGrade | null }[];
}

function gradeSummary({ title, grade }: SharedReading["grades"][number]) {
  const measures = grade
    ? [
        ["Words per minute", shownMeasure(grade.wpm > 0 ? grade.wpm : null)],
        [
          "Correct words per minute",
          shownMeasure(correctWordsPerMinute(grade.wpm, grade.accuracy)),
        ],
        ["Accuracy", `${shownMeasure(accuracyPercent(grade.wpm, grade.accuracy))} %`],
        ["Expression", `${grade.expression}/5`],
      ]
    : [];
  // A comparison's two readings each get a heading; the feedback heading sits one level below.
  const feedback = title ? "h3" : "h2";
  return `${title ? `<h2>${escapeHtml(title)}</h2>` : ""}
<dl>${measures.map(([name, value]) => `<div><dt>${escapeHtml(name ?? "")}</dt><dd>${escapeHtml(value ?? "")}</dd></div>`).join("")}</dl>
<${feedback}>The teacher's feedback</${feedback}>
<blockquote>${escapeHtml(grade?.feedback || gradingMessages.noFeedback)}</blockquote>`;
}

export function sharedReadingPage(reading: SharedReading) {
  const title = `${reading.firstName}'s reading of ${reading.lessonTitle}`;
  const media = reading.videoType?.startsWith("audio/") ? "audio" : "video";
  return page(
    title,
    `<h1>${escapeHtml(title)}</h1>
<p class="meta">${escapeHtml(reading.label)}</p>
<${media} controls preload="metadata" src="${escapeHtml(reading.videoUrl)}"></${media}>
${reading.grades.map(gradeSummary).join("\n")}`,
  );
}

/** A link that is not (or no longer) one: never the reading. */
export const closedLinkPage = (status: 404 | 410) =>
  page(
    status === 404 ? "Link not found" : "Link closed",
    `<h1>${status === 404 ? "Link not found" : "Link closed"}</h1>
<p>${escapeHtml(status === 404 ? gradingMessages.linkNotFound : gradingMessages.linkGone)}</p>
<p>Please ask your child's teacher to share the reading again.</p>`,
  );
