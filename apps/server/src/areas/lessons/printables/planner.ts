import type { PlannerImage } from "@refrain/domain";

const FONT = `font-family="system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif"`;
const ACCENT = "#0c8599";
const INK = "#212529";
const MUTED = "#6c757d";

const escapeXml = (text: string) =>
  text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");

function weeklyPlanner(): string {
  const days = [
    {
      name: "Monday",
      tag: "Day 1",
      color: "#12b886",
      items: ["Cold read recording", "Read along 3 times", "Day 1 exam"],
    },
    {
      name: "Tuesday",
      tag: "Day 2",
      color: "#15aabf",
      items: ["Read along 3 times", "Day 2 exam", "Small group under 75%"],
    },
    {
      name: "Wednesday",
      tag: "Day 3",
      color: "#228be6",
      items: ["Read along 3 times", "Day 3 exam", "Hot read recording"],
    },
    {
      name: "Thursday",
      tag: "Day 4",
      color: "#7950f2",
      items: ["Extension writing", "Score it: 1 to 3 points", "Grade the hot read"],
    },
    {
      name: "Friday",
      tag: "Review",
      color: "#f76707",
      items: ["Retake exams under 75%", "Partner reading", "Color the fluency chart"],
    },
  ];
  const cardWidth = 168;
  const gap = 15;
  const x0 = 30;
  const cards = days
    .map((day, i) => {
      const x = x0 + i * (cardWidth + gap);
      const items = day.items
        .map((item, j) => {
          const y = 226 + j * 60;
          return `<rect x="${x + 16}" y="${y - 14}" width="18" height="18" rx="4" fill="#fff" stroke="${day.color}" stroke-width="2"/>
<text x="${x + 44}" y="${y}" font-size="15" fill="${INK}">${wrap(item, 16, x + 44, y, 19)}</text>`;
        })
        .join("\n");
      return `<g>
<rect x="${x}" y="120" width="${cardWidth}" height="300" rx="14" fill="#fff" stroke="#dee2e6" stroke-width="1.5"/>
<path d="M${x} 134a14 14 0 0 1 14-14h${cardWidth - 28}a14 14 0 0 1 14 14v32h-${cardWidth}z" fill="${day.color}"/>
<text x="${x + 16}" y="152" font-size="19" font-weight="700" fill="#fff">${day.name}</text>
<text x="${x + 16}" y="190" font-size="12" font-weight="700" fill="${day.color}" letter-spacing="1">${day.tag.toUpperCase()}</text>
${items}
</g>`;
    })
    .join("\n");
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 960 520" role="img" aria-label="Weekly fluency planner: Monday to Friday" ${FONT}>
<rect width="960" height="520" rx="18" fill="#f8f9fa"/>
<text x="30" y="56" font-size="30" font-weight="750" fill="${INK}">Weekly Fluency Planner</text>
<text x="30" y="86" font-size="16" fill="${MUTED}">One lesson a week, about 20 minutes a day. Check off each box as the class finishes it.</text>
<g transform="translate(862 30)"><circle cx="34" cy="34" r="32" fill="${ACCENT}" opacity=".12"/><path d="M24 50V22l26-6v28" fill="none" stroke="${ACCENT}" stroke-width="4" stroke-linejoin="round"/><circle cx="20" cy="50" r="6" fill="${ACCENT}"/><circle cx="46" cy="44" r="6" fill="${ACCENT}"/></g>
${cards}
<text x="30" y="462" font-size="15" fill="${INK}">Lesson</text>
<line x1="88" y1="466" x2="420" y2="466" stroke="#adb5bd" stroke-width="1.5"/>
<text x="450" y="462" font-size="15" fill="${INK}">Week of</text>
<line x1="516" y1="466" x2="700" y2="466" stroke="#adb5bd" stroke-width="1.5"/>
<text x="730" y="462" font-size="15" fill="${INK}">Level</text>
<line x1="776" y1="466" x2="930" y2="466" stroke="#adb5bd" stroke-width="1.5"/>
<text x="30" y="500" font-size="13" fill="${MUTED}">Retake rule: any exam under 75% is taken again after one more read-along.</text>
</svg>`;
}

/** Splits `text` into lines of at most `max` characters as SVG tspans. */
function wrap(text: string, max: number, x: number, y: number, lineHeight: number): string {
  const lines: string[] = [];
  for (const word of text.split(" ")) {
    const last = lines.at(-1);
    if (last !== undefined && `${last} ${word}`.length <= max)
      lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines
    .map((line, i) => `<tspan x="${x}" y="${y + i * lineHeight}">${escapeXml(line)}</tspan>`)
    .join("");
}

const marker = (id: string, color: string) =>
  `<marker id="${id}" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="6" markerHeight="6" orient="auto-start-reverse"><path d="M0 0L10 5L0 10z" fill="${color}"/></marker>`;

function dailyRoutine(): string {
  const steps = [
    { n: "1", title: "Listen and follow", note: "1st reading: meaning", color: "#12b886" },
    { n: "2", title: "Read along", note: "2nd reading: accuracy", color: "#15aabf" },
    { n: "3", title: "Perform", note: "3rd reading: expression", color: "#228be6" },
    { n: "", title: "Day's exam", note: "days 1, 2 and 3", color: "#7950f2" },
  ];
  const stepWidth = 190;
  const stepGap = 30;
  const x0 = 40;
  const nodes = steps
    .map((step, i) => {
      const cx = x0 + i * (stepWidth + stepGap) + stepWidth / 2;
      const arrow =
        i < steps.length - 1
          ? `<path d="M${cx + stepWidth / 2 + 4} 190h${stepGap - 10}" stroke="#adb5bd" stroke-width="3" marker-end="url(#arrow)"/>`
          : "";
      return `<rect x="${cx - stepWidth / 2}" y="120" width="${stepWidth}" height="140" rx="16" fill="#fff" stroke="${step.color}" stroke-width="2"/>
<circle cx="${cx}" cy="120" r="22" fill="${step.color}"/>
${
  step.n
    ? `<text x="${cx}" y="128" font-size="22" font-weight="700" fill="#fff" text-anchor="middle">${step.n}</text>`
    : `<path d="M${cx - 9} 120l6 7l12-14" fill="none" stroke="#fff" stroke-width="4" stroke-linecap="round" stroke-linejoin="round"/>`
}
<text x="${cx}" y="186" font-size="18" font-weight="700" fill="${INK}" text-anchor="middle">${step.title}</text>
<text x="${cx}" y="214" font-size="15" fill="${MUTED}" text-anchor="middle">${step.note}</text>
${arrow}`;
    })
    .join("\n");
  const examX = x0 + 3 * (stepWidth + stepGap) + stepWidth / 2;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 960 520" role="img" aria-label="One reading session: read along three times, then the day's exam" ${FONT}>
<defs>${marker("arrow", "#adb5bd")}${marker("arrow-no", "#e8590c")}${marker("arrow-yes", "#2f9e44")}</defs>
<rect width="960" height="520" rx="18" fill="#f8f9fa"/>
<text x="40" y="56" font-size="30" font-weight="750" fill="${INK}">One Reading Session</text>
<text x="40" y="86" font-size="16" fill="${MUTED}">The same song, three times, each time with a new goal, then a short exam.</text>
${nodes}
<path d="M${examX} 262v44" stroke="#adb5bd" stroke-width="3" marker-end="url(#arrow)"/>
<path d="M${examX} 314l70 46l-70 46l-70-46z" fill="#fff" stroke="#7950f2" stroke-width="2"/>
<text x="${examX}" y="357" font-size="16" font-weight="700" fill="${INK}" text-anchor="middle">75% or</text>
<text x="${examX}" y="376" font-size="16" font-weight="700" fill="${INK}" text-anchor="middle">more?</text>
<path d="M${examX - 72} 360h-100" stroke="#e8590c" stroke-width="3" marker-end="url(#arrow-no)"/>
<text x="${examX - 120}" y="348" font-size="15" font-weight="600" fill="#e8590c" text-anchor="middle">no</text>
<rect x="${examX - 430}" y="318" width="250" height="84" rx="14" fill="#fff4e6" stroke="#e8590c" stroke-width="2"/>
<text x="${examX - 305}" y="354" font-size="17" font-weight="700" fill="${INK}" text-anchor="middle">Read along once more</text>
<text x="${examX - 305}" y="380" font-size="15" fill="${MUTED}" text-anchor="middle">then retake the exam</text>
<path d="M${examX} 408v34" stroke="#2f9e44" stroke-width="3" marker-end="url(#arrow-yes)"/>
<text x="${examX + 14}" y="430" font-size="15" font-weight="600" fill="#2f9e44">yes</text>
<rect x="${examX - 120}" y="446" width="240" height="50" rx="14" fill="#ebfbee" stroke="#2f9e44" stroke-width="2"/>
<text x="${examX}" y="477" font-size="17" font-weight="700" fill="${INK}" text-anchor="middle">On to the next day</text>
<text x="40" y="470" font-size="14" fill="${MUTED}">Day 1 starts with a cold read recording;</text>
<text x="40" y="490" font-size="14" fill="${MUTED}">day 3 ends with a hot read recording.</text>
</svg>`;
}

/**
 * The planner tab's two images, drawn by us as SVG: the week's routine as a printable planner,
 * and one day's reading session as a flow.
 */
export const PLANNER_SVGS: Record<PlannerImage, string> = {
  "weekly-planner": weeklyPlanner(),
  "daily-routine": dailyRoutine(),
};
