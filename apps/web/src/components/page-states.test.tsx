import type { ReactElement, ReactNode } from "react";
import { describe, expect, it, vi } from "vitest";
import { ApiError } from "../lib/api.ts";
import { LoadError, PageLoader, QueryState, type QueryView } from "./page-states.tsx";
import { staticMarkup as html } from "./static-markup.tsx";

type Lessons = { lessons: string[] };

function lessonsState(
  query: QueryView<Lessons>,
  extra: {
    failedAsEmpty?: boolean;
    alongside?: { status: QueryView<unknown>["status"]; failureCount: number }[];
  } = {},
) {
  return (
    <QueryState
      query={query}
      loading="Loading Lessons..."
      isEmpty={(data) => data.lessons.length === 0}
      empty={<p>No lessons yet</p>}
      {...extra}
    >
      {(data) => (
        <ul>
          {data.lessons.map((lesson) => (
            <li key={lesson}>{lesson}</li>
          ))}
        </ul>
      )}
    </QueryState>
  );
}

describe("QueryState", () => {
  it("shows the page's own loading words while the data loads", () => {
    const page = html(lessonsState({ status: "pending" }));
    expect(page).toContain("Loading Lessons...");
    expect(page).toContain('role="status"');
    expect(page).not.toContain("No lessons yet");
  });

  it("waits for the calls alongside until each has answered or failed once, so nothing moves after", () => {
    const lessons: QueryView<Lessons> = { status: "success", data: { lessons: ["Rain"] } };
    const shown = (
      ...alongside: { status: QueryView<unknown>["status"]; failureCount: number }[]
    ) => html(lessonsState(lessons, { alongside }));
    expect(
      shown({ status: "success", failureCount: 0 }, { status: "pending", failureCount: 0 }),
    ).toContain("Loading Lessons...");
    expect(
      shown({ status: "success", failureCount: 0 }, { status: "error", failureCount: 3 }),
    ).toContain("<li>Rain</li>");
    // Retrying: the page is not held back by its extras.
    expect(shown({ status: "pending", failureCount: 1 })).toContain("<li>Rain</li>");
    // The page's own failure is not held back either.
    const failed = html(
      lessonsState(
        { status: "error", error: new ApiError(503, "The lessons are resting."), refetch: vi.fn() },
        { alongside: [{ status: "pending", failureCount: 0 }] },
      ),
    );
    expect(failed).toContain("The lessons are resting.");
  });

  it("shows the server's text on failure, and Try again fetches once more", () => {
    const refetch = vi.fn();
    const query: QueryView<Lessons> = {
      status: "error",
      error: new ApiError(503, "The lessons are resting."),
      refetch,
    };
    const page = html(lessonsState(query));
    expect(page).toContain("Could not load this page");
    expect(page).toContain("The lessons are resting.");
    expect(page).toContain("Try again");

    const shown = QueryState({ query, children: () => null }) as ReactElement<{
      onRetry: () => void;
    }>;
    expect(shown.type).toBe(LoadError);
    shown.props.onRetry();
    expect(refetch).toHaveBeenCalledOnce();
  });

  it("offers no retry when the server refused", () => {
    const page = html(
      lessonsState({ status: "error", error: new ApiError(403, "Not yours."), refetch: vi.fn() }),
    );
    expect(page).toContain("Not yours.");
    expect(page).not.toContain("Try again");
  });

  it("shows the empty state when the list is empty, and the list otherwise", () => {
    expect(html(lessonsState({ status: "success", data: { lessons: [] } }))).toContain(
      "No lessons yet",
    );
    const full = html(lessonsState({ status: "success", data: { lessons: ["Lean on Me"] } }));
    expect(full).toContain("<li>Lean on Me</li>");
    expect(full).not.toContain("No lessons yet");
  });

  it("shows a failure as the empty state where the page asks for that", () => {
    const page = html(
      lessonsState(
        { status: "error", error: new ApiError(500, "Broken"), refetch: vi.fn() },
        { failedAsEmpty: true },
      ),
    );
    expect(page).toContain("No lessons yet");
    expect(page).not.toContain("Broken");
  });

  it("puts every state but the data in the page's frame, as a table row", () => {
    const frame = (state: ReactNode) => <tr className="state-row">{state}</tr>;
    const loading = QueryState({ query: { status: "pending" }, frame, children: () => null });
    expect((loading as ReactElement).type).toBe("tr");
    const data = QueryState({
      query: { status: "success", data: 1 },
      frame,
      children: (n) => <td>{n}</td>,
    });
    expect((data as ReactElement).type).toBe("td");
  });
});

describe("PageLoader", () => {
  it("says Loading... when the page names nothing", () => {
    expect(html(<PageLoader />)).toContain("Loading...");
  });
});
