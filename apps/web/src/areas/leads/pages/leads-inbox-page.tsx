import {
  Anchor,
  Badge,
  Group,
  Pagination,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
} from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import {
  formatCents,
  LEAD_KIND_LABELS,
  LEAD_KINDS,
  type LeadKind,
  type StaffLead,
  US_STATES,
} from "@refrain/domain";
import { IconFileTypePdf, IconInbox, IconSearch } from "@tabler/icons-react";
import { useState } from "react";
import { EmptyList, QueryState } from "../../../components/page-states.tsx";
import { PageTitle } from "../../../components/page-title.tsx";
import { dateTimeText } from "../../../lib/date-text.ts";
import { useLeads } from "../api/list-leads.ts";
import { OpenButton, OpeningTable, RecordModal } from "../components/opening-table.tsx";

const KIND_COLORS: Record<LeadKind, string> = {
  book_call: "blue",
  school_trial: "grape",
  district_pricing: "orange",
  quote: "teal",
  invoice: "cyan",
  feedback: "gray",
  contact: "indigo",
};

const ALL_KINDS = "all";

const nameOf = (lead: StaffLead) =>
  [lead.firstName, lead.lastName].filter(Boolean).join(" ") || "Visitor";

/** Field names of the forms, as people say them. */
const FIELD_LABELS: Record<string, string> = {
  firstName: "First name",
  lastName: "Last name",
  firstname: "First name",
  lastname: "Last name",
  subscription_count: "Students",
  referralCode: "Referral code",
  zip: "ZIP code",
  product: "Product",
};
/** The order people read a form in; fields not named here follow. */
const FIELD_ORDER = [
  "product",
  "name",
  "school",
  "district",
  "firstName",
  "firstname",
  "lastName",
  "lastname",
  "title",
  "email",
  "phone",
  "address",
  "city",
  "state",
  "zip",
  "subscription_count",
  "students",
  "message",
  "referral",
  "referralCode",
];
const rank = (key: string) => {
  const index = FIELD_ORDER.indexOf(key);
  return index === -1 ? FIELD_ORDER.length : index;
};

const labelOf = (key: string) =>
  FIELD_LABELS[key] ?? key.charAt(0).toUpperCase() + key.slice(1).replaceAll("_", " ");

function valueText(key: string, value: unknown): string {
  if (key === "state" && typeof value === "string")
    return US_STATES.find((s) => s.code === value)?.name ?? value;
  if (Array.isArray(value))
    return value
      .map((item) =>
        item && typeof item === "object"
          ? Object.values(item as Record<string, unknown>)
              .filter(Boolean)
              .join(" ")
          : String(item),
      )
      .join(", ");
  if (value === "" || value === null || value === undefined) return "—";
  return typeof value === "object" ? JSON.stringify(value) : String(value);
}

/** A short line about what was asked, for the table. */
function summaryOf(lead: StaffLead): string {
  if (lead.quote) return `${lead.quote.invoiceNumber} · ${formatCents(lead.quote.amountCents)}`;
  const p = lead.payload;
  if (lead.kind === "feedback" || lead.kind === "contact") return String(p.message ?? "");
  if (lead.kind === "book_call") return "Wants a call";
  return [p.city, p.state].filter(Boolean).join(", ");
}

function LeadDetails({ lead }: { lead: StaffLead }) {
  const fields = Object.entries(lead.payload)
    .filter(([key]) => key !== "channel")
    .sort(([a], [b]) => rank(a) - rank(b));
  return (
    <Stack gap="md">
      <Stack gap={6}>
        <Group gap="md" wrap="nowrap">
          <Text size="sm" c="dimmed" w={80}>
            Received
          </Text>
          <Text size="sm">{dateTimeText(lead.createdAt)}</Text>
        </Group>
        <Group gap="md" wrap="nowrap">
          <Text size="sm" c="dimmed" w={80}>
            Sent by
          </Text>
          <Text size="sm">
            {lead.userId ? `Signed-in user #${lead.userId}` : "A visitor"}
            {lead.ip ? ` from ${lead.ip}` : ""}
          </Text>
        </Group>
        {lead.email && (
          <Group gap="md" wrap="nowrap">
            <Text size="sm" c="dimmed" w={80}>
              Reply to
            </Text>
            <Anchor size="sm" href={`mailto:${lead.email}`}>
              {lead.email}
            </Anchor>
          </Group>
        )}
      </Stack>
      {lead.quote && (
        <Paper withBorder p="sm" radius="md" bg="teal.0">
          <Stack gap={6}>
            <Group justify="space-between">
              <Text fw={600}>{lead.quote.invoiceNumber}</Text>
              <Text fw={700}>{formatCents(lead.quote.amountCents)}</Text>
            </Group>
            {lead.quote.lines.map((line) => (
              <Text size="sm" key={line.description}>
                {line.quantity} × {line.description} at {formatCents(line.unitCents)}
              </Text>
            ))}
            <Group gap="xs">
              <Anchor href={lead.quote.url} target="_blank" rel="noopener" size="sm">
                <IconFileTypePdf size={16} style={{ verticalAlign: "text-bottom" }} /> Open the PDF
              </Anchor>
              <Text size="xs" c="dimmed">
                {new Date(lead.quote.expiresAt) < new Date()
                  ? "The link has expired"
                  : `Link works until ${dateTimeText(lead.quote.expiresAt)}`}
              </Text>
            </Group>
          </Stack>
        </Paper>
      )}
      <Table withTableBorder variant="vertical" layout="fixed">
        <Table.Tbody>
          {fields.map(([key, value]) => (
            <Table.Tr key={key}>
              <Table.Th w={150}>{labelOf(key)}</Table.Th>
              <Table.Td style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
                {valueText(key, value)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

/** Staff inbox: every lead of every public form, newest first. */
export function LeadsInboxPage() {
  const [kind, setKind] = useState<LeadKind | null>(null);
  const [search, setSearch] = useState("");
  const [q] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const [opened, setOpened] = useState<StaffLead | null>(null);
  const leads = useLeads({ kind: kind ?? undefined, q: q || undefined, page });

  const filters = (
    <Group align="flex-end" gap="sm">
      <Select
        label="Kind"
        data={[
          { value: ALL_KINDS, label: "All kinds" },
          ...LEAD_KINDS.map((value) => ({ value, label: LEAD_KIND_LABELS[value] })),
        ]}
        value={kind ?? ALL_KINDS}
        onChange={(value) => {
          setKind(value && value !== ALL_KINDS ? (value as LeadKind) : null);
          setPage(1);
        }}
        allowDeselect={false}
        w={220}
      />
      <TextInput
        label="Search"
        placeholder="Name, email or organization"
        leftSection={<IconSearch size={16} />}
        value={search}
        onChange={(event) => {
          setSearch(event.currentTarget.value);
          setPage(1);
        }}
        w={300}
      />
    </Group>
  );

  const body = (
    <QueryState
      query={leads}
      loading="Loading leads..."
      isEmpty={(answer) => answer.data.leads.length === 0}
      empty={
        <EmptyList
          icon={<IconInbox />}
          title={kind || q ? "No leads match" : "No leads yet"}
          description={
            kind || q
              ? "Try another kind or fewer words."
              : "Calls, trials, pricing requests, quotes, invoices, feedback and contact messages appear here."
          }
        />
      }
    >
      {({ data: { leads: list, total, pageSize } }) => (
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {total} {total === 1 ? "lead" : "leads"}
          </Text>
          <OpeningTable columns={["Received", "Kind", "Name", "Email", "Organization", "Details"]}>
            {list.map((lead) => (
              <Table.Tr key={lead.id} onClick={() => setOpened(lead)}>
                <Table.Td style={{ whiteSpace: "nowrap" }}>{dateTimeText(lead.createdAt)}</Table.Td>
                <Table.Td style={{ whiteSpace: "nowrap" }}>
                  <Badge
                    color={KIND_COLORS[lead.kind]}
                    variant="light"
                    tt="none"
                    styles={{ label: { overflow: "visible" } }}
                  >
                    {LEAD_KIND_LABELS[lead.kind]}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <OpenButton onOpen={() => setOpened(lead)}>{nameOf(lead)}</OpenButton>
                </Table.Td>
                <Table.Td>{lead.email ?? "—"}</Table.Td>
                <Table.Td>{lead.organization ?? "—"}</Table.Td>
                <Table.Td maw={280}>
                  <Text size="sm" lineClamp={2}>
                    {summaryOf(lead)}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </OpeningTable>
          {total > pageSize && (
            <Group justify="center">
              <Pagination
                total={Math.ceil(total / pageSize)}
                value={page}
                onChange={setPage}
                getControlProps={(control) => ({
                  "aria-label": control === "next" ? "Next page" : "Previous page",
                })}
              />
            </Group>
          )}
        </Stack>
      )}
    </QueryState>
  );

  return (
    <Stack gap="md">
      <PageTitle>Leads</PageTitle>
      {filters}
      {body}
      <RecordModal
        record={opened}
        title={(lead) => `${LEAD_KIND_LABELS[lead.kind]}: ${nameOf(lead)}`}
        onClose={() => setOpened(null)}
      >
        {(lead) => <LeadDetails lead={lead} />}
      </RecordModal>
    </Stack>
  );
}
