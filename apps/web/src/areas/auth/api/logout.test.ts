import { onlineManager, QueryClient } from "@tanstack/react-query";
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { logout } from "./logout.ts";

/** The server: each call's path is kept; the sign-out answers `status`. */
function server(status = 200) {
  vi.stubGlobal("document", { querySelector: () => ({ content: "token" }) });
  const called: string[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (path: string) => {
      called.push(path);
      return new Response(
        JSON.stringify(status === 200 ? { success: true, redirect: "/" } : { success: false }),
        {
          status,
          headers: { "Content-Type": "application/json" },
        },
      );
    }),
  );
  return called;
}

let client: QueryClient;
beforeEach(() => {
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
});
afterEach(() => {
  client.clear();
  onlineManager.setOnline(true);
  vi.unstubAllGlobals();
});

it("signs out once the page's calls under way have ended, and starts none after", async () => {
  const called = server();
  let answer = (_: string) => {};
  const readings = new Promise<string>((resolve) => {
    answer = resolve;
  });
  void client.fetchQuery({ queryKey: ["readings"], queryFn: () => readings });
  const signingOut = logout(client);
  await new Promise((resolve) => setTimeout(resolve, 120));
  expect(called).toEqual([]);

  // A refetch asked for meanwhile (an interval's, a focus's) waits: it would answer 401.
  const another = vi.fn(async () => "again");
  // Cancelled with the client at the end, never run.
  client.fetchQuery({ queryKey: ["another"], queryFn: another }).catch(() => undefined);
  answer("the readings");
  await signingOut;
  expect(called).toEqual(["/logout"]);
  expect(another).not.toHaveBeenCalled();
});

it("lets the queries go on when signing out fails", async () => {
  server(500);
  await expect(logout(client)).rejects.toThrow();
  expect(onlineManager.isOnline()).toBe(true);
});
