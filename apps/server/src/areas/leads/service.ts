import {
  type BookCallRequest,
  COMPANY,
  type ContactRequest,
  type DistrictPricingRequest,
  LEAD_KIND_LABELS,
  type LeadKind,
  leadMessages,
  type ProductFeedbackRequest,
  type SchoolTrialRequest,
} from "@refrain/domain";
import { eq } from "drizzle-orm";
import type { Captcha } from "../../adapters/captcha.ts";
import type { Mailer, MailMessage } from "../../adapters/mail.ts";
import type { Config } from "../../config.ts";
import { invalid } from "../../core/errors.ts";
import type { Db } from "../../db/client.ts";
import { leads, users } from "../../db/schema/index.ts";
import { letter } from "../../mail-layout.ts";

export interface LeadsDeps {
  db: Db;
  mailer: Mailer;
  config: Config;
}

export interface NewLead {
  kind: LeadKind;
  email?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  organization?: string | null;
  payload: Record<string, unknown>;
  userId?: number | null;
  ip: string;
}

/** Stores one submission of a public form; the staff inbox reads them all. */
export async function recordLead(db: Db, lead: NewLead): Promise<number> {
  const [row] = await db
    .insert(leads)
    .values({
      kind: lead.kind,
      email: lead.email ?? null,
      firstName: lead.firstName ?? null,
      lastName: lead.lastName ?? null,
      organization: lead.organization ?? null,
      payload: lead.payload,
      userId: lead.userId ?? null,
      ip: lead.ip,
    })
    .returning({ id: leads.id });
  return row?.id as number;
}

/**
 * Sends without failing the visitor's request: the lead is already stored, and a failed SMTP
 * delivery is recorded on the outbox row, where staff see it in the mailbox.
 */
export async function sendQuietly(mailer: Mailer, message: MailMessage) {
  await mailer.send(message).catch(() => undefined);
}

/**
 * Tells sales about a new lead, with every field the visitor gave; a reply goes to the
 * visitor's address when the lead has one.
 */
export async function notifySales(deps: LeadsDeps, lead: NewLead, leadId: number) {
  const who = [lead.firstName, lead.lastName].filter(Boolean).join(" ") || lead.email || "visitor";
  const lines = Object.entries(lead.payload)
    .filter(([, value]) => value !== "" && value !== undefined && value !== null)
    .map(([key, value]) => `${key}: ${typeof value === "string" ? value : JSON.stringify(value)}`);
  const paragraphs = [
    `A new ${LEAD_KIND_LABELS[lead.kind].toLowerCase()} request (lead #${leadId}).`,
    lines.join("\n"),
    `${deps.config.PUBLIC_URL}/staff/leads`,
  ];
  const subject = `New lead: ${LEAD_KIND_LABELS[lead.kind]}, ${who}`;
  await sendQuietly(deps.mailer, {
    to: deps.config.SALES_EMAIL,
    ...(lead.email && { replyTo: lead.email }),
    subject,
    ...(await letter({ title: subject, paragraphs, signature: false })),
  });
}

/** Files a form's lead and tells sales of it. */
async function fileLead(deps: LeadsDeps, lead: NewLead) {
  await notifySales(deps, lead, await recordLead(deps.db, lead));
}

/** The sender as the school and district forms name them (lower-case field names). */
const formSender = (body: { email: string; firstname: string; lastname: string }) => ({
  email: body.email,
  firstName: body.firstname,
  lastName: body.lastname,
});

export function bookingUrl(config: Config) {
  return config.BOOKING_URL ?? `${config.PUBLIC_URL}/contact`;
}

/** Book a call: the visitor gets the scheduling link, sales hear of it. */
export async function bookCall(deps: LeadsDeps, body: BookCallRequest, ip: string) {
  const lead: NewLead = {
    kind: "book_call",
    email: body.email,
    firstName: body.firstName,
    lastName: body.lastName,
    payload: body,
    ip,
  };
  const id = await recordLead(deps.db, lead);
  const paragraphs = [
    `Hi ${body.firstName},`,
    `Thank you for your interest in ${COMPANY.product}. Pick a time that suits you for a short call with our team:`,
    bookingUrl(deps.config),
    "On the call we show you how students read along with song-lyric lessons, answer your questions, and help you get your class or school started.",
    `See you soon,\nThe ${COMPANY.product} team`,
  ];
  const subject = `Schedule your call with ${COMPANY.product}`;
  await sendQuietly(deps.mailer, {
    to: body.email,
    subject,
    ...(await letter({ title: subject, paragraphs, signature: false })),
  });
  await notifySales(deps, lead, id);
}

/** A school's free trial, behind the captcha. */
export async function requestSchoolTrial(
  deps: LeadsDeps & { captcha: Captcha },
  body: SchoolTrialRequest,
  ip: string,
) {
  if (!(await deps.captcha.redeem(body.altcha)))
    throw invalid({ altcha: [leadMessages.captchaFailed] }, leadMessages.captchaFailed);
  const { altcha: _solved, ...payload } = body;
  await fileLead(deps, {
    kind: "school_trial",
    ...formSender(body),
    organization: body.school,
    payload,
    ip,
  });
  return leadMessages.trialSent;
}

export async function requestDistrictPricing(
  deps: LeadsDeps,
  body: DistrictPricingRequest,
  ip: string,
) {
  await fileLead(deps, {
    kind: "district_pricing",
    ...formSender(body),
    organization: body.district,
    payload: body,
    ip,
  });
  return leadMessages.pricingSent;
}

/** Feedback from anyone; a signed-in sender is recorded with their name and address. */
export async function sendFeedback(
  deps: LeadsDeps,
  body: ProductFeedbackRequest,
  ip: string,
  userId: number | null,
) {
  const [user] = userId
    ? await deps.db
        .select({ email: users.email, firstName: users.firstName, lastName: users.lastName })
        .from(users)
        .where(eq(users.id, userId))
    : [];
  await fileLead(deps, {
    kind: "feedback",
    email: user?.email ?? null,
    firstName: user?.firstName || null,
    lastName: user?.lastName || null,
    payload: body,
    userId,
    ip,
  });
  return leadMessages.feedbackSent;
}

/**
 * Contact Us: a message staff can answer, filed as a lead of its own kind with the sender's
 * name (kept whole in the first name) and address; the e-mail to sales replies to the sender.
 * Nothing is sent to the typed address, so the form cannot be used to mail someone else.
 */
export async function sendContactMessage(
  deps: LeadsDeps,
  body: ContactRequest,
  ip: string,
  userId: number | null,
) {
  await fileLead(deps, {
    kind: "contact",
    email: body.email,
    firstName: body.name,
    payload: body,
    userId,
    ip,
  });
  return leadMessages.contactSent(body.email);
}
