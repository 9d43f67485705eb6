import type { ReactNode } from "react";
import { EmptyList, QueryState, type QueryView } from "./page-states.tsx";

/** What a list says while it holds nothing: `EmptyList`'s words, and what to do (`action`). */
export interface EmptyListText {
  icon: ReactNode;
  title: string;
  description: string;
  action?: ReactNode;
}

/**
 * A loaded list, as `QueryState` shows it: the loader with the page's words, the failure, the
 * `empty` state while the list has no item, and otherwise `children` with the items.
 */
export function QueryList<Items extends readonly unknown[]>({
  query,
  loading,
  empty: { action, ...empty },
  frame,
  children,
}: {
  query: QueryView<Items>;
  loading?: string;
  empty: EmptyListText;
  /** Wraps the loader, error and empty state, as `QueryState`'s frame does. */
  frame?: (state: ReactNode) => ReactNode;
  children: (items: Items) => ReactNode;
}) {
  return (
    <QueryState
      query={query}
      loading={loading}
      isEmpty={(items) => items.length === 0}
      empty={<EmptyList {...empty}>{action}</EmptyList>}
      frame={frame}
    >
      {children}
    </QueryState>
  );
}
