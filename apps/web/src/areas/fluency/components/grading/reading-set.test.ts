import type { SuggestionHelp } from "@refrain/domain";
import { MutationObserver, QueryClient, QueryObserver } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
import { helpQuery, setHelpMutation } from "./reading-set.ts";

const shownLevel = (client: QueryClient) => client.getQueryData(helpQuery.queryKey)?.data.help;

/**
 * A server whose GET of the help level answers `saved` only when the test lets it, and whose
 * POST keeps what it is sent (`fails`: refuses it).
 */
function server(saved: SuggestionHelp, { fails = false } = {}) {
  vi.stubGlobal("document", { querySelector: () => ({ content: "token" }) });
  let answerGet = () => {};
  const getAnswered = new Promise<void>((resolve) => {
    answerGet = resolve;
  });
  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), {
      status,
      headers: { "Content-Type": "application/json" },
    });
  vi.stubGlobal(
    "fetch",
    vi.fn(async (_path: string, init: RequestInit) => {
      if (init.method === "GET") {
        await getAnswered;
        return json({ success: true, data: { help: saved } });
      }
      if (fails) return json({ success: false, message: "Something went wrong." }, 500);
      return json({ success: true, data: JSON.parse(String(init.body)) });
    }),
  );
  return { answerGet };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the teacher's suggestion help level", () => {
  it("keeps the level picked while the saved one is still loading", async () => {
    const { answerGet } = server("cautious");
    const client = new QueryClient();
    const loading = client.fetchQuery(helpQuery).catch(() => "cancelled");
    const picked = new MutationObserver(client, setHelpMutation(client)).mutate({ help: "off" });
    answerGet();
    await Promise.all([loading, picked]);
    expect(shownLevel(client)).toBe("off");
  });

  it("goes back to the saved level when the new one cannot be saved", async () => {
    const { answerGet } = server("all", { fails: true });
    answerGet();
    const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
    await client.fetchQuery(helpQuery);
    const picked = new MutationObserver(client, setHelpMutation(client)).mutate({ help: "off" });
    await expect(picked).rejects.toThrow();
    expect(shownLevel(client)).toBe("all");
  });

  it("asks for the saved level again when a change made while it loaded cannot be saved", async () => {
    const { answerGet } = server("all", { fails: true });
    const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
    const shown = new QueryObserver(client, helpQuery);
    const unsubscribe = shown.subscribe(() => {});
    const picked = new MutationObserver(client, setHelpMutation(client)).mutate({ help: "off" });
    await expect(picked).rejects.toThrow();
    answerGet();
    await vi.waitFor(() => expect(shown.getCurrentResult().data?.data.help).toBe("all"));
    unsubscribe();
  });
});
