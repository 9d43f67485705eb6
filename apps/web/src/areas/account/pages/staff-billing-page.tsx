import { zodResolver } from "@hookform/resolvers/zod";
import {
  Badge,
  Button,
  Group,
  NumberInput,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from "@mantine/core";
import { useDocumentTitle } from "@mantine/hooks";
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
  SANDBOX_ADVANCE_MAX_DAYS,
  type Subscription,
  sandboxAdvanceRequest,
  subscriptionDisplayState,
} from "@refrain/domain";
import { IconReceiptOff, IconTicket } from "@tabler/icons-react";
import { Controller, useForm } from "react-hook-form";
import type { z } from "zod";
import { DoneAlert, ErrorAlert } from "../../../components/form-alerts.tsx";
import { ListTable } from "../../../components/list-table.tsx";
import { EmptyList, QueryState } from "../../../components/page-states.tsx";
import { applyFieldErrors } from "../../../lib/form-errors.ts";
import {
  localDay,
  useCancellations,
  useCreatePromoCode,
  usePlans,
  usePromoCodes,
  useRetirePromoCode,
  useSandboxAdvance,
} from "../api/subscription.ts";
import { onlyFieldErrors, STATE_BADGES } from "../components/subscription-card.tsx";

const when = (iso: string) =>
  new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short" }).format(
    new Date(iso),
  );

const badgeStyles = { label: { overflow: "visible" } };

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
  useDocumentTitle("Billing · Refrain");
  const plans = usePlans();
  return (
    <Stack gap="xl">
      <Title order={1}>Billing</Title>
      <Cancellations />
      <PromoCodes />
      {plans.data?.provider === "sandbox" && <SandboxClock />}
    </Stack>
  );
}

function Cancellations() {
  const cancellations = useCancellations();
  return (
    <Stack gap="sm" component="section" aria-labelledby="cancellations-title">
      <Title order={2} fz="xl" id="cancellations-title">
        Cancellations
      </Title>
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
    </Stack>
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
        head={
          <>
            <Table.Th>Date</Table.Th>
            <Table.Th>Account</Table.Th>
            <Table.Th>Reasons</Table.Th>
            <Table.Th>Other</Table.Th>
            <Table.Th>Plan</Table.Th>
          </>
        }
      >
        {answer.cancellations.map((row) => (
          <Table.Tr key={row.id}>
            <Table.Td style={{ whiteSpace: "nowrap" }}>{when(row.createdAt)}</Table.Td>
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
                    <Badge key={code} variant="light" tt="none" styles={badgeStyles}>
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
  const { errors } = form.formState;

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
    <Stack gap="sm" component="section" aria-labelledby="promo-codes-title">
      <Title order={2} fz="xl" id="promo-codes-title">
        Promo codes
      </Title>
      <Paper withBorder p="lg">
        <form onSubmit={onSubmit} noValidate aria-label="Create a promo code">
          <Stack gap="sm">
            <Text size="sm" c="dimmed">
              A code gives one free month, once per account.
            </Text>
            <Group align="flex-start" gap="sm" wrap="wrap">
              <TextInput
                label="Code"
                description="Letters, numbers, dashes and underscores."
                autoComplete="off"
                spellCheck={false}
                maxLength={26}
                withAsterisk
                error={errors.code?.message}
                w={{ base: "100%", sm: 240 }}
                {...form.register("code")}
              />
              <TextInput
                label="Note"
                description="Who it is for, for your colleagues."
                autoComplete="off"
                maxLength={200}
                error={errors.note?.message}
                style={{ flex: 1, minWidth: 220 }}
                {...form.register("note")}
              />
            </Group>
            {create.isSuccess && !form.formState.isDirty && (
              <DoneAlert>The code {create.data.code} was created.</DoneAlert>
            )}
            {!onlyFieldErrors(create.error, CODE_FIELDS) && <ErrorAlert error={create.error} />}
            <Group justify="flex-end">
              <Button type="submit" loading={create.isPending}>
                Create Code
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
      <ErrorAlert error={retire.error} prefix="The code could not be retired: " />
      <QueryState
        query={codes}
        loading="Loading promo codes..."
        isEmpty={(answer) => answer.codes.length === 0}
        empty={
          <EmptyList
            icon={<IconTicket />}
            title="No promo codes yet"
            description="Create a code above: a teacher or parent enters it in Settings and Preferences for a free month."
          />
        }
      >
        {(answer) => (
          <ListTable
            minWidth={760}
            label="Promo codes"
            head={
              <>
                <Table.Th>Code</Table.Th>
                <Table.Th>Note</Table.Th>
                <Table.Th>Created</Table.Th>
                <Table.Th>Redemptions</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </>
            }
          >
            {answer.codes.map((row) => (
              <Table.Tr key={row.id}>
                <Table.Td ff="monospace" fw={600} style={{ whiteSpace: "nowrap" }}>
                  {row.code}
                </Table.Td>
                <Table.Td style={{ overflowWrap: "anywhere" }}>{row.note || "—"}</Table.Td>
                <Table.Td style={{ whiteSpace: "nowrap" }}>{when(row.createdAt)}</Table.Td>
                <Table.Td>{row.redemptions}</Table.Td>
                <Table.Td style={{ whiteSpace: "nowrap" }}>
                  {row.retiredAt ? (
                    <Badge color="gray" variant="light" tt="none" styles={badgeStyles}>
                      Retired {when(row.retiredAt)}
                    </Badge>
                  ) : (
                    <Badge color="teal" variant="light" tt="none" styles={badgeStyles}>
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
      </QueryState>
    </Stack>
  );
}

type ClockForm = z.input<typeof sandboxAdvanceRequest>;
type ClockValues = z.output<typeof sandboxAdvanceRequest>;
const CLOCK_FIELDS = ["username", "days"] as const;
const CLOCK_DEFAULTS: ClockForm = { username: "", days: 30 };

/** What the account's settings card now shows: its state's badge, then its label and date. */
function AdvancedState({ sub }: { sub: Subscription }) {
  const display = subscriptionDisplayState(sub, localDay());
  const badge = STATE_BADGES[display.state];
  return (
    <Group gap="xs" wrap="wrap" mt={4}>
      <Text size="sm">Their settings now show</Text>
      <Badge color={badge.color} variant="light" tt="none" styles={badgeStyles}>
        {badge.label}
      </Badge>
      {display.state === "active" && <Text size="sm">{display.type}:</Text>}
      <Text size="sm" style={{ overflowWrap: "anywhere" }}>
        {display.label}
        {display.value !== null && (
          <>
            {": "}
            <Text span size="sm" fw={600}>
              {display.value}
            </Text>
          </>
        )}
      </Text>
    </Group>
  );
}

/**
 * The sandbox's clock (decision 0024): moves one teacher's or parent's trial end, paid period
 * and pause back by a number of days, as if that time had passed, so staff can watch a trial
 * end, a pause run out or a renewal come due without waiting for it.
 */
function SandboxClock() {
  const advance = useSandboxAdvance();
  const form = useForm<ClockForm, unknown, ClockValues>({
    resolver: zodResolver(sandboxAdvanceRequest),
    defaultValues: CLOCK_DEFAULTS,
    mode: "onTouched",
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) => {
    advance.reset();
    advance.mutate(values, {
      // The values stay, so the same account can be moved on again; an edit hides the answer.
      onSuccess: () => form.reset(values),
      onError: (error) => applyFieldErrors(form, error, CLOCK_FIELDS),
    });
  });

  return (
    <Stack gap="sm" component="section" aria-labelledby="sandbox-clock-title">
      <Title order={2} fz="xl" id="sandbox-clock-title">
        Sandbox clock
      </Title>
      <Paper withBorder p="lg">
        <form onSubmit={onSubmit} noValidate aria-label="Move an account's billing forward">
          <Stack gap="sm">
            <Text size="sm" c="dimmed">
              Test installs only: moves one teacher's or parent's trial, paid period and pause
              forward, as if the days had passed, to see a trial end, a pause run out or a renewal
              come due. Nothing else of the account changes.
            </Text>
            <Group align="flex-start" gap="sm" wrap="wrap">
              <TextInput
                label="Username"
                description="A teacher's or parent's."
                autoComplete="off"
                spellCheck={false}
                maxLength={200}
                withAsterisk
                error={errors.username?.message}
                w={{ base: "100%", sm: 240 }}
                {...form.register("username")}
              />
              <Controller
                control={form.control}
                name="days"
                render={({ field, fieldState }) => (
                  <NumberInput
                    label="Days"
                    description={`From 1 to ${SANDBOX_ADVANCE_MAX_DAYS}.`}
                    min={1}
                    max={SANDBOX_ADVANCE_MAX_DAYS}
                    clampBehavior="none"
                    allowDecimal={false}
                    allowNegative={false}
                    withAsterisk
                    w={{ base: "100%", sm: 160 }}
                    ref={field.ref}
                    name={field.name}
                    value={field.value ?? ""}
                    onChange={(value) =>
                      field.onChange(typeof value === "number" ? value : undefined)
                    }
                    onBlur={field.onBlur}
                    error={fieldState.error?.message}
                  />
                )}
              />
            </Group>
            {advance.isSuccess && !form.formState.isDirty && (
              <DoneAlert>
                <Text size="sm" fw={600}>
                  {advance.data.message}
                </Text>
                <AdvancedState sub={advance.data.subscription} />
              </DoneAlert>
            )}
            {!onlyFieldErrors(advance.error, CLOCK_FIELDS) && <ErrorAlert error={advance.error} />}
            <Group justify="flex-end">
              <Button type="submit" loading={advance.isPending}>
                Move forward
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
