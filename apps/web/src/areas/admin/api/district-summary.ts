import { adminCalls, type DistrictSummary } from "@refrain/domain";
import { useInfiniteQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { api } from "../../../lib/api.ts";

const loadedOf = (pages: readonly DistrictSummary[]) =>
  pages.reduce((n, page) => n + page.schools.length, 0);

/**
 * The page to ask for after `pages`, while schools are missing; none once all are in, or when a
 * page came back empty (schools removed meanwhile).
 */
export const nextPageOf = (last: DistrictSummary, pages: readonly DistrictSummary[]) =>
  loadedOf(pages) < last.school_count && last.schools.length > 0 ? pages.length + 1 : undefined;

/**
 * The district summary, a page of schools at a time: the first answer brings the district's
 * totals and first schools, and each next page is asked for as soon as the one before arrives,
 * until every school is loaded (screen 14's "Loaded x of y schools"). A page that fails stops
 * the loading until `fetchNextPage` is called again.
 */
export function useDistrictSummary(districtId: number) {
  const query = useInfiniteQuery({
    queryKey: ["admin", "district-summary", districtId],
    initialPageParam: 1,
    queryFn: ({ pageParam }) =>
      api.data(adminCalls.districtSummary, { params: { districtId }, query: { page: pageParam } }),
    getNextPageParam: nextPageOf,
  });
  const { hasNextPage, isFetching, isFetchNextPageError, fetchNextPage } = query;
  useEffect(() => {
    if (hasNextPage && !isFetching && !isFetchNextPageError) void fetchNextPage();
  }, [hasNextPage, isFetching, isFetchNextPageError, fetchNextPage]);
  return query;
}

/**
 * The first page's district figures with every school loaded so far, each once (a school added
 * while the pages load can shift one into the next page).
 */
export function summarySoFar(pages: readonly DistrictSummary[]) {
  const [first] = pages;
  if (!first) return null;
  const schools = new Map(pages.flatMap((page) => page.schools).map((s) => [s.id, s]));
  return { ...first, schools: [...schools.values()] };
}
