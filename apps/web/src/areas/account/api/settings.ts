import {
  type AccountDeletion,
  accountCalls,
  type HowTeach,
  type LoginInformation,
  type MyInformation,
  PERMISSION_SLIP_FILE,
  type SavedPreferences,
  type SettingsLoadResponse,
  type SettingsUpdateParamsResponse,
} from "@refrain/domain";
import { type QueryClient, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { callQuery } from "../../../lib/call-query.ts";
import { useSaveFile } from "../../../lib/save-file.ts";
import { sessionQuery } from "../../../lib/session.ts";

const calls = accountCalls.settings;

export const settingsQuery = (teacherId: number) =>
  callQuery(["account", "settings", teacherId], calls.load, { params: { teacherId } });

export const useSettings = (teacherId: number) => useQuery(settingsQuery(teacherId));

/** Writes what a save answered into the page's cached settings, so every card shows it at once. */
export function patchSettings(
  queryClient: QueryClient,
  teacherId: number,
  patch: Partial<SettingsLoadResponse>,
) {
  queryClient.setQueryData(settingsQuery(teacherId).queryKey, (old) =>
    old ? { ...old, ...patch } : old,
  );
}

/**
 * Saves the preferences. A welcome message cleared to blank goes as its own
 * `clear_welcome_message` (classroom spec §4 "Settings forms"); everything else in update_params.
 */
async function savePreferences(
  teacherId: number,
  values: SavedPreferences,
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
    mutationFn: ({ values, clearWelcome }: { values: SavedPreferences; clearWelcome: boolean }) =>
      savePreferences(teacherId, values, clearWelcome),
    onSuccess: async (answer) => {
      const { success: _s, message: _m, reload_nav, ...student } = answer;
      patchSettings(queryClient, teacherId, { student });
      // Other pages (the roster, the class sign-in) read what changed: fetch them afresh.
      if (reload_nav) await queryClient.invalidateQueries();
    },
  });
}

/** A new class code; the page shows it in place of the old one. */
export function useChangeClassCode(teacherId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.call(calls.change_class_code, { params: { teacherId } }),
    onSuccess: ({ class_code }) => patchSettings(queryClient, teacherId, { class_code }),
  });
}

/**
 * Login Information: a new username and, unless left blank, a new password, confirmed by the
 * current password. The page's copy takes the saved username; the header reads the session's.
 */
export function useUpdateLogin(teacherId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: LoginInformation) =>
      api.call(calls.update_login, { params: { teacherId }, body: values }),
    onSuccess: async ({ username }) => {
      patchSettings(queryClient, teacherId, { username });
      await queryClient.invalidateQueries({ queryKey: sessionQuery.queryKey });
    },
  });
}

/**
 * My Information: names, e-mail and mailing address. The saved values go into the page's copy
 * so every card reads the new name, and the session is fetched afresh for the header's.
 */
export function useUpdateInfo(teacherId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: MyInformation) =>
      api.call(calls.update_info, { params: { teacherId }, body: values }),
    onSuccess: async (answer) => {
      const { success: _s, message: _m, ...info } = answer;
      patchSettings(queryClient, teacherId, info);
      await queryClient.invalidateQueries({ queryKey: sessionQuery.queryKey });
    },
  });
}

/** How I Teach: how the class reads and on how many devices. */
export function useUpdateHowTeach(teacherId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: HowTeach) =>
      api.call(calls.update_howteach, { params: { teacherId }, body: values }),
    onSuccess: ({ how_i_teach, device_number }) => {
      patchSettings(queryClient, teacherId, { howTeach: { how_i_teach, device_number } });
    },
  });
}

/** The families' permission slip, fetched through the api client so a refusal shows here. */
export const useDownloadPermissionSlip = () =>
  useSaveFile(() => api.download(accountCalls.permissionSlip, { filename: PERMISSION_SLIP_FILE }));

/**
 * Delete My Account (issue 19): the account and its students go for good. The browser's session
 * went with it, so every cached answer is dropped before the caller leaves for the home page.
 */
export function useDeleteAccount(teacherId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: AccountDeletion) =>
      api.call(calls.delete_account, { params: { teacherId }, body: values }),
    onSuccess: () => queryClient.clear(),
  });
}
