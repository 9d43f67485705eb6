import { Stack, Title } from "@mantine/core";
import type { ReactNode } from "react";
import classes from "./page-section.module.css";

/** A section of the public policy pages (privacy, accessibility), named by its heading. */
export function PageSection({
  id,
  title,
  children,
}: {
  id: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={classes.section}>
      <Title order={2} id={id} fz="h3" mb="xs">
        {title}
      </Title>
      <Stack gap="xs">{children}</Stack>
    </section>
  );
}
