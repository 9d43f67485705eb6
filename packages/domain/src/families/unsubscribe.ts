import { z } from "zod";
import { contract } from "../contract.ts";
import { dataResponse, messageResponse } from "../validation.ts";
import { PARENT_CATALOGS } from "./i18n.ts";

/**
 * Unsubscribing from parent mail (issue 16 part 5, RFC 8058). Every parent e-mail carries a
 * link with a signed token naming the student and the list the mail belongs to. A mailbox
 * provider's one-click POST stops that list at once; the page at `/u/:token` shows the parent
 * what they receive and lets them choose, and undo. Only POSTs change anything, so a link
 * scanner that opens the link unsubscribes nobody.
 */

/** What a token names: one of the two lists, or every parent e-mail about the student. */
export const UNSUBSCRIBE_LISTS = ["weekly_report", "parent_emails", "all"] as const;
export type UnsubscribeList = (typeof UNSUBSCRIBE_LISTS)[number];

/** What the page lets the parent stop. */
export const UNSUBSCRIBE_CHOICES = ["weekly_report", "all"] as const;
export type UnsubscribeChoice = (typeof UNSUBSCRIBE_CHOICES)[number];

/** RFC 8058's one value of the List-Unsubscribe-Post header and of the posted field. */
export const ONE_CLICK = "List-Unsubscribe=One-Click";

/**
 * A token as it appears in a path. Its signature is checked by the server, which answers a
 * wrong one with 404; the shape here only keeps absurd input out.
 */
const tokenParams = z.object({ token: z.string().min(1).max(200) });

/** When each list was stopped (ISO time), or null while it is sent. */
const unsubscribedDates = z.object({
  weekly_report: z.string().nullable(),
  parent_emails: z.string().nullable(),
});

/**
 * The languages, read off the catalogs rather than imported from families.ts, which re-exports
 * this file: a value imported back from it would not exist yet while this module loads.
 */
const languages = Object.keys(PARENT_CATALOGS) as [keyof typeof PARENT_CATALOGS];

const unsubscribeState = dataResponse(
  z.object({
    language: z.enum(languages),
    firstname: z.string(),
    list: z.enum(UNSUBSCRIBE_LISTS),
    unsubscribed: unsubscribedDates,
  }),
);
export type UnsubscribeState = z.infer<typeof unsubscribeState>["data"];

export const unsubscribeCalls = {
  oneClick: contract({
    tag: "families",
    policy: "public",
    method: "POST",
    path: "/u/:token",
    summary: "RFC 8058 one-click unsubscribe, posted by the mailbox provider as a form; idempotent",
    crossSite: true,
    params: tokenParams,
    body: z.object({ "List-Unsubscribe": z.literal("One-Click") }),
    response: messageResponse,
  }),
  state: contract({
    tag: "families",
    policy: "public",
    method: "GET",
    path: "/parent/unsubscribe/:token",
    summary: "What the unsubscribe page shows: the student, the list, the parent's language",
    params: tokenParams,
    response: unsubscribeState,
  }),
  choose: contract({
    tag: "families",
    policy: "public",
    method: "POST",
    path: "/parent/unsubscribe/:token",
    summary: "The parent stops the weekly report or every email, or undoes it",
    params: tokenParams,
    body: z.strictObject({
      choice: z.enum(UNSUBSCRIBE_CHOICES),
      undo: z.boolean().optional(),
    }),
    response: unsubscribeState,
  }),
};

/** The lists a choice (or a token's list) stops. */
export function listsOf(list: UnsubscribeList): ("weekly_report" | "parent_emails")[] {
  return list === "all" ? ["weekly_report", "parent_emails"] : [list];
}
