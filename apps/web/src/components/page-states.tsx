import { Alert, Button, Center, EmptyState, Group, Loader, Paper, Text } from "@mantine/core";
import { IconAlertCircle } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { ApiError, errorText } from "../lib/api.ts";

/** Shown while a page or its data loads. */
export function PageLoader({ label = "Loading..." }: { label?: string }) {
  return (
    <Center py="xl" role="status" aria-live="polite">
      <Group gap="sm">
        <Loader size="sm" />
        <Text c="dimmed">{label}</Text>
      </Group>
    </Center>
  );
}

/** A failed load, with its text from the server and, unless the server refused, a way to try again. */
export function LoadError({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const refused = error instanceof ApiError && error.status < 500;
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle />} title="Could not load this page">
      <Text size="sm">{errorText(error)}</Text>
      {onRetry && !refused && (
        <Button mt="sm" size="xs" variant="white" color="red" onClick={onRetry}>
          Try again
        </Button>
      )}
    </Alert>
  );
}

/** A list with nothing in it yet: what it would hold, and what to do about it (`children`). */
export function EmptyList({
  icon,
  title,
  description,
  children,
}: {
  icon: ReactNode;
  title: string;
  description: string;
  children?: ReactNode;
}) {
  return (
    <Paper withBorder p="xl">
      <EmptyState icon={icon} withIndicatorBackground title={title} description={description}>
        {children}
      </EmptyState>
    </Paper>
  );
}

/** What `QueryState` reads of a TanStack query; a `useQuery` result fits it as it is. */
export type QueryView<T> =
  | { status: "pending" }
  | { status: "error"; error: unknown; refetch: () => unknown }
  | { status: "success"; data: T };

/** A call a page waits for beside its own (QueryState's `alongside`, a page's tour). */
export interface ExtraCall {
  status: "pending" | "error" | "success";
  failureCount: number;
}

/**
 * Whether a page still waits for an extra call: until it has answered or failed once. Not
 * through its retries: a page is never held back long by its extras.
 */
export const awaitingFirstAnswer = (call: ExtraCall) =>
  call.status === "pending" && call.failureCount === 0;

/**
 * The one way a page shows data it loads: the loader with the page's own words while it loads,
 * the server's text and "Try again" when it failed, the page's empty state when `isEmpty`
 * says there is nothing, and otherwise `children` with the data.
 */
export function QueryState<T>({
  query,
  loading,
  isEmpty,
  empty,
  failedAsEmpty = false,
  frame = (state) => state,
  alongside = [],
  children,
}: {
  query: QueryView<T>;
  /**
   * Calls whose answers add to the page among what it shows (a list of its own): the page shows
   * once each has answered or failed once (awaitingFirstAnswer), so that nothing it shows moves
   * when they arrive.
   */
  alongside?: ExtraCall[];
  /** The loader's text, e.g. "Loading Lessons..." (the specs name them; tests look for them). */
  loading?: string;
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  /** A failed load shows the empty state instead of the error (where a spec says so). */
  failedAsEmpty?: boolean;
  /** Wraps the loader, error and empty state, e.g. in a table row, where `children` sit. */
  frame?: (state: ReactNode) => ReactNode;
  children: (data: T) => ReactNode;
}) {
  // The page's own failure shows at once, whatever its extras are doing.
  const waiting =
    query.status === "pending" ||
    (query.status === "success" && alongside.some(awaitingFirstAnswer));
  if (waiting) return frame(<PageLoader label={loading} />);
  if (query.status === "error") {
    if (failedAsEmpty) return frame(empty);
    return frame(<LoadError error={query.error} onRetry={() => void query.refetch()} />);
  }
  if (isEmpty?.(query.data)) return frame(empty);
  return children(query.data);
}
