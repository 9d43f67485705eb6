import { Badge, type BadgeProps } from "@mantine/core";

/**
 * A badge as wide as its words: in a table narrower than its frame, Mantine's badge would
 * otherwise shrink with its cell and cut its label short.
 */
export function WholeBadge(props: BadgeProps) {
  return <Badge {...props} miw="max-content" />;
}
