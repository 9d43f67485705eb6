import { Group, Paper, SimpleGrid, Text } from "@mantine/core";
import {
  type Season,
  TIER_LABELS,
  TIERS,
  type Tier,
  type TierCounts,
  tierShare,
} from "@refrain/domain";
import { WholeBadge } from "../../../components/whole-badge.tsx";

export const TIER_COLORS: Record<Tier, string> = {
  at_or_above: "teal",
  below: "yellow",
  well_below: "red",
};

/** A tier as a coloured badge. */
export function TierBadge({ tier }: { tier: Tier }) {
  return (
    <WholeBadge color={TIER_COLORS[tier]} variant="light">
      {TIER_LABELS[tier]}
    </WholeBadge>
  );
}

/** How many students are in each tier, their share of those scored, and the window before's. */
export function TierCards({
  counts,
  previous,
  previousSeason,
}: {
  counts: TierCounts;
  previous: TierCounts | null;
  previousSeason: Season | null;
}) {
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md">
      {TIERS.map((tier) => {
        const share = tierShare(counts, tier);
        const before = previous ? tierShare(previous, tier) : null;
        return (
          <Paper key={tier} withBorder p="md" aria-label={TIER_LABELS[tier]} component="section">
            <Text size="sm" c="dimmed">
              {TIER_LABELS[tier]}
            </Text>
            <Group gap="xs" align="baseline">
              <Text fz={28} fw={700} c={`${TIER_COLORS[tier]}.9`}>
                {counts[tier]}
              </Text>
              {share !== null && <Text size="sm">{share}% of those scored</Text>}
            </Group>
            {previousSeason && before !== null && (
              <Text size="xs" c="dimmed">
                {before}% in the {previousSeason}
              </Text>
            )}
          </Paper>
        );
      })}
      <Paper withBorder p="md" aria-label="Incomplete" component="section">
        <Text size="sm" c="dimmed">
          Incomplete
        </Text>
        <Text fz={28} fw={700}>
          {counts.incomplete}
        </Text>
        <Text size="xs" c="dimmed">
          fewer than three passages graded
        </Text>
      </Paper>
    </SimpleGrid>
  );
}
