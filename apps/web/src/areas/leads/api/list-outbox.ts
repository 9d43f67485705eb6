import { leadsCalls, type OutboxResponse, pathOf } from "@refrain/domain";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";

export const listOutbox = (to: string): Promise<OutboxResponse> =>
  api.call(leadsCalls.outbox, { query: { to } });

export const outboxQuery = (to: string) =>
  queryOptions({
    queryKey: ["leads", "outbox", to],
    queryFn: () => listOutbox(to),
    placeholderData: keepPreviousData,
  });

/** The messages alone, as the mailbox lists them. */
export const useOutbox = (to: string) =>
  useQuery({ ...outboxQuery(to), select: (answer) => answer.data.messages });

/** Where an attachment of a message downloads from. */
export const attachmentUrl = (messageId: number, index: number) =>
  pathOf(leadsCalls.outboxAttachment, { id: messageId, index });
