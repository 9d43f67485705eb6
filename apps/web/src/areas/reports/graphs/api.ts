import { ALL_TIME, type GraphType, graphsCalls } from "@refrain/domain";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";

/** Whose graphs and over which days: one student, or the caller's own class when `null`. */
export interface GraphCriteria {
  studentId: number | null;
  /** YYYY-MM-DD, inclusive. */
  from: string;
  to: string;
  /** A school's graphs, for its admins (§6: admins reach the graphs aggregated by school). */
  schoolId?: number;
}

/** The spec's default graph range (§5): all time. */
export const DEFAULT_GRAPH_RANGE = { from: ALL_TIME.start, to: ALL_TIME.end } as const;

/**
 * The graphs of one criteria in one call, in the order of `types`: a report view asks once, so
 * on PGlite's single connection its graphs do not queue behind one another (issue 40).
 */
export const useGraphs = (types: readonly GraphType[], c: GraphCriteria) =>
  useQuery({
    queryKey: ["reports", "graphs", types.join(","), c.studentId, c.from, c.to, c.schoolId],
    queryFn: () =>
      api.data(graphsCalls.graphs, {
        query: {
          types: types.join(","),
          from_date: c.from,
          to_date: c.to,
          ...(c.studentId === null ? {} : { student_id: c.studentId }),
          ...(c.schoolId === undefined ? {} : { aggregate_type: "school", school_id: c.schoolId }),
        },
      }),
  });
