import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createMailer, MailSeal } from "../src/adapters/mail.ts";
import { localStorage } from "../src/adapters/storage.ts";
import type { TestContext } from "./build-test-app.ts";

/**
 * What sendParentMail needs, with the mailer app.ts builds with SMTP_URL: outbox, then the
 * "mail" job to the test's mail server.
 */
export const parentMailDeps = (ctx: TestContext) => ({
  db: ctx.db,
  config: ctx.config,
  mailer: createMailer({
    db: ctx.db,
    storage: localStorage(mkdtempSync(join(tmpdir(), "refrain-files-"))),
    outbound: {
      seal: new MailSeal(ctx.config.APP_SECRET),
      enqueue: (job) => ctx.jobs.send("mail", job),
    },
  }),
});
