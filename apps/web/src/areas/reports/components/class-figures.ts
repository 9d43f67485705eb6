import type { StudentSummary } from "@refrain/domain";

/**
 * The class-level figures above the class summary table, from its student rows. Each student
 * weighs the same, as in the server's group rows (domain class-summary.ts).
 */
export interface ClassFigures {
  students: number;
  /** The average of the students' comprehension proficiency (rounded), or null when none has one. */
  comprehension: number | null;
  /** Students with a comprehension figure: what the average is over. */
  comprehended: number;
  /** Students whose fluency goal is met, of those with a goal status other than none. */
  met: number;
  judged: number;
  /** Students who worked on any story in the range. */
  active: number;
}

export function classFigures(rows: readonly StudentSummary[]): ClassFigures {
  const comprehension = rows.flatMap((row) =>
    row.comprehension === null ? [] : [row.comprehension],
  );
  return {
    students: rows.length,
    comprehension:
      comprehension.length === 0
        ? null
        : Math.round(comprehension.reduce((sum, n) => sum + n, 0) / comprehension.length),
    comprehended: comprehension.length,
    met: rows.filter((row) => row.goals === "met").length,
    judged: rows.filter((row) => row.goals !== "none").length,
    active: rows.filter((row) => row.stories > 0).length,
  };
}
