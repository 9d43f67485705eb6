import { leadsCalls, pathOf } from "@refrain/domain";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { callQuery } from "../../../lib/call-query.ts";

export const outboxQuery = (to: string) =>
  callQuery(
    ["leads", "outbox", to],
    leadsCalls.outbox,
    { query: { to } },
    { placeholderData: keepPreviousData },
  );

/** The messages alone, as the mailbox lists them. */
export const useOutbox = (to: string) =>
  useQuery({ ...outboxQuery(to), select: (answer) => answer.data.messages });

/** Where an attachment of a message downloads from. */
export const attachmentUrl = (messageId: number, index: number) =>
  pathOf(leadsCalls.outboxAttachment, { id: messageId, index });
