import { type CatalogResponse, lessonsCalls } from "@refrain/domain";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";

export const getCatalog = (): Promise<CatalogResponse> => api.call(lessonsCalls.catalog);

export const catalogQuery = queryOptions({
  queryKey: ["lessons", "catalog"],
  queryFn: getCatalog,
  // The catalog changes only when content is published.
  staleTime: 10 * 60_000,
});

/** The catalog's reading levels, each with its lessons: all that its pages read of it. */
export const useCatalogLevels = () =>
  useQuery({ ...catalogQuery, select: (answer) => answer.data.levels });
