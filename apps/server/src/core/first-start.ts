import { batchInTurn, HelperStopped } from "../adapters/helper-process.ts";
import { loggableError } from "../plugins/error-log.ts";
import type { Log } from "./jobs.ts";

/**
 * Makes what is missing (lesson tracks, demo readings) as a batch of the first start, after
 * the batches queued before it (`batchInTurn`), and logs how many it made or why it failed.
 * Stopping the server stops it (HelperStopped), which is no failure.
 */
export function makeMissingInTurn(
  log: Log,
  what: string,
  make: () => Promise<{ made: number; ms: number }>,
) {
  void batchInTurn(make).then(
    ({ made, ms }) => {
      if (made > 0) log.info({ made, ms }, `made ${made} ${what} in ${ms} ms`);
    },
    (error: unknown) => {
      if (!(error instanceof HelperStopped))
        log.error({ error: loggableError(error) }, `making the ${what} failed`);
    },
  );
}
