import type { Role } from "@refrain/domain";
import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyPluginAsync,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Mailer } from "../adapters/mail.ts";
import type { Storage } from "../adapters/storage.ts";
import type { Config } from "../config.ts";
import type { Db } from "../db/client.ts";
import type { BackgroundWork } from "../plugins/background.ts";
import type { SessionStore } from "../plugins/session.ts";
import type { Jobs } from "./jobs.ts";
import type { LessonTrackStore } from "./lesson-track-store.ts";
import type { RateLimiter } from "./limits.ts";
import type { StudentPasswordBox } from "./passwords.ts";
import type { PaymentProvider } from "./payment-provider.ts";

export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** What app.ts builds once, at boot, for the areas to draw on. */
export interface AppServices {
  db: Db;
  config: Config;
  sessions: SessionStore;
  limiter: RateLimiter;
  passwordBox: StudentPasswordBox;
  storage: Storage;
  /** Recordings' media (DATA_DIR/media or a bucket): large files, streamed, never read whole. */
  media: Storage;
  mailer: Mailer;
  /** Work started after an answer (e-mails): see plugins/background.ts. */
  background: BackgroundWork;
  /** The job queue: `jobs.send(queue, data)` hands work to a named queue (jobs/index.ts). */
  jobs: Jobs;
  /** The lessons' read-along tracks in storage; `npm start` makes the missing ones. */
  lessonTracks: LessonTrackStore;
  /** The payment provider (areas/account/billing): the sandbox unless Stripe is configured. */
  payments: PaymentProvider;
  /** The time billing goes by; tests move it forward. */
  now: () => Date;
  /** Set when a shutdown begins: readiness turns false before the server stops (main.ts). */
  lifecycle: Lifecycle;
}

export interface Lifecycle {
  draining: boolean;
}

/** What an area's routes receive: the services, and `app`, the area's own Fastify instance. */
export interface AppContext extends AppServices {
  app: App;
}

/** An area as app.ts registers it: a Fastify plugin given the services as its options. */
export type Area = FastifyPluginAsync<AppServices, RawServerDefault, ZodTypeProvider>;

/**
 * One area of the API as a Fastify plugin. `register` names the services it uses by
 * destructuring its argument, so an area's dependencies read off its first line.
 * The plugin is encapsulated: it inherits the hooks, decorators and error handler that
 * app.ts adds before registering it (session, guards' `request.auth`, security headers,
 * error mapping), and nothing it adds leaks into another area.
 */
export function area(name: string, register: (context: AppContext) => void): Area {
  const plugin: Area = async (app, services) => register({ ...services, app });
  // Fastify names the plugin by this in its errors and boot timeouts.
  Object.assign(plugin, { [Symbol.for("fastify.display-name")]: name });
  return plugin;
}

/** The signed-in person as every guard and service sees them. */
export interface AuthUser {
  id: number;
  role: Role;
  username: string;
  firstName: string;
  lastName: string;
  schoolId: number | null;
  /** The user's own district, or their school's. */
  districtId: number | null;
  teacherId: number | null;
}

export interface Auth {
  sessionId: string;
  user: AuthUser;
  /** The admin acting as `user`, while impersonating. */
  impersonator: AuthUser | null;
}
