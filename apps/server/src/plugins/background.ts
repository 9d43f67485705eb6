import type { FastifyBaseLogger } from "fastify";
import { loggableError } from "./error-log.ts";

declare module "fastify" {
  interface FastifyInstance {
    /**
     * Resolves once the work routes started after their answers has finished and the job queue
     * has no job due or running (the mail it queued was sent, or waits for a retry).
     */
    whenIdle(): Promise<void>;
  }
}

/**
 * Work a route starts after its answer is on its way, such as e-mails whose lookup or queueing
 * must not make the answer slower or tell anything by its timing. A failure is logged without
 * values. `idle()` waits for all of it: the server finishes such work before it closes, and a
 * test can check what was sent, or that nothing was.
 */
export class BackgroundWork {
  private readonly running = new Set<Promise<void>>();

  run(log: Pick<FastifyBaseLogger, "error">, what: string, work: () => Promise<unknown>) {
    const task: Promise<void> = work()
      .then(
        () => undefined,
        (err: unknown) => log.error({ error: loggableError(err) }, `${what} failed`),
      )
      .finally(() => this.running.delete(task));
    this.running.add(task);
  }

  /** Resolves once nothing runs, including work started while waiting. */
  async idle() {
    while (this.running.size > 0) await Promise.all(this.running);
  }
}
