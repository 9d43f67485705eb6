import { Alert, Anchor, Text } from "@mantine/core";
import { accountCalls, lapsedMessages, TRIAL_ENDING_DAYS } from "@refrain/domain";
import { IconClockHour4, IconLock } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { dateText } from "../../../lib/date-text.ts";
import { localDay } from "../api/subscription.ts";

export const standingQuery = {
  queryKey: ["account", "standing"],
  queryFn: () => api.call(accountCalls.standing, {}),
  // A trial ends by the day: an hour's staleness costs nothing, and a subscription refetches it.
  staleTime: 60 * 60_000,
} as const;

const DAY_MS = 86_400_000;

/** Whole days from today to a yyyy-mm-dd day. */
const daysUntil = (day: string, today: string) =>
  Math.round((Date.parse(`${day}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / DAY_MS);

/** Subscribe Now: a full page load, since billing pages carry their own security policy. */
const subscribeLink = (
  <Anchor href="/subscribe" fw={600}>
    Subscribe Now
  </Anchor>
);

/**
 * On every page of a teacher or parent: that the class has lapsed and what still works
 * (docs/decisions/0024), or that the free trial ends within a week. Nothing otherwise, and
 * nothing while it loads or if it fails: the pages themselves answer what the class may do.
 */
export function StandingBanner() {
  const standing = useQuery(standingQuery);
  if (!standing.data) return null;
  const { classOpen, state, validUntil } = standing.data;
  if (!classOpen)
    return (
      <Alert color="orange" variant="light" icon={<IconLock />} mb="md" role="note">
        <Text size="sm">
          {lapsedMessages.owner} {subscribeLink}
        </Text>
      </Alert>
    );
  const today = localDay();
  if (state !== "free-trial" || validUntil === null) return null;
  const left = daysUntil(validUntil, today);
  if (left > TRIAL_ENDING_DAYS) return null;
  return (
    <Alert color="blue" variant="light" icon={<IconClockHour4 />} mb="md" role="note">
      <Text size="sm">
        {left <= 0
          ? "Your free trial ends today."
          : `Your free trial ends on ${dateText(validUntil)} (${left} ${left === 1 ? "day" : "days"} left).`}{" "}
        Subscribe to keep your class practicing: everything it made stays either way.{" "}
        {subscribeLink}
      </Text>
    </Alert>
  );
}
