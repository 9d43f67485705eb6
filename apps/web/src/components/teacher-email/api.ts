import { adminCalls, type EmailView, messages } from "@refrain/domain";
import { keepPreviousData, useMutation, useQuery } from "@tanstack/react-query";
import { api } from "../../lib/api.ts";

/** The HTML a send would mail, for the message as typed so far. */
export async function previewTeacherEmail(view: EmailView, message: string): Promise<string> {
  const answer = await api.call(adminCalls.teacherEmail, {
    body: { type: "preview", view, message },
  });
  return "html" in answer ? answer.html : "";
}

/**
 * The preview follows the (debounced) message; the last one stays on screen while the next
 * loads, so the frame does not flash empty between keystrokes.
 */
export const useTeacherEmailPreview = (view: EmailView, message: string) =>
  useQuery({
    queryKey: ["teacher-email-preview", view, message],
    queryFn: () => previewTeacherEmail(view, message),
    placeholderData: keepPreviousData,
  });

export async function sendTeacherEmail(input: {
  view: EmailView;
  message: string;
  emails: string[];
}) {
  const answer = await api.call(adminCalls.teacherEmail, { body: { type: "send", ...input } });
  // A send is answered with what was sent; the preview's shape here would be a server fault.
  if (!("sent" in answer)) throw new Error(messages.somethingWrong);
  return answer;
}

export const useSendTeacherEmail = () => useMutation({ mutationFn: sendTeacherEmail });
