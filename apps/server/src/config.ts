import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import {
  EMAIL_PATTERN,
  EXPORT_LINK_HOURS_DEFAULT,
  RETENTION_DEFAULTS,
  RETENTION_LIMITS,
  SHARE_LINK_DAYS_DEFAULT,
} from "@refrain/domain";
import { z } from "zod";
import { oidcProvidersSetting } from "./adapters/sso/config.ts";

/**
 * Every setting the server reads, parsed once at boot. A bad value stops start-up with one
 * line naming the variable; nothing else reads `process.env`.
 */
const positiveInt = z.coerce
  .number({ error: "must be a positive whole number" })
  .int("must be a positive whole number")
  .positive("must be a positive whole number");

const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  HOST: z.string().min(1).default("0.0.0.0"),
  PORT: z.coerce
    .number({ error: "must be a port number (0-65535)" })
    .int("must be a port number (0-65535)")
    .min(0, "must be a port number (0-65535)")
    .max(65535, "must be a port number (0-65535)")
    .default(3000),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL")
    .optional(),
  /**
   * PostgreSQL: how long a query waits for a connection, to open one or for one of the pool's
   * ten to free up, before its request is answered 503 with Retry-After. A server that is down
   * refuses at once; this bounds one that does not answer at all, or a pool that stays full.
   */
  DATABASE_CONNECT_TIMEOUT_SECONDS: positiveInt
    .max(60, "must be a positive whole number of seconds, at most 60")
    .default(2),
  /**
   * PostgreSQL: the longest one statement of the server's (its requests' and jobs') may run
   * (statement_timeout), so a request stuck behind a lock or a stalled server ends; 0 for no
   * limit. Migrations run without it.
   */
  DATABASE_STATEMENT_TIMEOUT_SECONDS: z.coerce
    .number({ error: "must be a whole number of seconds from 0 to 3600" })
    .int("must be a whole number of seconds from 0 to 3600")
    .min(0, "must be a whole number of seconds from 0 to 3600")
    .max(3600, "must be a whole number of seconds from 0 to 3600")
    .default(30),
  APP_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  PUBLIC_URL: z.url().optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "must be an smtp:// or smtps:// URL")
    .optional(),
  /**
   * Trust X-Forwarded-For from a reverse proxy in front of the server: set it to the proxy's
   * address or hop count (e.g. "127.0.0.1" or "1"). Unset, the socket address counts, so a
   * client cannot pick its own address to escape the per-address rate limits.
   */
  TRUST_PROXY: z.string().optional(),
  /** The sender of every e-mail. */
  MAIL_FROM: z.string().min(3).default("Refrain <no-reply@refrain.example.com>"),
  /**
   * DKIM signing of sent mail, all three or none: the domain of MAIL_FROM, the selector whose
   * DNS TXT record holds the public key, and the private key (PEM; "\n" stands for a line break
   * where an environment cannot hold one). Large mailbox providers honour one-click
   * unsubscribe only in signed mail (RFC 8058), and file unsigned bulk mail as spam.
   */
  DKIM_DOMAIN: z.string().min(3).optional(),
  DKIM_SELECTOR: z.string().min(1).optional(),
  DKIM_PRIVATE_KEY: z
    .string()
    .transform((value) => value.replaceAll("\\n", "\n"))
    .pipe(z.string().includes("PRIVATE KEY", { error: "must be a PEM private key" }))
    .optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** A session unused this long ends (a school day with a long lunch). */
  SESSION_IDLE_MINUTES: positiveInt.default(12 * 60),
  /**
   * A worker's own port (`npm run worker`), for its /health/live, /health/ready and
   * /metrics/scrape: the jobs' durations, mail and transcode speed are counted where the jobs
   * run. Unset: the worker listens nowhere.
   */
  WORKER_PORT: z.coerce
    .number({ error: "must be a port number (1-65535)" })
    .int("must be a port number (1-65535)")
    .min(1, "must be a port number (1-65535)")
    .max(65535, "must be a port number (1-65535)")
    .optional(),
  /** The bearer token of GET /metrics/scrape (a Prometheus server); unset, only staff read them. */
  METRICS_TOKEN: z.string().min(24, "must be at least 24 characters").optional(),
  /**
   * On SIGTERM, how long the server keeps serving with /health/ready answering 503, so a load
   * balancer stops sending before it stops accepting (0 stops at once).
   */
  SHUTDOWN_DRAIN_SECONDS: z.coerce
    .number({ error: "must be a whole number of seconds from 0 to 60" })
    .int("must be a whole number of seconds from 0 to 60")
    .min(0, "must be a whole number of seconds from 0 to 60")
    .max(60, "must be a whole number of seconds from 0 to 60")
    .default(5),
  /** A session ends this long after sign-in, however busy. */
  SESSION_MAX_DAYS: positiveInt.default(14),
  /**
   * How long a found session is kept in memory (plugins/session-cache.ts); every revocation
   * evicts it at once, in every process. 0 reads the session on every request.
   */
  SESSION_CACHE_SECONDS: z.coerce
    .number({ error: "must be a whole number of seconds" })
    .int("must be a whole number of seconds")
    .min(0, "must be a whole number of seconds")
    .max(60, "must be at most 60 seconds")
    .default(5),
  /**
   * Failed sign-ins allowed in 15 minutes (areas/auth/login-limits.ts): per client address
   * (counted apart for adults, students' lookups of a teacher's username, and each class), per
   * account from one address, per account from all addresses together (higher, so a stranger
   * cannot lock someone out), and wrong student passwords per class from all addresses together
   * (low, as it bounds guessing a child's generated password: roster.ts `easyPassword`).
   */
  LOGIN_LIMIT_PER_IP: positiveInt.default(50),
  LOGIN_LIMIT_PER_ACCOUNT_AND_IP: positiveInt.default(10),
  LOGIN_LIMIT_PER_ACCOUNT: positiveInt.default(100),
  LOGIN_LIMIT_PER_CLASS: positiveInt.default(40),
  /**
   * Work the job queues (mail, session clean-up) inside the server; false when `npm run worker`
   * processes work them (PostgreSQL only) and the server only queues jobs.
   */
  JOBS_IN_PROCESS: z
    .enum(["true", "false"])
    .default("true")
    .transform((v) => v === "true"),
  /**
   * Lesson tracks missing from storage (a fresh DATA_DIR): `all` makes them all in the
   * background after start and any one at once when it is asked for; `on-request` only the
   * ones asked for (journeys, which should not share the cores with making all of them);
   * `off` none.
   */
  LESSON_TRACKS: z.enum(["all", "on-request", "off"]).default("all"),
  /**
   * The tutorial videos, recorded from the product in Chromium (areas/help/tutorial-videos.ts):
   * `all` records the missing ones in the background after start, `on-request` one when its
   * popup asks, `off` none (tests and journeys). The tutor story videos likewise: `all` makes
   * the missing ones after start and when the list is asked for, `on-request` only then.
   */
  TUTORIAL_VIDEOS: z.enum(["all", "on-request", "off"]).default("all"),
  TUTOR_VIDEOS: z.enum(["all", "on-request", "off"]).default("all"),
  /**
   * The demo world's fluency recordings: `on` makes their synthetic readings in the background
   * after start (after the lesson tracks) and hands them to processing; `off` leaves them
   * queued (tests and journeys, which should not share the cores with making them).
   */
  DEMO_RECORDINGS: z.enum(["on", "off"]).default("on"),
  /**
   * The demo world (a district, classes, readings, and demo logins whose passwords the README
   * prints) made in an empty database at start: `on` by default, `off` by default when NODE_ENV
   * is production, where a real district's database must never hold accounts anyone can sign
   * in to (`npm run staff:add` makes the first account instead). The lesson catalog is made
   * either way.
   */
  DEMO_WORLD: z.enum(["on", "off"]).optional(),
  /**
   * The CPU and I/O priority of the programs the server and worker start (ffmpeg, espeak-ng,
   * the recogniser; adapters/helper-process.ts): `low` (nice 19, idle I/O) lets every request
   * go first; `normal` runs them at the server's own, for machines whose every core is busy
   * with other work the whole time (the tests), where `low` would leave them next to nothing.
   */
  HELPER_PRIORITY: z.enum(["low", "normal"]).default("low"),
  /**
   * The speech recogniser that suggests a reading's scoring to its teacher (issue 20,
   * adapters/asr): `auto` uses pocketsphinx where Debian's packages are installed and none
   * otherwise, `pocketsphinx` insists on it, `none` suggests nothing.
   */
  ASR_PROVIDER: z.enum(["auto", "pocketsphinx", "none"]).default("auto"),
  /**
   * Where recordings' media live: `local` under DATA_DIR/media; `s3` in an S3-compatible bucket,
   * which every app server and worker sees (adapters/s3-storage.ts, docs/decisions/0016).
   */
  MEDIA_STORE: z.enum(["local", "s3"]).default("local"),
  S3_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().min(1).default("us-east-1"),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, "must be a bucket name (3-63 characters)")
    .optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: z
    .enum(["true", "false"])
    .default("false")
    .transform((v) => v === "true"),
  /** A folder of the bucket the media keep to, so one bucket can serve several deployments. */
  S3_PREFIX: z.string().optional(),
  /** Where visitors schedule a call; the contact page when unset. */
  BOOKING_URL: z.url().optional(),
  /** Who hears of new leads, and the sales address the pricing pages show. */
  SALES_EMAIL: z
    .string()
    .regex(EMAIL_PATTERN, "must be an e-mail address")
    .default("sales@refrain.example.com"),
  /** Where families and schools write about their data; the privacy policy (/privacy) shows it. */
  PRIVACY_EMAIL: z
    .string()
    .regex(EMAIL_PATTERN, "must be an e-mail address")
    .default("privacy@refrain.example.com"),
  /** Submissions of each public form allowed per client address per hour. */
  LEAD_LIMIT_PER_IP: positiveInt.default(10),
  /** E-mails the public forms may send one typed address per hour, whoever asks. */
  LEAD_MAILS_PER_RECIPIENT: positiveInt.default(5),
  /**
   * Days a link a teacher e-mails a family to watch a reading stays open (unless revoked): at
   * most a school year, so a forgotten link does not show a child's reading for ever.
   */
  SHARE_LINK_DAYS: positiveInt
    .max(365, "must be a positive whole number of days, at most 365")
    .default(SHARE_LINK_DAYS_DEFAULT),
  /**
   * Hours a finished student export (issue 19) can be downloaded, once; then its file is removed.
   * At most two days: the ZIP holds a child's recordings and everything else about them.
   */
  EXPORT_LINK_HOURS: positiveInt
    .max(48, "must be a positive whole number of hours, at most 48")
    .default(EXPORT_LINK_HOURS_DEFAULT),
  /** Quote prices in cents: a school seat (one student, a year), a homeschool student. */
  PRICE_SCHOOL_SEAT_CENTS: positiveInt.default(1200),
  PRICE_HOMESCHOOL_STUDENT_CENTS: positiveInt.default(4900),
  /** Days of the free trial every sign-up starts (classroom spec §1, issue 17). */
  TRIAL_DAYS: positiveInt
    .max(365, "must be a positive whole number of days, at most 365")
    .default(30),
  /**
   * Subscription prices in cents, what one bill costs: the server charges these, never what a
   * page sends. Annual plans cost less than twelve months.
   */
  PRICE_TEACHER_MONTHLY_CENTS: positiveInt.default(1299),
  PRICE_TEACHER_ANNUAL_CENTS: positiveInt.default(9900),
  PRICE_PARENT_MONTHLY_CENTS: positiveInt.default(999),
  PRICE_PARENT_ANNUAL_CENTS: positiveInt.default(7900),
  /**
   * Stripe, all three keys or none: without them the sandbox provider sells in our own tables
   * (areas/account/billing/sandbox.ts). The secret key calls Stripe's API, the publishable key
   * goes to the browser's card form, and the webhook secret checks the signature of the events
   * Stripe posts to /billing/webhook/stripe. None of them is ever logged or shown.
   */
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_\w+$/, "must be a Stripe secret key (sk_test_… or sk_live_…)")
    .optional(),
  STRIPE_PUBLISHABLE_KEY: z
    .string()
    .regex(/^pk_(test|live)_\w+$/, "must be a Stripe publishable key (pk_test_… or pk_live_…)")
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_\w+$/, "must be a Stripe webhook signing secret (whsec_…)")
    .optional(),
  /**
   * Where Stripe's API is, when not at https://api.stripe.com: the tests' local peer
   * (apps/server/test/stripe-peer.ts).
   */
  STRIPE_API_URL: z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }).optional(),
  /** Volume seat prices, "fromSeats:cents" pairs: 250 seats or more cost 1000 cents each, … */
  PRICE_VOLUME_TIERS: z
    .string()
    .regex(/^\d+:\d+(,\d+:\d+)*$/, 'must look like "250:1000,1000:800"')
    .default("250:1000,1000:800")
    .transform((value) =>
      value.split(",").map((pair) => {
        const [minSeats, seatCents] = pair.split(":").map(Number);
        return { minSeats: minSeats ?? 0, seatCents: seatCents ?? 0 };
      }),
    ),
  /**
   * When the weekly progress report goes to parents (cron, UTC): Fridays at 15:00, morning in
   * the Americas, once the week's school days are done. Browser journeys set "* * * * *" so a
   * journey receives a real report within a minute; the job sends each student's week once, so
   * the extra runs send nothing.
   */
  WEEKLY_REPORT_CRON: z
    .string()
    .trim()
    .regex(/^\S+( +\S+){4}$/, 'must be a cron expression of five fields, e.g. "0 15 * * 5"')
    .default("0 15 * * 5"),
  /**
   * How long recordings' media is kept (issue 19): "school-year" keeps it to the end of the
   * school year it was made in (30 June) plus RECORDING_RETENTION_GRACE_DAYS; a number keeps it
   * that many days after it was made, 0 only until it is graded. A district may shorten it.
   * The daily "privacy-retention" job removes the media; the rows and their grades stay.
   */
  RECORDING_RETENTION: z
    .union(
      [
        z.literal("school-year").transform(() => null),
        z.coerce.number().int().min(RETENTION_LIMITS.minDays).max(RETENTION_LIMITS.maxDays),
      ],
      {
        error: `must be "school-year" or a whole number of days from ${RETENTION_LIMITS.minDays} to ${RETENTION_LIMITS.maxDays}`,
      },
    )
    // Parsed like a value set, so the default also comes out as null (the school-year rule).
    .prefault("school-year"),
  RECORDING_RETENTION_GRACE_DAYS: z.coerce
    .number({ error: "must be a whole number of days from 0 to 365" })
    .int("must be a whole number of days from 0 to 365")
    .min(0, "must be a whole number of days from 0 to 365")
    .max(365, "must be a whole number of days from 0 to 365")
    .default(RETENTION_DEFAULTS.graceDays),
  /** Days the mail outbox keeps a message (and its attachments) before the retention job. */
  OUTBOX_RETENTION_DAYS: positiveInt
    .max(3650, "must be a positive whole number of days, at most 3650")
    .default(RETENTION_DEFAULTS.outboxDays),
  /** When the daily retention job runs (cron, UTC): 03:15, night in the Americas and Europe. */
  RETENTION_CRON: z
    .string()
    .trim()
    .regex(/^\S+( +\S+){4}$/, 'must be a cron expression of five fields, e.g. "15 3 * * *"')
    .default("15 3 * * *"),
  /** Where the built web app lives; the server serves it when it exists. */
  WEB_DIST: z.string().optional(),
  /** Single sign-on providers (JSON array); none by default. */
  OIDC_PROVIDERS: oidcProvidersSetting.default([]),
});

export type Env = z.input<typeof schema>;
export type Config = Omit<z.output<typeof schema>, "APP_SECRET" | "PUBLIC_URL" | "DEMO_WORLD"> & {
  APP_SECRET: string;
  DEMO_WORLD: "on" | "off";
  PUBLIC_URL: string;
  /** Whether PUBLIC_URL was set, rather than the http://localhost:PORT default. */
  publicUrlConfigured: boolean;
};

export class ConfigError extends Error {}

/** Parses the environment. Blank variables count as unset. */
export function parseConfig(env: Record<string, string | undefined>) {
  const present = Object.fromEntries(
    Object.entries(env).filter(([, v]) => v !== undefined && v !== ""),
  );
  const parsed = schema.safeParse(present);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue?.path[0] ?? "configuration");
    const shown =
      name === "APP_SECRET" ||
      name === "DATABASE_URL" ||
      name === "SMTP_URL" ||
      name === "OIDC_PROVIDERS" ||
      name === "S3_ACCESS_KEY_ID" ||
      name === "S3_SECRET_ACCESS_KEY" ||
      name === "DKIM_PRIVATE_KEY" ||
      name === "METRICS_TOKEN" ||
      name.startsWith("STRIPE_")
        ? ""
        : ` (got "${present[name]}")`;
    throw new ConfigError(
      `Invalid configuration: ${name} ${issue?.message ?? "is invalid"}${shown}`,
    );
  }
  // Sign-in links, reset links and login cards are e-mailed and never stored (adapters/mail.ts):
  // without a mail server they would reach nobody but a development console.
  if (parsed.data.NODE_ENV === "production" && !parsed.data.SMTP_URL)
    throw new ConfigError(
      "Invalid configuration: SMTP_URL must be set when NODE_ENV is production (sign-in links, password resets and login cards are e-mailed)",
    );
  // The same links carry PUBLIC_URL: the http://localhost default would send people nowhere.
  if (parsed.data.NODE_ENV === "production" && !parsed.data.PUBLIC_URL)
    throw new ConfigError(
      "Invalid configuration: PUBLIC_URL must be set when NODE_ENV is production (e-mailed links point there)",
    );
  // Jobs (mail among them) run in the server or in `npm run worker` processes, which need
  // PostgreSQL: on PGlite, turning them off in the server would leave them to nobody.
  if (!parsed.data.JOBS_IN_PROCESS && !parsed.data.DATABASE_URL)
    throw new ConfigError(
      "Invalid configuration: JOBS_IN_PROCESS=false needs DATABASE_URL (only PostgreSQL lets `npm run worker` processes run the jobs)",
    );
  // In production, servers that leave their jobs to workers run on machines of their own: each
  // would make a secret in its own data directory, and mail one sealed another could not open.
  // (On one machine, sharing DATA_DIR shares its secret file: benches and tests do that.)
  if (
    parsed.data.NODE_ENV === "production" &&
    !parsed.data.JOBS_IN_PROCESS &&
    !parsed.data.APP_SECRET
  )
    throw new ConfigError(
      "Invalid configuration: JOBS_IN_PROCESS=false needs APP_SECRET in production (every server and worker must share one secret)",
    );
  // Half a DKIM setting would send unsigned mail while the operator believes it signed.
  const dkim = [parsed.data.DKIM_DOMAIN, parsed.data.DKIM_SELECTOR, parsed.data.DKIM_PRIVATE_KEY];
  if (dkim.some(Boolean) && !dkim.every(Boolean))
    throw new ConfigError(
      "Invalid configuration: DKIM_DOMAIN, DKIM_SELECTOR and DKIM_PRIVATE_KEY must be set together",
    );
  // Half a Stripe setting would take cards it cannot charge, or never hear of renewals.
  const stripe = [
    parsed.data.STRIPE_SECRET_KEY,
    parsed.data.STRIPE_PUBLISHABLE_KEY,
    parsed.data.STRIPE_WEBHOOK_SECRET,
  ];
  if (stripe.some(Boolean) && !stripe.every(Boolean))
    throw new ConfigError(
      "Invalid configuration: STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET must be set together",
    );
  // A test key with a live key (or the reverse) would show one account's card form and bill another.
  if (
    parsed.data.STRIPE_SECRET_KEY &&
    parsed.data.STRIPE_PUBLISHABLE_KEY &&
    parsed.data.STRIPE_SECRET_KEY.includes("_live_") !==
      parsed.data.STRIPE_PUBLISHABLE_KEY.includes("_live_")
  )
    throw new ConfigError(
      "Invalid configuration: STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY must both be test keys or both live keys",
    );
  // A bucket store without its bucket or keys would fail on the first recording, not at start.
  if (parsed.data.MEDIA_STORE === "s3")
    for (const name of ["S3_BUCKET", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const)
      if (!parsed.data[name])
        throw new ConfigError(`Invalid configuration: ${name} must be set when MEDIA_STORE is s3`);
  return parsed.data;
}

/**
 * The full configuration, creating the data directory and, on first start, a random
 * APP_SECRET kept in it (mode 0600) so sessions survive restarts without anyone
 * committing a secret.
 */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = parseConfig(env);
  const dataDir = resolve(parsed.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  let secret = parsed.APP_SECRET;
  if (!secret) {
    const file = join(dataDir, "app-secret");
    if (!existsSync(file)) {
      writeFileSync(file, randomBytes(32).toString("base64url"), { mode: 0o600 });
      chmodSync(file, 0o600);
    }
    secret = readFileSync(file, "utf8").trim();
    if (secret.length < 32)
      throw new ConfigError(
        `Invalid configuration: ${file} holds a secret shorter than 32 characters`,
      );
  }
  return {
    ...parsed,
    DEMO_WORLD: parsed.DEMO_WORLD ?? (parsed.NODE_ENV === "production" ? "off" : "on"),
    DATA_DIR: dataDir,
    APP_SECRET: secret,
    PUBLIC_URL: (parsed.PUBLIC_URL ?? `http://localhost:${parsed.PORT}`).replace(/\/$/, ""),
    publicUrlConfigured: parsed.PUBLIC_URL !== undefined,
  };
}

/** The DKIM key mail is signed with, when configured. */
export function dkimKeyOf(
  config: Pick<Config, "DKIM_DOMAIN" | "DKIM_SELECTOR" | "DKIM_PRIVATE_KEY">,
) {
  const { DKIM_DOMAIN, DKIM_SELECTOR, DKIM_PRIVATE_KEY } = config;
  return DKIM_DOMAIN && DKIM_SELECTOR && DKIM_PRIVATE_KEY
    ? { domainName: DKIM_DOMAIN, keySelector: DKIM_SELECTOR, privateKey: DKIM_PRIVATE_KEY }
    : undefined;
}

/** The Stripe settings when all three keys are set (parseConfig refuses fewer), else null. */
export function stripeSettingsOf(
  config: Pick<
    Config,
    "STRIPE_SECRET_KEY" | "STRIPE_PUBLISHABLE_KEY" | "STRIPE_WEBHOOK_SECRET" | "STRIPE_API_URL"
  >,
) {
  const { STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET } = config;
  if (!STRIPE_SECRET_KEY || !STRIPE_PUBLISHABLE_KEY || !STRIPE_WEBHOOK_SECRET) return null;
  return {
    secretKey: STRIPE_SECRET_KEY,
    publishableKey: STRIPE_PUBLISHABLE_KEY,
    webhookSecret: STRIPE_WEBHOOK_SECRET,
    apiUrl: config.STRIPE_API_URL,
  };
}
