import {
  type ConnectInput,
  connectCalls,
  type MailableStudent,
  type MailTemplate,
} from "@refrain/domain";
import { useMutation, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";

export const useMailableStudents = () =>
  useQuery({
    queryKey: ["families", "parentConnect", "students"],
    queryFn: async (): Promise<MailableStudent[]> =>
      (await api.data(connectCalls.mailableStudents)).students,
  });

export const useMailTemplates = () =>
  useQuery({
    queryKey: ["families", "parentConnect", "templates"],
    queryFn: async (): Promise<MailTemplate[]> =>
      (await api.data(connectCalls.templates)).templates,
    // Our templates change only with a release.
    staleTime: Number.POSITIVE_INFINITY,
  });

export interface ConnectRequest {
  templateId: string;
  body: ConnectInput;
}

/** The mail for the first chosen student's parent, as it will arrive. */
export const usePreviewMail = () =>
  useMutation({
    mutationFn: ({ templateId, body }: ConnectRequest) =>
      api.data(connectCalls.preview, { params: { templateId }, body }),
  });

/** One message per chosen parent; the answer says how many were queued. */
export const useSendMail = () =>
  useMutation({
    mutationFn: async ({ templateId, body }: ConnectRequest) =>
      api.call(connectCalls.sendMail, { params: { templateId }, body }),
  });
