import { ALL_TIME, type GraphType, graphsCalls } from "@refrain/domain";
import { useQueries, useQuery } from "@tanstack/react-query";
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

const graphQuery = (type: GraphType, c: GraphCriteria) => ({
  queryKey: ["reports", "graph", type, c.studentId, c.from, c.to, c.schoolId],
  queryFn: () =>
    api.data(graphsCalls.graph, {
      query: {
        type,
        from_date: c.from,
        to_date: c.to,
        ...(c.studentId === null ? {} : { student_id: c.studentId }),
        ...(c.schoolId === undefined ? {} : { aggregate_type: "school", school_id: c.schoolId }),
      },
    }),
});

/** One graph, for a report that embeds it (`SmallGraph`). */
export const useGraph = (type: GraphType, criteria: GraphCriteria) =>
  useQuery(graphQuery(type, criteria));

/** Several graphs of the same criteria, each loading on its own (the "loaded N of M" counter). */
export const useGraphs = (types: readonly GraphType[], criteria: GraphCriteria) =>
  useQueries({ queries: types.map((type) => graphQuery(type, criteria)) });
