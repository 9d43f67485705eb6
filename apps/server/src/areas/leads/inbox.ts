import { LEADS_PAGE_SIZE, type StaffLead } from "@refrain/domain";
import { and, count, desc, eq, ilike, or, type SQL, sql } from "drizzle-orm";
import type { Config } from "../../config.ts";
import type { Db } from "../../db/client.ts";
import { containing } from "../../db/like.ts";
import { leads, quotes } from "../../db/schema/index.ts";
import { quoteUrl } from "./quotes.ts";

/** Every lead for staff, newest first, by kind and by text in the name, e-mail or organization. */
export async function listLeads(
  db: Db,
  config: Config,
  query: { kind?: StaffLead["kind"]; q?: string; page: number },
) {
  const filters: SQL[] = [];
  if (query.kind) filters.push(eq(leads.kind, query.kind));
  if (query.q) {
    const pattern = containing(query.q);
    const text = or(
      ilike(
        sql`coalesce(${leads.firstName}, '') || ' ' || coalesce(${leads.lastName}, '')`,
        pattern,
      ),
      ilike(leads.email, pattern),
      ilike(leads.organization, pattern),
    );
    if (text) filters.push(text);
  }
  const where = filters.length > 0 ? and(...filters) : undefined;
  const [total] = await db.select({ n: count() }).from(leads).where(where);
  const rows = await db
    .select({ lead: leads, quote: quotes })
    .from(leads)
    .leftJoin(quotes, eq(quotes.leadId, leads.id))
    .where(where)
    .orderBy(desc(leads.createdAt), desc(leads.id))
    .limit(LEADS_PAGE_SIZE)
    .offset((query.page - 1) * LEADS_PAGE_SIZE);

  const list: StaffLead[] = rows.map(({ lead, quote }) => ({
    id: lead.id,
    kind: lead.kind,
    email: lead.email,
    firstName: lead.firstName,
    lastName: lead.lastName,
    organization: lead.organization,
    payload: lead.payload,
    userId: lead.userId,
    ip: lead.ip,
    createdAt: lead.createdAt.toISOString(),
    quote: quote
      ? {
          invoiceNumber: quote.invoiceNumber,
          amountCents: quote.amountCents,
          lines: quote.lines,
          url: quoteUrl(config, quote.token),
          expiresAt: quote.expiresAt.toISOString(),
        }
      : null,
  }));
  return { leads: list, total: total?.n ?? 0, page: query.page, pageSize: LEADS_PAGE_SIZE };
}
