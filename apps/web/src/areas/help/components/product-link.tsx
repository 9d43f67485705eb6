import { Anchor, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { pageOpens, usePagePolicies } from "../../../lib/pages.ts";
import { useSession } from "../../../lib/session.ts";
import type { HelpText, ProductRef } from "../content/types.ts";

/** The route pattern a help link opens: its path without the query or fragment. */
export const linkPattern = (to: string) => to.split(/[?#]/)[0] ?? to;

/**
 * A page the help text names: a link when the reader may open it, else its name in bold, so an
 * admin reading the teachers' guide never lands on "Not available". A path's `:teacherId` is the
 * reader's own id (their settings page).
 */
export function ProductLink({ label, to }: ProductRef) {
  const user = useSession().data?.user;
  const pages = usePagePolicies();
  if (!user || !pageOpens(pages, linkPattern(to), user.role))
    return (
      <Text span fw={600} inherit>
        {label}
      </Text>
    );
  return (
    <Anchor component={Link} to={to.replace(":teacherId", String(user.id))} inherit>
      {label}
    </Anchor>
  );
}

/** Words with the on-screen labels between asterisks in bold, as the reader meets them. */
function Words({ text }: { text: string }): ReactNode {
  // Split on a captured label: every odd piece is a label.
  return text.split(/\*([^*]+)\*/).map((piece, i) =>
    i % 2 === 1 ? (
      // The pieces of fixed text never move: their place is their identity.
      // biome-ignore lint/suspicious/noArrayIndexKey: see above
      <Text key={i} span fw={600} inherit>
        {piece}
      </Text>
    ) : (
      piece
    ),
  );
}

/** A sentence of help text with its labels and links drawn. */
export function HelpSentence({ parts }: { parts: HelpText[] }): ReactNode {
  return parts.map((part, i) =>
    // A sentence's runs never move: their place is their identity.
    typeof part === "string" ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: see above
      <Words key={i} text={part} />
    ) : (
      // biome-ignore lint/suspicious/noArrayIndexKey: see above
      <ProductLink key={i} label={part.label} to={part.to} />
    ),
  );
}
