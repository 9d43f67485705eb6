import { exportCalls, stateOfExport } from "@refrain/domain";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";

/** While an export is being built the list asks again this often, to move its progress bar. */
const POLL_MS = 1500;

export const exportsKey = (studentId: number) => ["privacy", "exports", studentId] as const;

/** A student's exports, newest first, and whether the caller may send one to the parent. */
export const exportsQuery = (studentId: number) =>
  queryOptions({
    queryKey: exportsKey(studentId),
    queryFn: () => api.data(exportCalls.list, { params: { studentId } }),
    refetchInterval: (query) =>
      query.state.data?.exports.some((e) => stateOfExport(e, new Date()) === "working")
        ? POLL_MS
        : false,
  });

export const useStudentExports = (studentId: number) => useQuery(exportsQuery(studentId));
