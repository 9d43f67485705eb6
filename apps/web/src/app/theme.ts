import { createTheme } from "@mantine/core";

/** Calm and readable for classrooms: one teal accent, soft corners, no heavy shadows. */
export const theme = createTheme({
  primaryColor: "teal",
  defaultRadius: "md",
  fontFamily:
    "Inter, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
  headings: { fontWeight: "650" },
  cursorType: "pointer",
});
