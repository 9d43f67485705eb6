import { type DecisionKind, monitoringCalls, type StartPlanBody } from "@refrain/domain";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";

/** The class's monitoring plans and who is below benchmark without one. */
export const classMonitoringQuery = () =>
  queryOptions({
    queryKey: ["screening", "monitoring", "class"],
    queryFn: () => api.data(monitoringCalls.ofClass),
  });
export const useClassMonitoring = () => useQuery(classMonitoringQuery());

/** A student's plan: points, lines, ROI and decisions. */
export const studentMonitoringQuery = (studentId: number) =>
  queryOptions({
    queryKey: ["screening", "monitoring", "student", studentId],
    queryFn: () => api.data(monitoringCalls.student, { params: { studentId } }),
  });
export const useStudentMonitoring = (studentId: number) =>
  useQuery(studentMonitoringQuery(studentId));

/** A group's members' plans side by side. */
export const useGroupMonitoring = (groupId: number | null) =>
  useQuery({
    queryKey: ["screening", "monitoring", "group", groupId],
    queryFn: () => api.data(monitoringCalls.group, { params: { groupId: groupId as number } }),
    enabled: groupId !== null,
  });

/** After any change to a plan, every monitoring view reads it again. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ["screening", "monitoring"] });
}

export function useStartPlan() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: StartPlanBody) => api.call(monitoringCalls.start, { body }),
    onSuccess: refresh,
  });
}

export function useEditPlan(planId: number) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (cadenceDays: number) =>
      api.call(monitoringCalls.edit, {
        params: { planId },
        body: { cadence_days: cadenceDays },
      }),
    onSuccess: refresh,
  });
}

export function useDecide(planId: number) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: { kind: DecisionKind; goal_wcpm?: number; note: string }) =>
      api.call(monitoringCalls.decide, { params: { planId }, body }),
    onSuccess: refresh,
  });
}
