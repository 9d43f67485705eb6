import { Title } from "@mantine/core";
import { useDocumentTitle } from "@mantine/hooks";

/** A page's heading, which names the browser's tab too: "Worksheets · Refrain". */
export function PageTitle({ children }: { children: string }) {
  useDocumentTitle(`${children} · Refrain`);
  return <Title order={1}>{children}</Title>;
}
