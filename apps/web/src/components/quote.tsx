import { Text, type TextProps } from "@mantine/core";
import type { ReactNode } from "react";

/**
 * A quoted text (a teacher's message, a student's answer) as Mantine's Blockquote shows one: a
 * tint of the primary colour with a bar of it at the start, line breaks kept. Mantine's own
 * component came as a chunk of its own into a student's first load for what a styled Text does.
 */
export function Quote({ children, ...text }: TextProps & { children: ReactNode }) {
  return (
    <Text
      component="blockquote"
      m={0}
      bg="var(--mantine-primary-color-light)"
      style={{
        borderInlineStart: "3px solid var(--mantine-primary-color-filled)",
        borderStartEndRadius: "var(--mantine-radius-sm)",
        borderEndEndRadius: "var(--mantine-radius-sm)",
        whiteSpace: "pre-wrap",
      }}
      {...text}
    >
      {children}
    </Text>
  );
}
