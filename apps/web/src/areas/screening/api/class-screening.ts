import { classScreeningCalls, type Season } from "@refrain/domain";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";

/** The caller's class in a benchmark window (the current one unless a season is chosen). */
export const classScreeningQuery = (year: number, season: Season | null) =>
  queryOptions({
    queryKey: ["screening", "class", year, season],
    queryFn: () =>
      api.data(classScreeningCalls.own, { query: { year, ...(season ? { season } : {}) } }),
    placeholderData: keepPreviousData,
  });

export const useClassScreening = (year: number, season: Season | null) =>
  useQuery(classScreeningQuery(year, season));
