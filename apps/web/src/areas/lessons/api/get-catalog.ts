import { lessonsCalls } from "@refrain/domain";
import { useQuery } from "@tanstack/react-query";
import { callQuery } from "../../../lib/call-query.ts";

export const catalogQuery = callQuery(
  ["lessons", "catalog"],
  lessonsCalls.catalog,
  {},
  {
    // The catalog changes only when content is published.
    staleTime: 10 * 60_000,
  },
);

/** The catalog's reading levels, each with its lessons: all that its pages read of it. */
export const useCatalogLevels = () =>
  useQuery({ ...catalogQuery, select: (answer) => answer.data.levels });
