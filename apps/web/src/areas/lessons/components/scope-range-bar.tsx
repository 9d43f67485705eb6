import { Box } from "@mantine/core";
import { barPosition, type Range } from "../scope-sequence.ts";
import classes from "./scope-print.module.css";

/**
 * Where a level's range sits on the scale shared by every level, so the rise from level to level
 * shows at a glance. Drawing only: the numbers beside it say the same to a screen reader.
 */
export function RangeBar({ range, scale, color }: { range: Range; scale: Range; color: string }) {
  const { left, width } = barPosition(range, scale);
  return (
    <Box className={classes.track} aria-hidden>
      <Box
        className={classes.bar}
        style={{ left: `${left}%`, width: `${width}%`, backgroundColor: color }}
      />
    </Box>
  );
}
