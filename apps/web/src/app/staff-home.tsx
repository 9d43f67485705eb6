import { Anchor, Loader, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import type { UseQueryResult } from "@tanstack/react-query";
import type { ComponentType } from "react";
import { Link } from "react-router";
import { useRosterImports } from "../areas/admin/api/list-roster-imports.ts";
import { useLeads } from "../areas/leads/api/list-leads.ts";
import { useDocumentTitle } from "../lib/document-title.ts";
import { usePagePolicies } from "../lib/pages.ts";
import { STAFF_MENU, visibleMenu } from "./menus.ts";

/** What each staff page is for, by its path: the cards' words under the menu's names. */
export const STAFF_PAGES_ABOUT: Record<string, string> = {
  "/lessons": "Every lesson of the catalog, grouped by reading level.",
  "/staff/lessons/tracks":
    "Listen to a lesson's read-along track, and replace it or its word timings.",
  "/staff/suggestions": "How often teachers keep the suggested scores, per engine version.",
  "/staff/leads": "Trial, quote, pricing and feedback requests from the site's forms.",
  "/staff/mail": "Every letter Refrain sent, or keeps while no mail server is set up.",
  "/staff/billing": "Cancellations and their reasons, and the promo codes.",
  "/staff/roster": "Bring a district's roster in from its student information system.",
};

const plural = (n: number, one: string, many: string) =>
  n === 0 ? `No ${many} yet` : `${n} ${n === 1 ? one : many}`;

/**
 * A count from the call its page makes first (the same query, so opening the page shows it at
 * once): a loader while it comes, a plain word if it fails, the page's link works either way.
 */
function Count<T>({
  query,
  loading,
  count,
}: {
  query: UseQueryResult<T>;
  loading: string;
  count: (data: T) => string;
}) {
  if (query.isPending)
    return (
      <Text size="sm" c="dimmed" span>
        <Loader size={10} mr={6} />
        {loading}
      </Text>
    );
  if (query.isError)
    return (
      <Text size="sm" c="dimmed">
        The count could not be loaded.
      </Text>
    );
  return (
    <Text size="sm" fw={600}>
      {count(query.data)}
    </Text>
  );
}

/** The leads in the inbox, as its first page counts them all. */
function LeadsCount() {
  return (
    <Count
      query={useLeads({ page: 1 })}
      loading="Loading leads..."
      count={(answer) => plural(answer.data.total, "lead", "leads")}
    />
  );
}

/** The districts staff can import a roster for. */
function DistrictsCount() {
  return (
    <Count
      query={useRosterImports(undefined)}
      loading="Loading districts..."
      count={(answer) => plural(answer.data.districts.length, "district", "districts")}
    />
  );
}

const COUNTS: Record<string, ComponentType> = {
  "/staff/leads": LeadsCount,
  "/staff/roster": DistrictsCount,
};

/**
 * A staff member's home: each of their pages, grouped as the menu groups them, with what it is
 * for and, where its first call gives one, how many things wait there.
 */
export function StaffHome({ firstName }: { firstName: string }) {
  useDocumentTitle("Home · Refrain");
  const groups = visibleMenu(STAFF_MENU, usePagePolicies(), "staff");
  return (
    <Stack gap="xl">
      <Stack gap={4}>
        <Title order={1}>Welcome, {firstName}</Title>
        <Text c="dimmed">
          What Refrain's staff look after, grouped as the menus above group it.
        </Text>
      </Stack>
      {groups.map((group) => (
        <Stack key={group.label} gap="sm" component="section" aria-label={group.label}>
          <Title order={2} fz="xl">
            {group.label}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
            {group.entries.map((entry) => {
              const CountOf = COUNTS[entry.path];
              return (
                <Paper key={entry.path} withBorder p="md">
                  <Stack gap={6}>
                    <Anchor component={Link} to={entry.path} fw={600} fz="lg">
                      {entry.label}
                    </Anchor>
                    <Text size="sm">{STAFF_PAGES_ABOUT[entry.path]}</Text>
                    {CountOf && <CountOf />}
                  </Stack>
                </Paper>
              );
            })}
          </SimpleGrid>
        </Stack>
      ))}
    </Stack>
  );
}
