import type { ParentLanguage } from "@refrain/domain";
import { escapeHtml } from "../../html.ts";
import { parentIntl } from "../families/index.ts";
import type { SeasonScore } from "../screening/index.ts";
import type { Words } from "./shared-page.ts";

/**
 * The graph under the screening sentence of the family's page (issue 39): the child's score at
 * each window of the school year beside the grade level for that season, drawn as inline SVG by
 * the server like the rest of the page, so the page loads no script and no chart library. Its
 * colours are SVG presentation attributes, which the page's style policy does not govern; the
 * table under it says the same in words.
 */

// The drawing's own units; the stylesheet scales it to the page's width.
const WIDTH = 360;
const LEFT = 40;
const RIGHT = WIDTH - 8;
const TOP = 24;
const BOTTOM = 160;
const HEIGHT = 186;
const TEAL = "#0a7558";
// 4.7:1 on white: a line a parent needs to see (WCAG 1.4.11 asks 3:1).
const GREY = "#6c757d";

/** The axis's top and step: whole steps of 10, 20, 25, 50 or 100, at most five, above the top. */
function axisOf(values: readonly number[]) {
  const top = Math.max(1, ...values) * 1.1;
  const step = [10, 20, 25, 50, 100].find((s) => Math.ceil(top / s) <= 5) ?? 100;
  return { max: step * Math.ceil(top / step), step };
}

/** The graph's section, or nothing while no window of the year has a score. */
export function screeningChart(
  scores: readonly SeasonScore[],
  name: string,
  language: ParentLanguage,
  t: Words,
): string {
  if (!scores.some((s) => s.wcpm !== null)) return "";
  const intl = parentIntl(language);
  const number = (n: number) => intl.formatNumber(n, { maximumFractionDigits: 0 });
  const { max, step } = axisOf(scores.flatMap((s) => [s.wcpm ?? 0, s.benchmark ?? 0]));
  const tenths = (n: number) => Math.round(n * 10) / 10;
  const y = (value: number) => tenths(BOTTOM - (value / max) * (BOTTOM - TOP));
  const band = (RIGHT - LEFT) / scores.length;
  const x = (i: number) => tenths(LEFT + band * (i + 0.5));
  const season = (s: SeasonScore) => t(`screening.season.${s.season}`);

  const grid = Array.from({ length: max / step + 1 }, (_, i) => {
    const at = y(i * step);
    return `<line x1="${LEFT}" x2="${RIGHT}" y1="${at}" y2="${at}" stroke="#e9ecef"/><text x="${LEFT - 6}" y="${at + 4}" text-anchor="end" font-size="13" fill="#495057">${number(i * step)}</text>`;
  });
  const seasons = scores.map(
    (s, i) =>
      `<text x="${x(i)}" y="${HEIGHT - 6}" text-anchor="middle" font-size="14" fill="#212529">${escapeHtml(season(s))}</text>`,
  );
  // Each season its own bar, not one line through them: the grade level is a step per season.
  const benchmarks = scores.flatMap((s, i) =>
    s.benchmark === null
      ? []
      : [
          `<line x1="${tenths(x(i) - band * 0.38)}" x2="${tenths(x(i) + band * 0.38)}" y1="${y(s.benchmark)}" y2="${y(s.benchmark)}" stroke="${GREY}" stroke-width="2" stroke-dasharray="6 4"/>`,
        ],
  );
  const points = scores.flatMap((s, i) =>
    s.wcpm === null ? [] : [{ i, wcpm: s.wcpm, benchmark: s.benchmark }],
  );
  const path =
    points.length > 1
      ? `<polyline points="${points.map((p) => `${x(p.i)},${y(p.wcpm)}`).join(" ")}" fill="none" stroke="${TEAL}" stroke-width="2.5"/>`
      : "";
  // A score's number sits on the side away from its season's bar (under it when the score is
  // under the bar, unless that would meet the season's name), and a white outline keeps it
  // readable where a line still crosses it.
  const dots = points.map((p) => {
    const at = y(p.wcpm);
    const under = p.benchmark !== null && p.wcpm < p.benchmark && at + 20 <= BOTTOM;
    return `<circle cx="${x(p.i)}" cy="${at}" r="5" fill="${TEAL}" stroke="#fff" stroke-width="2"/><text x="${x(p.i)}" y="${under ? at + 20 : at - 10}" text-anchor="middle" font-size="14" font-weight="700" fill="${TEAL}" stroke="#fff" stroke-width="3" paint-order="stroke">${number(p.wcpm)}</text>`;
  });

  const child = t("screening.chart.child", { name });
  const gradeLevel = t("screening.chart.gradeLevel");
  const cell = (value: number | null) =>
    value === null ? escapeHtml(t("screening.chart.noScore")) : number(value);
  const rows = scores.map(
    (s) =>
      `<tr><th scope="row">${escapeHtml(season(s))}</th><td>${cell(s.wcpm)}</td><td>${s.benchmark === null ? "--" : number(s.benchmark)}</td></tr>`,
  );
  return `\n<section class="checks" aria-labelledby="checks-title">
<h2 id="checks-title">${escapeHtml(t("screening.chart.title", { name }))}</h2>
<p class="meta" id="checks-note">${escapeHtml(t("screening.chart.note"))}</p>
<ul class="legend"><li><svg width="28" height="12" aria-hidden="true"><line x1="2" x2="26" y1="6" y2="6" stroke="${TEAL}" stroke-width="2.5"/><circle cx="14" cy="6" r="4" fill="${TEAL}"/></svg>${escapeHtml(child)}</li><li><svg width="28" height="12" aria-hidden="true"><line x1="2" x2="26" y1="6" y2="6" stroke="${GREY}" stroke-width="2" stroke-dasharray="6 4"/></svg>${escapeHtml(gradeLevel)}</li></ul>
<svg class="chart" viewBox="0 0 ${WIDTH} ${HEIGHT}" role="img" aria-labelledby="checks-title" aria-describedby="checks-note">${grid.join("")}${benchmarks.join("")}${path}${dots.join("")}${seasons.join("")}</svg>
<details><summary>${escapeHtml(t("screening.chart.numbers"))}</summary>
<table><thead><tr><th scope="col">${escapeHtml(t("screening.chart.window"))}</th><th scope="col">${escapeHtml(child)}</th><th scope="col">${escapeHtml(gradeLevel)}</th></tr></thead>
<tbody>${rows.join("")}</tbody></table></details>
</section>`;
}
