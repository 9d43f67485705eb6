import { type OutboxResponse, outboxResponse } from "@refrain/domain";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";

export const listOutbox = (to: string): Promise<OutboxResponse> =>
  api.get(to ? `/staff/outbox?to=${encodeURIComponent(to)}` : "/staff/outbox", outboxResponse);

export const outboxQuery = (to: string) =>
  queryOptions({
    queryKey: ["leads", "outbox", to],
    queryFn: () => listOutbox(to),
    placeholderData: keepPreviousData,
  });

export const useOutbox = (to: string) => useQuery(outboxQuery(to));

/** Where an attachment of a message downloads from. */
export const attachmentUrl = (messageId: number, index: number) =>
  `/staff/outbox/${messageId}/attachments/${index}`;
