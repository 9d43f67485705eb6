import { describe, expect, it, vi } from "vitest";
import { BackgroundWork } from "./background.ts";

/** Lets every promise that can settle now settle. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe("BackgroundWork", () => {
  it("is idle only once all work is done, work started meanwhile included", async () => {
    const work = new BackgroundWork();
    const log = { error: vi.fn() };
    const done: string[] = [];
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    work.run(log, "first", async () => {
      await gate;
      done.push("first");
      work.run(log, "second", async () => {
        await settle();
        done.push("second");
      });
    });
    let idle = false;
    const waiting = work.idle().then(() => {
      idle = true;
    });
    await settle();
    expect(idle).toBe(false);
    release();
    await waiting;
    expect(done).toEqual(["first", "second"]);
    expect(log.error).not.toHaveBeenCalled();
  });

  it("logs a failure without the values it carries, and still becomes idle", async () => {
    const work = new BackgroundWork();
    const log = { error: vi.fn() };
    work.run(log, "sending an e-mail", async () => {
      throw new Error('Failed query: select 1\nparams: "ada@example.org"');
    });
    await work.idle();
    expect(log.error).toHaveBeenCalledOnce();
    const [fields, message] = log.error.mock.calls[0] ?? [];
    expect(message).toBe("sending an e-mail failed");
    expect(fields).toMatchObject({ error: { type: "Error", message: "Failed query: select 1" } });
    expect(JSON.stringify(fields)).not.toContain("ada@example.org");
  });
});
