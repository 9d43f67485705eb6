import { useReducedMotion } from "@mantine/hooks";
import type { CSSProperties } from "react";
import classes from "./circle-chart.module.css";
import { CIRCLE_DEFAULTS, type CircleChartSettings, circleGeometry } from "./circle-geometry.ts";

/**
 * The circle percentage chart (grading spec §2 widget, §9 defaults): an amount out of a total as
 * a ring, with a title and an optional caption. One image to a screen reader, named by `label`
 * and what the title and caption say, e.g. "Comprehension proficiency: 82%, class average".
 */
export function CircleChart({ label, ...settings }: CircleChartSettings & { label: string }) {
  const s = { ...CIRCLE_DEFAULTS, ...settings };
  const g = circleGeometry(settings);
  const still = useReducedMotion();
  const ring = {
    cx: g.center,
    cy: g.center,
    r: g.ringRadius,
    fill: "none",
    strokeWidth: g.strokeWidth,
  };
  const line = { x: g.center, textAnchor: "middle", dominantBaseline: "central" } as const;
  return (
    <svg
      role="img"
      aria-label={`${label}: ${g.title}${s.caption ? `, ${s.caption}` : ""}`}
      viewBox={`0 0 ${g.size} ${g.size}`}
      width="100%"
      style={{ maxWidth: g.size, display: "block" }}
    >
      <circle {...ring} stroke={s.remainderColor} />
      {g.fraction > 0 && (
        <circle
          {...ring}
          className={still ? undefined : classes.fill}
          stroke={s.color}
          strokeDasharray={g.circumference}
          strokeDashoffset={g.dashOffset}
          // From the top, clockwise.
          transform={`rotate(-90 ${g.center} ${g.center})`}
          style={
            {
              "--ring-empty": g.circumference,
              "--ring-duration": `${s.animationDuration}ms`,
            } as CSSProperties
          }
        />
      )}
      <text {...line} y={g.titleY} fill={s.titleColor} fontSize={s.titleSize} fontWeight={700}>
        {g.title}
      </text>
      {s.caption && (
        <text {...line} y={g.captionY} fill={s.captionColor} fontSize={s.captionSize}>
          {s.caption}
        </text>
      )}
    </svg>
  );
}
