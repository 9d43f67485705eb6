import { createHash } from "node:crypto";
import {
  accuracyPercent,
  CLASSIFICATIONS,
  COMPANY,
  correctWordsPerMinute,
  PARENT_LANGUAGE_LABELS,
  PARENT_LANGUAGES,
  type ParentLanguage,
  type ParentMessageId,
  RECORDING_TYPES,
  readyInMinutes,
  type SavedGrade,
  type Season,
  type Tier,
} from "@refrain/domain";
import { dateText } from "../../core/date-text.ts";
import { escapeHtml } from "../../html.ts";
import { inlineStylePolicy } from "../../plugins/security-headers.ts";
import { parentIntl } from "../families/index.ts";
import type { SeasonScore } from "../screening/index.ts";
import { screeningChart } from "./shared-page-chart.ts";

/**
 * The page a family opens from a shared link: written by the server, its one style and one
 * script allowed by hash, and the reading's media from this origin only. It speaks the parent's
 * language (families/page-language.ts picks it), with dates and numbers in their locale, and
 * links to the other language: plain links. The script only looks again while the video is
 * being prepared (LOOK_AGAIN); everything else needs none.
 */

// The web app's teal 8, as the quote link pages (leads/quotes.ts) use it. On a phone the card
// fills the screen and the four measures sit two by two, so their names do not break mid-word.
const STYLE = `
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;background:#f8f9fa;color:#212529}
main{max-width:720px;margin:6vh auto;padding:32px;background:#fff;border:1px solid #dee2e6;border-radius:8px}
header{display:flex;justify-content:space-between;align-items:baseline;gap:12px;margin:0 0 24px}
.brand{color:#0a7558;font-weight:700;font-size:22px;margin:0}
nav a{color:#0a7558;font-weight:600}
h1{font-size:24px;margin:0 0 4px}p{line-height:1.55}.meta{color:#495057;margin:0 0 20px}
video,audio{width:100%;background:#000;border-radius:6px}audio{background:none}
dl{display:grid;grid-template-columns:repeat(4,1fr);gap:12px;margin:20px 0}
dl div{border:1px solid #dee2e6;border-radius:6px;padding:10px;text-align:center}
dt{font-size:13px;color:#495057}dd{margin:4px 0 0;font-size:22px;font-weight:700}
.preparing{padding:16px;border:1px solid #dee2e6;border-radius:6px;background:#f1f3f5}.preparing p{margin:4px 0 0}
blockquote{margin:0;padding:12px 16px;border-left:4px solid #0a7558;background:#f1f3f5;white-space:pre-wrap}
.checks h2{font-size:18px;margin:24px 0 4px}
.legend{display:flex;flex-wrap:wrap;gap:6px 20px;list-style:none;padding:0;margin:0;font-size:14px;color:#495057}.legend li{display:flex;align-items:center;gap:6px}
svg.chart{display:block;width:100%;max-width:480px;height:auto;margin:8px 0}
summary{color:#0a7558;font-weight:600;cursor:pointer}table{border-collapse:collapse;margin:8px 0 0}
th,td{padding:6px 12px;border-bottom:1px solid #dee2e6;text-align:right}th:first-child,td:first-child{text-align:left}thead th{font-size:14px;color:#495057}
@media (max-width:540px){main{margin:0;padding:20px 16px;border:0;border-radius:0}dl{grid-template-columns:repeat(2,1fr)}h1{font-size:21px}}
`;

/** The query the page's own looks add while it waits, so waiting is not counted as views. */
export const WAITING_QUERY = "waiting";

/**
 * The page's one script, run only while the video is being prepared: every `data-look-again`
 * seconds it asks for the page again (uncounted), and once the video is ready (or could not be
 * made, or the link closed) shows the page anew. Not a meta refresh: reloading a page by itself
 * on a timer is what WCAG 2.2.1 forbids, and this reloads only when there is something new.
 */
const LOOK_AGAIN = `(function(){var n=document.getElementById("preparing");if(!n)return;var w=1000*Number(n.getAttribute("data-look-again"));function look(){fetch("?${WAITING_QUERY}=1",{cache:"no-store"}).then(function(r){return r.text()}).then(function(t){if(t.indexOf('id="preparing"')<0)location.replace(location.pathname);else setTimeout(look,w)},function(){setTimeout(look,w)})}setTimeout(look,w)})();`;

const scriptHash = createHash("sha256").update(LOOK_AGAIN, "utf8").digest("base64");

/**
 * The shared page's policy: its style, its script (which asks this origin for the page again)
 * and the reading's media from this origin, nothing else.
 */
export const SHARED_PAGE_POLICY = inlineStylePolicy(STYLE, [
  "media-src 'self'",
  `script-src 'sha256-${scriptHash}'`,
  "connect-src 'self'",
]);

export type Words = (id: ParentMessageId, values?: Record<string, string | number>) => string;
const wordsIn =
  (language: ParentLanguage): Words =>
  (id, values) =>
    parentIntl(language).formatMessage({ id }, values);

/** Links to the page in the other languages; the query is all a link needs, the path stays. */
const languageSwitch = (language: ParentLanguage, t: Words) =>
  `<nav aria-label="${escapeHtml(t("language.label"))}">${PARENT_LANGUAGES.filter(
    (other) => other !== language,
  )
    .map(
      (other) =>
        `<a href="?lang=${other}" hreflang="${other}" lang="${other}">${escapeHtml(PARENT_LANGUAGE_LABELS[other])}</a>`,
    )
    .join(" ")}</nav>`;

function page(language: ParentLanguage, title: string, body: string, end = "") {
  return `<!doctype html>
<html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>${escapeHtml(title)} · ${COMPANY.product}</title>
<style>${STYLE}</style></head>
<body><main>
<header><p class="brand">${COMPANY.product}</p>${languageSwitch(language, wordsIn(language))}</header>
${body}
</main>${end}</body></html>`;
}

export interface SharedReading {
  firstName: string;
  lessonTitle: string;
  /** The teacher's English label; the page words its own from `SharedReadingFacts`. */
  label: string;
  videoType: string | null;
  videoUrl: string;
  /** The reading's grade, or a comparison's cold and hot grades, each under its title. */
  grades: { title: string; grade: SavedGrade | null }[];
}

/**
 * The reading's video: ready to play, still being prepared (about how many seconds until it is,
 * fluency/readiness.ts), or failed (its teacher may try again).
 */
export type SharedMedia = "ready" | "failed" | { readyInSeconds: number };

/**
 * How long the waiting page waits before it looks again: half the estimate, between 30 s and
 * 2 minutes, which keeps a family's looks well inside the page's rate limit (sharedPagePerIp).
 */
const lookAgainSeconds = (readyInSeconds: number) =>
  Math.round(Math.min(120, Math.max(30, readyInSeconds / 2)));

/** In place of the player: when the video will be there, or that it could not be made. */
function mediaNotice(media: Exclude<SharedMedia, "ready">, t: Words) {
  const [title, body] =
    media === "failed"
      ? [t("sharedPage.failed.title"), t("sharedPage.failed.body")]
      : [
          t("sharedPage.preparing.title"),
          t("sharedPage.preparing.body", { minutes: readyInMinutes(media.readyInSeconds) }),
        ];
  const waiting =
    media === "failed"
      ? ""
      : ` id="preparing" data-look-again="${lookAgainSeconds(media.readyInSeconds)}"`;
  return `<div class="preparing" role="status"${waiting}><strong>${escapeHtml(title)}</strong><p>${escapeHtml(body)}</p></div>`;
}

/** The reading's kind and day and the reader's language, for the words the page writes. */
export interface SharedReadingFacts {
  language: ParentLanguage;
  classification: string;
  recordedAt: Date;
  /** The student's tier in the window standing, in plain words on the page (issue 39). */
  screening?: { season: Season; tier: Tier } | null;
  /** This school year's windows, for the graph under those words. */
  screeningYear: readonly SeasonScore[];
}

/** A comparison part's title is its kind's English name (RECORDING_TYPES): say it in theirs. */
function partTitle(title: string, t: Words) {
  const kind = CLASSIFICATIONS.find((classification) => RECORDING_TYPES[classification] === title);
  return kind ? t("sharedPage.kind", { kind }) : title;
}

function gradeSummary(
  { title, grade }: SharedReading["grades"][number],
  language: ParentLanguage,
  t: Words,
) {
  const intl = parentIntl(language);
  // "--" as the teacher's grader shows a measure there is none of.
  const shown = (value: number | null, format = (n: number) => intl.formatNumber(n)) =>
    value === null ? "--" : format(value);
  const measures = grade
    ? [
        [t("sharedPage.wpm"), shown(grade.wpm > 0 ? grade.wpm : null)],
        [t("sharedPage.wcpm"), shown(correctWordsPerMinute(grade.wpm, grade.accuracy))],
        [
          t("sharedPage.accuracy"),
          shown(accuracyPercent(grade.wpm, grade.accuracy), (n) =>
            intl.formatNumber(n / 100, { style: "percent" }),
          ),
        ],
        [t("sharedPage.expression"), t("sharedPage.outOfFive", { score: grade.expression })],
      ]
    : [];
  // A comparison's two readings each get a heading; the feedback heading sits one level below.
  const feedback = title ? "h3" : "h2";
  return `${title ? `<h2>${escapeHtml(partTitle(title, t))}</h2>` : ""}
<dl>${measures.map(([name, value]) => `<div><dt>${escapeHtml(name ?? "")}</dt><dd>${escapeHtml(value ?? "")}</dd></div>`).join("")}</dl>
<${feedback}>${escapeHtml(t("sharedPage.feedback"))}</${feedback}>
<blockquote>${escapeHtml(grade?.feedback || t("sharedPage.noFeedback"))}</blockquote>`;
}

export function sharedReadingPage(
  reading: SharedReading,
  facts: SharedReadingFacts,
  media: SharedMedia = "ready",
) {
  const { language } = facts;
  const t = wordsIn(language);
  const title = t("sharedPage.title", { name: reading.firstName, lesson: reading.lessonTitle });
  // The day the reading was made (UTC), in the reader's words.
  const date = dateText(facts.recordedAt, parentIntl(language).locale);
  const label = t("sharedPage.label", {
    kind: t("sharedPage.kind", { kind: facts.classification }),
    date,
  });
  const element = reading.videoType?.startsWith("audio/") ? "audio" : "video";
  const player =
    media === "ready"
      ? `<${element} controls preload="metadata" src="${escapeHtml(reading.videoUrl)}"></${element}>`
      : mediaNotice(media, t);
  // While it is prepared the page looks again by itself; the language stays (its cookie).
  const lookAgain = typeof media === "object" ? `\n<script>${LOOK_AGAIN}</script>` : "";
  return page(
    language,
    title,
    `<h1>${escapeHtml(title)}</h1>
<p class="meta">${escapeHtml(label)}</p>
${player}${
  facts.screening
    ? `\n<p class="screening">${escapeHtml(t("screening.result", { name: reading.firstName, ...facts.screening }))}</p>`
    : ""
}${screeningChart(facts.screeningYear, reading.firstName, language, t)}
${reading.grades.map((part) => gradeSummary(part, language, t)).join("\n")}`,
    lookAgain,
  );
}

/** A link that is not (or no longer) one: never the reading. */
export function closedLinkPage(status: 404 | 410, language: ParentLanguage) {
  const t = wordsIn(language);
  const title = t(status === 404 ? "sharedPage.notFound.title" : "sharedPage.gone.title");
  return page(
    language,
    title,
    `<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(t(status === 404 ? "sharedPage.notFound.body" : "sharedPage.gone.body"))}</p>
<p>${escapeHtml(t("sharedPage.askAgain"))}</p>`,
  );
}
