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

export const useCatalog = () => useQuery(catalogQuery);
