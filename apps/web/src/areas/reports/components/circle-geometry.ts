/**
 * The circle percentage chart's settings and geometry (grading spec §3 "Circle chart
 * settings", §9 defaults), apart from React so the numbers are tested alone.
 */

export interface CircleChartSettings {
  /** The amount shown (required, §5). */
  amount: number;
  total?: number;
  /** The title's text: {amount}, {total} and {percent} are filled in. */
  titleTemplate?: string;
  titleColor?: string;
  titleSize?: string;
  caption?: string;
  captionColor?: string;
  captionSize?: string;
  /** The outer radius, in SVG units (the chart is twice as wide, or narrower when its box is). */
  radius?: number;
  color?: string;
  remainderColor?: string;
  /** Milliseconds the ring takes to fill; none when the reader asks for reduced motion. */
  animationDuration?: number;
  /** The ring's width, in percent of the radius. */
  thickness?: number;
}

export const CIRCLE_DEFAULTS = {
  total: 100,
  titleTemplate: "{percent}%",
  titleColor: "black",
  titleSize: "1.5em",
  // §9 says #888, which is 3.5:1 on white: under WCAG AA's 4.5:1 for 12 px text. #767676 is
  // the nearest grey that passes (4.5:1), so the caption stays the spec's light grey and readable.
  captionColor: "#767676",
  captionSize: "0.75rem",
  radius: 125,
  // #41B883 is 2.5:1 on white: fine for the ring (graphics, 3:1 against the page is not asked of
  // a decorative fill whose value the title states) and never used for text.
  color: "#41B883",
  remainderColor: "transparent",
  animationDuration: 2000,
  thickness: 10,
} as const;

export interface CircleGeometry {
  /** Width and height of the viewBox. */
  size: number;
  center: number;
  /** The ring's radius, to the middle of its stroke. */
  ringRadius: number;
  strokeWidth: number;
  circumference: number;
  /** The filled share, 0–1. */
  fraction: number;
  /** stroke-dashoffset that leaves the remainder unpainted. */
  dashOffset: number;
  /** Where the title and the caption sit: 25 % of the height with a caption, else 50 %; 65 %. */
  titleY: number;
  captionY: number;
  title: string;
}

/** The geometry and title of a chart, its settings filled with the defaults. */
export function circleGeometry(settings: CircleChartSettings): CircleGeometry {
  const s = { ...CIRCLE_DEFAULTS, ...settings };
  const size = s.radius * 2;
  const strokeWidth = (s.radius * s.thickness) / 100;
  // The stroke straddles its path, so the path runs half a stroke inside the edge.
  const ringRadius = s.radius - strokeWidth / 2;
  const circumference = 2 * Math.PI * ringRadius;
  const share = s.total > 0 ? s.amount / s.total : 0;
  const fraction = Math.min(1, Math.max(0, Number.isFinite(share) ? share : 0));
  const percent = Math.round(fraction * 100);
  return {
    size,
    center: s.radius,
    ringRadius,
    strokeWidth,
    circumference,
    fraction,
    dashOffset: circumference * (1 - fraction),
    titleY: size * (settings.caption ? 0.25 : 0.5),
    captionY: size * 0.65,
    title: s.titleTemplate
      .replaceAll("{amount}", String(s.amount))
      .replaceAll("{total}", String(s.total))
      .replaceAll("{percent}", String(percent)),
  };
}
