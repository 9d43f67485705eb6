import { createMailDelivery, type MailJob, MailSeal } from "../adapters/mail.ts";
import { accountQueues } from "../areas/account/index.ts";
import { adminQueues } from "../areas/admin/index.ts";
import { familiesQueues, markBouncing } from "../areas/families/index.ts";
import { fluencyQueues } from "../areas/fluency/index.ts";
import { privacyQueues } from "../areas/privacy/index.ts";
import { screeningQueues } from "../areas/screening/index.ts";
import { dkimKeyOf } from "../config.ts";
import {
  type AreaQueues,
  HOUR,
  type JobsTuning,
  type QueueDefinition,
  type QueueName,
  type Schedules,
  SWEEP_OPTIONS,
} from "../core/jobs.ts";
import { deleteEndedLimits } from "../core/limits.ts";
import { mailSent } from "../metrics.ts";
import { deleteEndedSessions } from "./session-cleanup.ts";

declare module "../core/jobs.ts" {
  interface JobData {
    /** One e-mail, sealed: see adapters/mail.ts. */
    mail: MailJob;
    "session-cleanup": Record<string, never>;
  }
}

/**
 * Every queue's definition by name. Named through the areas' sets, so that a program which sees
 * the server through its declarations (a bench) loads each area's queues.ts and its JobData.
 */
export type AllQueues = ReturnType<typeof houseQueues> &
  ReturnType<typeof fluencyQueues> &
  ReturnType<typeof privacyQueues> &
  ReturnType<typeof familiesQueues> &
  ReturnType<typeof accountQueues> &
  ReturnType<typeof adminQueues> &
  ReturnType<typeof screeningQueues>;

/**
 * Every queue: the house's own (mail, session clean-up) and those each area declares in its
 * queues.ts. A new queue goes in its area; only a new area's set is added here.
 */
export function queues(tuning: JobsTuning, schedules?: Schedules): AllQueues {
  return {
    ...houseQueues(tuning),
    ...fluencyQueues(tuning),
    ...privacyQueues(tuning, schedules),
    ...familiesQueues(tuning, schedules),
    ...accountQueues(tuning),
    ...adminQueues(tuning),
    ...screeningQueues(tuning),
  } satisfies { [Q in QueueName]: QueueDefinition<Q> };
}

/** The house's own queues: mail and the session clean-up. */
const houseQueues: AreaQueues<"mail" | "session-cleanup"> = (tuning) => ({
  mail: {
    // About ten tries over five to six hours (1–2 min, 2–4, … then hourly), so a mail server
    // outage delays mail and loses none. Done jobs, whose data is the sealed message, go
    // at the next maintenance (every 5 minutes).
    options: {
      retryLimit: 10,
      retryDelay: tuning.mailRetryDelaySeconds ?? 60,
      retryBackoff: true,
      retryDelayMax: HOUR,
      // Longer than nodemailer's own limits (2 min to connect, 10 idle), so a slow send is not
      // taken for a lost one and sent again.
      expireInSeconds: 15 * 60,
      deleteAfterSeconds: 60,
      notify: true,
    },
    // A worker woken by NOTIFY fetches once and then waits for the next NOTIFY or the 30 s
    // backstop poll, so a burst (a principal inviting a staff) went out one message per new
    // job or per half minute. Each fetch takes what is waiting, and a full batch fetches again
    // at once. A failure fails its batch for a retry; delivery skips what was already sent.
    work: { batchSize: 10, burstWhenBatchFull: true },
    handler: ({ db, config, log, onStop }) => {
      if (!config.SMTP_URL) return null;
      const { deliver, close } = createMailDelivery({
        db,
        smtpUrl: config.SMTP_URL,
        from: config.MAIL_FROM,
        seal: new MailSeal(config.APP_SECRET),
        dkim: dkimKeyOf(config),
        // A parent's address refused for good is marked bouncing, so their mail stops.
        onPermanentFailure: async (message) => {
          if (!message.family) return;
          const { studentId } = message.family;
          if (await markBouncing(db, studentId, message.to))
            log.warn({ studentId }, "a parent's address was refused for good");
        },
      });
      onStop(close);
      return async (job) => {
        try {
          await deliver(job);
          mailSent.inc({ outcome: "sent" });
        } catch (error) {
          mailSent.inc({ outcome: "failed" });
          throw error;
        }
      };
    },
  },
  "session-cleanup": {
    // Hourly, once across all servers and workers: the schedule sends one job per hour.
    cron: "0 * * * *",
    options: SWEEP_OPTIONS,
    handler:
      ({ db, config, log }) =>
      async () => {
        const n = await deleteEndedSessions(db, config.SESSION_IDLE_MINUTES);
        if (n > 0) log.info({ sessions: n }, "deleted ended sessions");
        const limits = await deleteEndedLimits(db);
        if (limits > 0) log.info({ limits }, "deleted ended rate-limit windows");
      },
  },
});
