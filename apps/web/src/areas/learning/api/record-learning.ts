import {
  type ExamSubmitRequest,
  learningCalls,
  MAX_HEARTBEAT_SECONDS,
  type STUDENT_TIME_KINDS,
} from "@refrain/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { api } from "../../../lib/api.ts";
import { studentHomeQuery } from "./get-student-home.ts";

/** How often time spent is sent (the spec's ~30 s heartbeat). */
const HEARTBEAT_MS = 30_000;

/** Anything recorded changes what the home and the player's steps show: it is read again. */
function useRecording<Body, Answer>(send: (body: Body) => Promise<Answer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: studentHomeQuery.queryKey }),
  });
}

/** Counts a read-along played through; sending the same play again counts it once. */
export const useRecordReadAlong = () =>
  useRecording((body: { lesson: number; play: string }) =>
    api.call(learningCalls.readAlong, { body }),
  );

/** Hands in a day 1–3 attempt; the answer carries the score and the right answers. */
export const useSubmitExam = () =>
  useRecording((body: ExamSubmitRequest) => api.call(learningCalls.examSubmit, { body }));

/** Saves the day 4 answer as typed. */
export const saveExtensionDraft = (lesson: number, text: string) =>
  api.call(learningCalls.extensionDraft, { body: { lesson, text } });

/** Hands in the day 4 answer; the lesson may be completed by it. */
export const useSubmitExtension = () =>
  useRecording((body: { lesson: number; text: string }) =>
    api.call(learningCalls.extensionSubmit, { body }),
  );

type StudentTimeKind = (typeof STUDENT_TIME_KINDS)[number];

/**
 * Counts the seconds the page is in view and hands them to `send` every ~30 s, when the tab is
 * hidden and when the returned stop is called. A lost heartbeat loses half a minute of time on
 * task, nothing the user did, so `send` failing is ignored.
 */
function trackVisibleTime(send: (seconds: number) => Promise<unknown>): () => void {
  let since: number | null = document.visibilityState === "visible" ? Date.now() : null;
  const flush = () => {
    if (since === null) return;
    const seconds = Math.min(MAX_HEARTBEAT_SECONDS, Math.round((Date.now() - since) / 1000));
    since = Date.now();
    if (seconds >= 1) send(seconds).catch(() => undefined);
  };
  const onVisibility = () => {
    if (document.visibilityState === "visible") since = Date.now();
    else {
      flush();
      since = null;
    }
  };
  document.addEventListener("visibilitychange", onVisibility);
  const timer = window.setInterval(flush, HEARTBEAT_MS);
  return () => {
    window.clearInterval(timer);
    document.removeEventListener("visibilitychange", onVisibility);
    flush();
  };
}

/**
 * Sends the time spent on `kind` in a lesson while `active` and the page is in view. `lesson`
 * null (a teacher's preview) sends nothing. The server credits only time since the previous
 * heartbeat, so a second tab adds none.
 */
export function useLearningTime(lesson: number | null, kind: StudentTimeKind, active: boolean) {
  useEffect(() => {
    if (lesson === null || !active) return;
    return trackVisibleTime((seconds) =>
      api.call(learningCalls.studentHeartbeat, { body: { lesson, kind, seconds } }),
    );
  }, [lesson, kind, active]);
}

/** Sends a class owner's time on the grading and report pages while `active` and in view. */
export function useTeacherTime(active: boolean) {
  useEffect(() => {
    if (!active) return;
    return trackVisibleTime((seconds) =>
      api.call(learningCalls.teacherHeartbeat, { body: { seconds } }),
    );
  }, [active]);
}
