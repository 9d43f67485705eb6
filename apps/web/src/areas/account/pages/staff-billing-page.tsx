import { zodResolver } from "@hookform/resolvers/zod";
import { Badge, Button, Paper, SimpleGrid, Stack, Table, Text } from "@mantine/core";
import { modals } from "@mantine/modals";
import {
  type BillingPeriod,
  CANCEL_REASONS,
  CANCELLATIONS_SHOWN,
  type CancellationsResponse,
  cancelReasonLabel,
  PERIOD_LABELS,
  PLAN_LABELS,
  type PlanType,
  type PromoCodeRow,
  promoCodeCreateRequest,
} from "@refrain/domain";
import { IconReceiptOff, IconTicket } from "@tabler/icons-react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { DoneAlert, ErrorAlert } from "../../../components/form-alerts.tsx";
import { FormTextInput } from "../../../components/form-fields.tsx";
import { ACTIONS_COLUMN, ListTable } from "../../../components/list-table.tsx";
import { EmptyList, QueryState } from "../../../components/page-states.tsx";
import { PageTitle } from "../../../components/page-title.tsx";
import { type EmptyListText, QueryList } from "../../../components/query-list.tsx";
import { dateTimeText } from "../../../lib/date-text.ts";
import { applyFieldErrors } from "../../../lib/form-errors.ts";
import {
  useCancellations,
  useCreatePromoCode,
  usePlans,
  usePromoCodes,
  useRetirePromoCode,
} from "../api/subscription.ts";
import { BillingSection, BillingToolForm, ExactInput } from "../components/billing-tool.tsx";
import { SandboxClock } from "../components/sandbox-clock.tsx";
import { onlyFieldErrors, wholeBadgeLabel } from "../components/subscription-card.tsx";

/** The plan as the server names it ("teacher monthly"), in the words checkout shows. */
function planLabel(plan: string): string {
  const [type, period] = plan.split(" ");
  if (!(type && type in PLAN_LABELS && period && period in PERIOD_LABELS)) return plan || "—";
  return `${PLAN_LABELS[type as PlanType]}, ${PERIOD_LABELS[period as BillingPeriod].toLowerCase()}`;
}

/**
 * The company's billing page (classroom spec §4, issue 17): why teachers cancel, with the
 * count of each reason, and the free-month promo codes, created and retired here. On a test
 * install (the sandbox provider) also the sandbox's clock, which moves one account's billing
 * forward; Stripe keeps its own time, so with Stripe the section is not shown.
 */
export function StaffBillingPage() {
  const plans = usePlans();
  return (
    <Stack gap="xl">
      <PageTitle>Billing</PageTitle>
      <Cancellations />
      <PromoCodes />
      {plans.data?.provider === "sandbox" && <SandboxClock />}
    </Stack>
  );
}

function Cancellations() {
  const cancellations = useCancellations();
  return (
    <BillingSection id="cancellations-title" title="Cancellations">
      <QueryState
        query={cancellations}
        loading="Loading cancellations..."
        isEmpty={(answer) => answer.total === 0}
        empty={
          <EmptyList
            icon={<IconReceiptOff />}
            title="No cancellations yet"
            description="When a teacher or parent cancels, the date, their reasons and what they wrote appear here."
          />
        }
      >
        {(answer) => <CancellationList answer={answer} />}
      </QueryState>
    </BillingSection>
  );
}

function Count({ label, value }: { label: string; value: number }) {
  return (
    <Paper withBorder p="sm">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={700} fz="xl">
        {value}
      </Text>
    </Paper>
  );
}

function CancellationList({ answer }: { answer: CancellationsResponse }) {
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
        <Count label="All cancellations" value={answer.total} />
        {Object.entries(CANCEL_REASONS).map(([code, label]) => (
          <Count key={code} label={label} value={answer.byReason[code] ?? 0} />
        ))}
      </SimpleGrid>
      {answer.total > answer.cancellations.length && (
        <Text size="sm" c="dimmed">
          The latest {Math.min(CANCELLATIONS_SHOWN, answer.cancellations.length)} of {answer.total}.
        </Text>
      )}
      <ListTable
        minWidth={960}
        label="Cancellations"
        columns={["Date", "Account", "Reasons", "Other", "Plan"]}
      >
        {answer.cancellations.map((row) => (
          <Table.Tr key={row.id}>
            <Table.Td style={{ whiteSpace: "nowrap" }}>{dateTimeText(row.createdAt)}</Table.Td>
            {/* Who cancelled in one column, so the reasons and what they wrote get the room. */}
            <Table.Td miw={200} maw={280} style={{ overflowWrap: "break-word" }}>
              <Text size="sm" fw={500}>
                {row.name || "—"}
              </Text>
              <Text size="sm">{row.username}</Text>
              {row.email !== "" && (
                <Text size="sm" c="dimmed">
                  {row.email}
                </Text>
              )}
            </Table.Td>
            <Table.Td>
              {row.reasonCodes.length === 0 ? (
                <Text size="sm" c="dimmed">
                  None given
                </Text>
              ) : (
                <Stack gap={4} align="flex-start">
                  {row.reasonCodes.map((code) => (
                    <Badge key={code} variant="light" tt="none" styles={wholeBadgeLabel}>
                      {cancelReasonLabel(code)}
                    </Badge>
                  ))}
                </Stack>
              )}
            </Table.Td>
            <Table.Td
              miw={200}
              maw={320}
              style={{ whiteSpace: "pre-wrap", overflowWrap: "break-word" }}
            >
              {row.reason || "—"}
            </Table.Td>
            <Table.Td miw={110}>{planLabel(row.plan)}</Table.Td>
          </Table.Tr>
        ))}
      </ListTable>
    </Stack>
  );
}

const NO_CODES: EmptyListText = {
  icon: <IconTicket />,
  title: "No promo codes yet",
  description:
    "Create a code above: a teacher or parent enters it in Settings and Preferences for a free month.",
};

type CodeForm = z.input<typeof promoCodeCreateRequest>;
type CodeValues = z.output<typeof promoCodeCreateRequest>;
const CODE_FIELDS = ["code", "note"] as const;

function PromoCodes() {
  const codes = usePromoCodes();
  const create = useCreatePromoCode();
  const retire = useRetirePromoCode();
  const form = useForm<CodeForm, unknown, CodeValues>({
    resolver: zodResolver(promoCodeCreateRequest),
    defaultValues: { code: "", note: "" },
    mode: "onTouched",
  });

  const onSubmit = form.handleSubmit((values) => {
    create.reset();
    create.mutate(values, {
      onSuccess: () => form.reset({ code: "", note: "" }),
      onError: (error) => applyFieldErrors(form, error, CODE_FIELDS),
    });
  });

  const confirmRetire = (row: PromoCodeRow) =>
    modals.openConfirmModal({
      title: `Retire ${row.code}?`,
      children: (
        <Text size="sm">
          The code is refused from now on. Accounts that already redeemed it keep their free month.
        </Text>
      ),
      labels: { confirm: "Retire", cancel: "Keep" },
      confirmProps: { color: "red" },
      onConfirm: () => retire.mutate(row.id),
    });

  return (
    <BillingSection id="promo-codes-title" title="Promo codes">
      <BillingToolForm
        label="Create a promo code"
        intro="A code gives one free month, once per account."
        onSubmit={onSubmit}
        submitLabel="Create Code"
        busy={create.isPending}
        fields={
          <>
            <ExactInput
              form={form}
              name="code"
              label="Code"
              description="Letters, numbers, dashes and underscores."
              maxLength={26}
            />
            <FormTextInput
              form={form}
              name="note"
              label="Note"
              description="Who it is for, for your colleagues."
              autoComplete="off"
              maxLength={200}
              style={{ flex: 1, minWidth: 220 }}
            />
          </>
        }
      >
        {create.isSuccess && !form.formState.isDirty && (
          <DoneAlert>The code {create.data.code} was created.</DoneAlert>
        )}
        {!onlyFieldErrors(create.error, CODE_FIELDS) && <ErrorAlert error={create.error} />}
      </BillingToolForm>
      <ErrorAlert error={retire.error} prefix="The code could not be retired: " />
      <QueryList query={codes} loading="Loading promo codes..." empty={NO_CODES}>
        {(list) => (
          <ListTable
            minWidth={760}
            label="Promo codes"
            columns={["Code", "Note", "Created", "Redemptions", "Status", ACTIONS_COLUMN]}
          >
            {list.map((row) => (
              <Table.Tr key={row.id}>
                <Table.Td ff="monospace" fw={600} style={{ whiteSpace: "nowrap" }}>
                  {row.code}
                </Table.Td>
                <Table.Td style={{ overflowWrap: "anywhere" }}>{row.note || "—"}</Table.Td>
                <Table.Td style={{ whiteSpace: "nowrap" }}>{dateTimeText(row.createdAt)}</Table.Td>
                <Table.Td>{row.redemptions}</Table.Td>
                <Table.Td style={{ whiteSpace: "nowrap" }}>
                  {row.retiredAt ? (
                    <Badge color="gray" variant="light" tt="none" styles={wholeBadgeLabel}>
                      Retired {dateTimeText(row.retiredAt)}
                    </Badge>
                  ) : (
                    <Badge color="teal" variant="light" tt="none" styles={wholeBadgeLabel}>
                      Active
                    </Badge>
                  )}
                </Table.Td>
                <Table.Td>
                  {row.retiredAt === null && (
                    <Button
                      size="xs"
                      variant="light"
                      color="red"
                      aria-label={`Retire ${row.code}`}
                      loading={retire.isPending && retire.variables === row.id}
                      onClick={() => confirmRetire(row)}
                    >
                      Retire
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </ListTable>
        )}
      </QueryList>
    </BillingSection>
  );
}
