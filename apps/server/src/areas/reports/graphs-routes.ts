import { graphsCalls } from "@refrain/domain";
import { area } from "../../core/context.ts";
import { route } from "../../core/route.ts";
import { authOf } from "../../plugins/guards.ts";
import { requestedGraphs } from "./graphs.ts";

/** The fluency and quiz graphs of a student, class, school or district (issue 12). */
export const reportsGraphsArea = area("reports-graphs", (context) => {
  const { app, db } = context;
  route(app, graphsCalls.graphs, {}, async (request) => ({
    success: true as const,
    data: await requestedGraphs(db, authOf(request).user, request.query),
  }));
});
