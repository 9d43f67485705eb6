import { Paper, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";

/** The card a sign-in or sign-up page is, centered below the header, `width` at the most. */
export function AuthCard({ width = 440, children }: { width?: number; children: ReactNode }) {
  return (
    <Paper withBorder shadow="xs" p="xl" maw={width} mx="auto" mt="xl">
      {children}
    </Paper>
  );
}

/** An auth card's heading, and under it what the page asks for (`children`). */
export function AuthHeading({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div>
      <Title order={1} fz={28}>
        {title}
      </Title>
      <Text c="dimmed" mt={4}>
        {children}
      </Text>
    </div>
  );
}
