import { fileURLToPath } from "node:url";
import fastifyCookie from "@fastify/cookie";
import fastifySwagger from "@fastify/swagger";
import fastifySwaggerUi from "@fastify/swagger-ui";
import Fastify, { type FastifyServerOptions, LogController, type RouteOptions } from "fastify";
import {
  jsonSchemaTransform,
  validatorCompiler,
  type ZodTypeProvider,
} from "fastify-type-provider-zod";
import { createMailer, MailSeal } from "./adapters/mail.ts";
import { fileStore, mediaStore } from "./adapters/storage.ts";
import { accountArea, paymentProviderOf } from "./areas/account/index.ts";
import { adminArea } from "./areas/admin/index.ts";
import { authArea, sessionAnswer } from "./areas/auth/index.ts";
import { familiesArea, unsubscribeArea, weeklyReportArea } from "./areas/families/index.ts";
import { fluencyArea } from "./areas/fluency/index.ts";
import { helpArea, helpMediaArea } from "./areas/help/index.ts";
import { leadsArea } from "./areas/leads/index.ts";
import { learningArea } from "./areas/learning/index.ts";
import { LessonTracks, lessonsArea } from "./areas/lessons/index.ts";
import { eraseOwnAccount, privacyArea } from "./areas/privacy/index.ts";
import {
  reportsClassSummaryArea,
  reportsDetailedArea,
  reportsGraphsArea,
  reportsPdfArea,
} from "./areas/reports/index.ts";
import { rosterArea } from "./areas/roster/index.ts";
import { screeningArea } from "./areas/screening/index.ts";
import { type Config, stripeSettingsOf } from "./config.ts";
import type { AppServices, Lifecycle } from "./core/context.ts";
import type { Jobs } from "./core/jobs.ts";
import { RateLimiter } from "./core/limits.ts";
import { StudentPasswordBox } from "./core/passwords.ts";
import type { PaymentProvider } from "./core/payment-provider.ts";
import type { Db, Listen } from "./db/client.ts";
import { BackgroundWork } from "./plugins/background.ts";
import { registerDraining } from "./plugins/draining.ts";
import { frameworkErrorAnswer, registerErrorHandler } from "./plugins/errors.ts";
import { healthArea } from "./plugins/health.ts";
import { metricsArea, registerRequestMetrics } from "./plugins/metrics.ts";
import { registerRequestLog } from "./plugins/request-log.ts";
import { registerSecurityHeaders } from "./plugins/security-headers.ts";
import { registerSerializers } from "./plugins/serialize.ts";
import { registerSessions } from "./plugins/session.ts";
import { registerSpa } from "./plugins/spa.ts";

/**
 * Every area of the API, registered in this order after the app-wide plugins, whose hooks,
 * decorators and error handler they inherit.
 */
const AREAS = [
  healthArea,
  metricsArea,
  authArea,
  rosterArea,
  familiesArea,
  unsubscribeArea,
  weeklyReportArea,
  lessonsArea,
  learningArea,
  adminArea,
  leadsArea,
  accountArea(eraseOwnAccount),
  fluencyArea,
  reportsGraphsArea,
  reportsDetailedArea,
  reportsPdfArea,
  reportsClassSummaryArea,
  helpArea,
  helpMediaArea,
  privacyArea,
  screeningArea,
];

export interface BuildAppOptions {
  config: Config;
  db: Db;
  /** The job queue (jobs/index.ts), started by the caller, which stops it after the app closes. */
  jobs: Jobs;
  logger?: FastifyServerOptions["logger"];
  /** Told of every route as it is added, plugins' too: tests probe them all. */
  onRoute?: (route: RouteOptions) => void;
  /**
   * The database's notices (Database.listen): how this process hears that another one ended a
   * session. Without it, sessions are cached only as long as SESSION_CACHE_SECONDS allows.
   */
  listen?: Listen;
  /** Lesson tracks that are made when missing (main.ts); otherwise only stored ones are served. */
  lessonTracks?: LessonTracks;
  /**
   * The payment provider; unless one is given, Stripe when its keys are configured, otherwise
   * the sandbox in this database.
   */
  payments?: PaymentProvider;
  /** The billing clock: tests move it to end trials, periods and pauses. */
  now?: () => Date;
  /**
   * Draining for a shutdown (main.ts sets it on SIGTERM): readiness reads it, and answers close
   * their connections (plugins/draining.ts).
   */
  lifecycle?: Lifecycle;
}

const defaultWebDist = fileURLToPath(new URL("../../web/dist", import.meta.url));

/** TRUST_PROXY as Fastify takes it: a hop count, or addresses and CIDR ranges. */
function trustProxySetting(value: string | undefined) {
  if (!value) return false;
  if (!/^\d+$/.test(value)) return value;
  const hops = Number(value);
  return (_address: string, hop: number) => hop < hops;
}

/** The whole HTTP application; it never listens, so tests drive it through `inject`. */
export async function buildApp({
  config,
  db,
  jobs,
  logger = false,
  onRoute,
  lessonTracks,
  listen,
  payments,
  now = () => new Date(),
  lifecycle = { draining: false },
}: BuildAppOptions) {
  const app = Fastify({
    logger,
    trustProxy: trustProxySetting(config.TRUST_PROXY),
    bodyLimit: 1024 * 1024,
    genReqId: () => crypto.randomUUID(),
    frameworkErrors: frameworkErrorAnswer,
    // One line per request instead, from plugins/request-log.ts.
    logController: new LogController({ disableRequestLogging: true }),
  }).withTypeProvider<ZodTypeProvider>();
  if (onRoute) app.addHook("onRoute", onRoute);
  app.setValidatorCompiler(validatorCompiler);
  registerSerializers(app, config.NODE_ENV === "test");
  registerErrorHandler(app);
  registerRequestLog(app);
  registerRequestMetrics(app);
  registerDraining(app, lifecycle);
  // Before any plugin, so that Swagger UI's and the static files' answers get the headers too.
  registerSecurityHeaders(app, { publicUrl: config.PUBLIC_URL });

  await app.register(fastifyCookie);
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: "Refrain API",
        version: "1.0.0",
        description: "Reading fluency with song-lyric lessons.",
      },
      components: {
        securitySchemes: {
          session: { type: "apiKey", in: "cookie", name: "refrain_session" },
          csrf: { type: "apiKey", in: "header", name: "X-CSRF-Token" },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: "/api/docs" });

  const sessions = registerSessions(app, { db, config, listen });
  await registerSpa(app, {
    webDist: config.WEB_DIST ?? defaultWebDist,
    sessionOf: (request, reply) => sessionAnswer(db, sessions, request, reply),
    // Stripe.js runs on the adult billing pages only when Stripe sells (payments.ts).
    stripe: stripeSettingsOf(config) !== null,
  });

  const storage = fileStore(config);
  const background = new BackgroundWork();
  app.decorate("whenIdle", async () => {
    await background.idle();
    await jobs.idle();
  });
  // Closing lets the e-mails already promised reach the job queue first.
  app.addHook("onClose", () => background.idle());
  const services: AppServices = {
    db,
    config,
    sessions,
    limiter: new RateLimiter(db, config),
    passwordBox: new StudentPasswordBox(config.APP_SECRET),
    storage,
    media: mediaStore(config),
    mailer: createMailer({
      db,
      storage,
      // With a mail server, messages go out through the "mail" job, which retries (jobs/index.ts).
      outbound: config.SMTP_URL
        ? { seal: new MailSeal(config.APP_SECRET), enqueue: (job) => jobs.send("mail", job) }
        : undefined,
      // Without a mail server, whoever runs a development server reads sign-in links here;
      // production refuses to start without SMTP_URL (config.ts).
      devConsole:
        config.NODE_ENV === "development" ? (block) => process.stderr.write(block) : undefined,
    }),
    background,
    jobs,
    lessonTracks: lessonTracks ?? new LessonTracks(db, storage, { generate: false }),
    // Stripe when its keys are configured, otherwise the sandbox in this database.
    payments: payments ?? paymentProviderOf(config, db, now),
    now,
    lifecycle,
  };
  for (const area of AREAS) await app.register(area, services);

  await app.ready();
  return app;
}
