import { Title } from "@mantine/core";
import { useDocumentTitle } from "../lib/document-title.ts";

/** A page's heading, which names the browser's tab too: "Worksheets · Refrain". */
export function PageTitle({ children }: { children: string }) {
  useDocumentTitle(`${children} · Refrain`);
  return <Title order={1}>{children}</Title>;
}
