import {
  accountCalls,
  PERMISSION_SLIP_FILE,
  type SettingsLoadResponse,
  type SettingsUpdateParamsResponse,
  type StudentPreferences,
} from "@refrain/domain";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { saveFile } from "../../../lib/save-file.ts";

const calls = accountCalls.settings;

export const settingsQuery = (teacherId: number) =>
  queryOptions({
    queryKey: ["account", "settings", teacherId],
    queryFn: (): Promise<SettingsLoadResponse> => api.call(calls.load, { params: { teacherId } }),
  });

export const useSettings = (teacherId: number) => useQuery(settingsQuery(teacherId));

/**
 * Saves the preferences. A welcome message cleared to blank goes as its own
 * `clear_welcome_message` (classroom spec §4 "Settings forms"); everything else in update_params.
 */
async function savePreferences(
  teacherId: number,
  values: StudentPreferences,
  clearWelcome: boolean,
): Promise<SettingsUpdateParamsResponse> {
  const { welcome_message, ...rest } = values;
  const saved = await api.call(calls.update_params, {
    params: { teacherId },
    body: clearWelcome ? rest : values,
  });
  if (!clearWelcome) return saved;
  await api.call(calls.clear_welcome_message, { params: { teacherId } });
  return { ...saved, welcome_message };
}

export function useSavePreferences(teacherId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ values, clearWelcome }: { values: StudentPreferences; clearWelcome: boolean }) =>
      savePreferences(teacherId, values, clearWelcome),
    onSuccess: async (answer) => {
      const { success: _s, message: _m, reload_nav, ...student } = answer;
      queryClient.setQueryData(settingsQuery(teacherId).queryKey, (old) =>
        old ? { ...old, student } : old,
      );
      // Other pages (the roster, the class sign-in) read what changed: fetch them afresh.
      if (reload_nav) await queryClient.invalidateQueries();
    },
  });
}

/** The families' permission slip, fetched through the api client so a refusal shows here. */
export const useDownloadPermissionSlip = () =>
  useMutation({
    mutationFn: async () =>
      saveFile(await api.download(accountCalls.permissionSlip, { filename: PERMISSION_SLIP_FILE })),
  });
