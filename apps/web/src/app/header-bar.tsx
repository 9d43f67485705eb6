import { Anchor, Group, Text, ThemeIcon } from "@mantine/core";
import { IconMusic } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { Link } from "react-router";

/** The header's one row: what leads (menu button, wordmark, menus) and what trails (account). */
export function HeaderBar({ start, end }: { start: ReactNode; end?: ReactNode }) {
  return (
    <Group h="100%" px="lg" justify="space-between" wrap="nowrap">
      <Group gap="lg" wrap="nowrap">
        {start}
      </Group>
      {end}
    </Group>
  );
}

export function Wordmark() {
  return (
    <Anchor component={Link} to="/" underline="never" c="inherit" aria-label="Refrain home">
      <Group gap={8} wrap="nowrap">
        <ThemeIcon size="lg" radius="md" variant="filled">
          <IconMusic size={20} />
        </ThemeIcon>
        <Text fw={750} fz={22} lts={-0.5}>
          Refrain
        </Text>
      </Group>
    </Anchor>
  );
}
