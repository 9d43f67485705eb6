import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildSecondApp, type Reply, TEST_PASSWORD } from "../../test/build-test-app.ts";
import { testAppForFile, withTestApp } from "../../test/own-app.ts";
import { issueToken } from "../areas/auth/index.ts";
import { users } from "../db/schema/index.ts";
import { freePort } from "../free-port.ts";

/**
 * A found session is kept in memory for a few seconds (session-cache.ts). Each revocation must
 * take effect on the very next request, in the server that revoked it and in another server on
 * the same database, which hears of it through the database's notices. Both servers listen on
 * real ports: a request reaches them as a browser's would.
 */
const ctx = testAppForFile();
let one: string;

beforeAll(async () => {
  one = await ctx.app.listen({ port: 0, host: "127.0.0.1" });
});

interface OtherServer {
  url: string;
  stop(): Promise<void>;
}

/** A second app in this process: its own connections, listener and cache (buildSecondApp). */
async function otherApp(): Promise<
  OtherServer & {
    /** Resolves once the other server has heard the notices committed before the call. */
    settled(): Promise<void>;
  }
> {
  const second = await buildSecondApp(ctx);
  return {
    url: await second.app.listen({ port: 0, host: "127.0.0.1" }),
    settled: () => second.app.sessionsSettled(),
    stop: () => second.close(),
  };
}

/**
 * The real server (main.ts) as a process of its own on this test's PostgreSQL database, as
 * production runs several.
 */
async function otherProcess(): Promise<OtherServer> {
  const { connection } = ctx.database;
  if (!("url" in connection)) throw new Error("a second process needs PostgreSQL");
  const port = await freePort();
  const child = spawn(process.execPath, ["apps/server/src/main.ts"], {
    cwd: new URL("../../../..", import.meta.url).pathname,
    env: {
      ...process.env,
      NODE_ENV: "test",
      DATABASE_URL: connection.url,
      DATA_DIR: mkdtempSync(join(tmpdir(), "refrain-second-")),
      APP_SECRET: ctx.config.APP_SECRET,
      HOST: "127.0.0.1",
      PORT: String(port),
      LOG_LEVEL: "warn",
      LESSON_TRACKS: "off",
      JOBS_IN_PROCESS: "false",
      WEB_DIST: join(tmpdir(), "refrain-no-web-build"),
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  await new Promise<void>((resolve, reject) => {
    let output = "";
    child.stdout?.on("data", (chunk) => {
      output += chunk;
      if (output.includes("Refrain is running")) resolve();
    });
    child.once("exit", (code) => reject(new Error(`the second server exited with ${code}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    stop: async () => {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    },
  };
}

// The second process runs in CI's PostgreSQL run: PGlite's files take one process at a time.
const OTHER_SERVERS = [
  { name: "another app in this process", start: otherApp },
  ...(process.env.TEST_DATABASE_URL
    ? [{ name: "another server process", start: otherProcess }]
    : []),
];
let other = "";

/** A browser tab: its cookies and CSRF token, sent to whichever server it is given. */
class Tab {
  cookies = new Map<string, string>();
  csrf = "";

  /** Another tab of the same browser, or a copy of a stolen cookie: it keeps the old session. */
  copy(): Tab {
    const tab = new Tab();
    tab.cookies = new Map(this.cookies);
    tab.csrf = this.csrf;
    return tab;
  }

  async call(
    server: string,
    method: "GET" | "POST",
    path: string,
    body?: unknown,
  ): Promise<Pick<Reply, "status" | "body">> {
    const reply = await fetch(server + path, {
      method,
      headers: {
        cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; "),
        "x-requested-with": "XMLHttpRequest",
        "x-csrf-token": this.csrf,
        ...(body !== undefined && { "content-type": "application/json" }),
      },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
    for (const line of reply.headers.getSetCookie()) {
      const [pair = "", ...attributes] = line.split(";");
      const [name = "", value = ""] = pair.split("=");
      const expired = attributes.some((a) => /expires=Thu, 01 Jan 1970/i.test(a));
      if (value === "" || expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const token = reply.headers.get("x-csrf-token");
    if (token) this.csrf = token;
    return { status: reply.status, body: await reply.json() };
  }

  /** Who the server says is signed in, or null. */
  async user(server: string) {
    const reply = await this.call(server, "GET", "/auth/session");
    this.csrf = reply.body.csrfToken;
    return reply.body.user as {
      id: number;
      firstName: string;
      schoolId: number | null;
      role: string;
    } | null;
  }

  /** A new tab, signed in as the adult `username`. */
  static async signedIn(username: string) {
    const tab = new Tab();
    await tab.signIn(username);
    return tab;
  }

  async signIn(username: string, password = TEST_PASSWORD) {
    await this.user(one);
    const reply = await this.call(one, "POST", "/login", { login: username, password });
    expect(reply.status).toBe(200);
  }
}

/**
 * Who each server says the tab's session is, this one's first. Each asks with its own copy of
 * the tab: a server that finds the session ended clears the cookie, and the other must still
 * be sent it.
 */
async function onBoth(tab: Tab) {
  return [await tab.copy().user(one), await tab.copy().user(other)];
}

/**
 * What each server says of the tab's session, `pick`ed, equals `expected`: this one at once, the
 * other within `OTHER_HEARS_MS`. Another server hears a revocation by the database's notice,
 * sent as this one answers; a separate process is scheduled on its own and on a loaded machine
 * may read it a moment after the next request arrives. The bound stays well under the cache's
 * TTL (5 s), so a notice that never came still fails.
 */
const OTHER_HEARS_MS = 2000;
async function expectOnBoth<T>(
  tab: Tab,
  expected: T,
  pick: (user: Awaited<ReturnType<Tab["user"]>>) => unknown = (user) => user,
) {
  expect(pick(await tab.copy().user(one))).toEqual(expected);
  await expect
    .poll(async () => pick(await tab.copy().user(other)), { timeout: OTHER_HEARS_MS, interval: 50 })
    .toEqual(expected);
}

/** The tab is signed in as `id` on both servers, so both have the session in memory. */
async function seenByBoth(tab: Tab, id: number) {
  expect((await onBoth(tab)).map((u) => u?.id)).toEqual([id, id]);
}

async function classroom() {
  const school = await ctx.factories.school();
  const teacher = await ctx.factories.user({ role: "teacher", schoolId: school.id });
  const student = await ctx.factories.user({ role: "student", teacherId: teacher.id });
  return { school, teacher, student };
}

async function studentTab(student: { username: string }, teacher: { username: string }) {
  const tab = new Tab();
  await tab.user(one);
  const reply = await tab.call(one, "POST", "/student/login", {
    step: 3,
    type: "input",
    teacher: teacher.username,
    student: student.username,
    password: TEST_PASSWORD,
  });
  expect(reply.status).toBe(200);
  return tab;
}

/** A student signed in and known to both servers, and a tab of their teacher's. */
async function studentAndTeacherTabs() {
  const { teacher, student } = await classroom();
  const studentAtSchool = await studentTab(student, teacher);
  await seenByBoth(studentAtSchool, student.id);
  return { student, studentAtSchool, teacherTab: await Tab.signedIn(teacher.username) };
}

describe.each(OTHER_SERVERS)(
  "a revoked session is gone on the next request, here and in $name",
  ({ start }) => {
    let server: OtherServer;
    beforeAll(async () => {
      server = await start();
      other = server.url;
    });
    afterAll(() => server.stop());

    it("after signing out", async () => {
      const { teacher } = await classroom();
      const tab = await Tab.signedIn(teacher.username);
      await seenByBoth(tab, teacher.id);
      const stolen = tab.copy();
      expect((await tab.call(one, "POST", "/logout", {})).status).toBe(200);
      await expectOnBoth(stolen, null);
    });

    it("after a new sign-in in the same browser", async () => {
      const { teacher } = await classroom();
      const { teacher: colleague } = await classroom();
      const tab = await Tab.signedIn(teacher.username);
      await seenByBoth(tab, teacher.id);
      const before = tab.copy();
      await tab.signIn(colleague.username);
      await expectOnBoth(before, null);
      await seenByBoth(tab, colleague.id);
    });

    it("after a password reset, every session of the account", async () => {
      const { teacher } = await classroom();
      const tab = await Tab.signedIn(teacher.username);
      await seenByBoth(tab, teacher.id);
      const token = await issueToken(ctx.db, teacher.id, "password_reset");
      const elsewhere = new Tab();
      await elsewhere.user(one);
      const reset = await elsewhere.call(one, "POST", `/password/reset/${token}`, {
        password: "a-new-password-9",
      });
      expect(reset.status).toBe(200);
      await expectOnBoth(tab, null);
    });

    it("after the teacher deletes the student", async () => {
      const { student, studentAtSchool, teacherTab } = await studentAndTeacherTabs();
      const deleted = await teacherTab.call(one, "POST", "/teacher/students", {
        verb: "delete",
        student: { id: student.id },
      });
      expect(deleted.status).toBe(200);
      await expectOnBoth(studentAtSchool, null);
    });

    it("after the teacher changes the student's password and name", async () => {
      const { student, studentAtSchool, teacherTab } = await studentAndTeacherTabs();
      const list = await teacherTab.call(one, "POST", "/teacher/students", { verb: "list" });
      const row = list.body.students.find((s: { id: number }) => s.id === student.id);
      const saved = await teacherTab.call(one, "POST", "/teacher/students", {
        verb: "save",
        student: { ...row, firstname: "Renamed", password: "new-pass-4" },
      });
      expect(saved.status).toBe(200);
      // The session stays (as before the cache); what it carries is read afresh.
      await expectOnBoth(studentAtSchool, "Renamed", (u) => u?.firstName);
    });

    it("after the user's school or role changes", async () => {
      const { teacher } = await classroom();
      const elsewhere = await ctx.factories.school();
      const tab = await Tab.signedIn(teacher.username);
      await seenByBoth(tab, teacher.id);
      // No page moves a teacher yet (the admin issue will): the database's trigger is what tells,
      // and this write is no server's, so the test waits, as a route would, for both to hear it.
      await ctx.db
        .update(users)
        .set({ schoolId: elsewhere.id, role: "school_admin" })
        .where(eq(users.id, teacher.id));
      await ctx.app.sessionsSettled();
      await expectOnBoth(tab, { schoolId: elsewhere.id, role: "school_admin" }, (u) => ({
        schoolId: u?.schoolId,
        role: u?.role,
      }));
    });

    it("when impersonation starts and when it ends", async () => {
      const { school, teacher } = await classroom();
      const admin = await ctx.factories.user({ role: "school_admin", schoolId: school.id });
      const tab = await Tab.signedIn(admin.username);
      await seenByBoth(tab, admin.id);
      const adminSession = tab.copy();
      expect((await tab.call(one, "POST", `/impersonate/take/${teacher.id}`, {})).status).toBe(200);
      await expectOnBoth(adminSession, null);

      await seenByBoth(tab, teacher.id);
      const acting = tab.copy();
      expect((await tab.call(one, "POST", "/impersonate/leave", {})).status).toBe(200);
      await expectOnBoth(acting, null);
      await seenByBoth(tab, admin.id);
    });
  },
);

describe("in the server that revoked it, before the database's notice can arrive", () => {
  // app.inject() makes no network round trip: a request served from the cache gives the notice
  // no chance to be read first, so the server must forget what it revoked itself.
  it("after the teacher renames and then deletes the student", async () => {
    const { teacher, student } = await classroom();
    const studentClient = ctx.client();
    await studentClient.signIn({ ...student, teacherUsername: teacher.username });
    const teacherClient = ctx.client();
    await teacherClient.signIn(teacher);
    const whoIs = async () => (await studentClient.get("/auth/session")).body.user;
    expect((await whoIs()).id).toBe(student.id);

    const list = await teacherClient.post("/teacher/students", { verb: "list" });
    const row = list.body.students.find((s: { id: number }) => s.id === student.id);
    await teacherClient.post("/teacher/students", {
      verb: "save",
      student: { ...row, firstname: "Renamed" },
    });
    expect((await whoIs()).firstName).toBe("Renamed");

    await teacherClient.post("/teacher/students", { verb: "delete", student: { id: student.id } });
    expect(await whoIs()).toBeNull();
  });

  it("after signing out", async () => {
    const { teacher } = await classroom();
    const client = ctx.client();
    await client.signIn(teacher);
    const stolen = new Map(client.cookies);
    expect((await client.post("/logout")).status).toBe(200);
    const thief = ctx.client();
    for (const [name, value] of stolen) thief.cookies.set(name, value);
    expect((await thief.get("/auth/session")).body.user).toBeNull();
  });
});

describe("the session cache", () => {
  it("keeps its sessions when another server waits for its own notice", async () => {
    const server = await otherApp();
    try {
      const teacher = await ctx.factories.user({ role: "teacher" });
      const tab = await Tab.signedIn(teacher.username);
      expect((await tab.copy().user(server.url))?.id).toBe(teacher.id);
      // The row goes without its notice: only the other server's memory still has it.
      await ctx.db.execute(sql`alter table sessions disable trigger sessions_ended`);
      await ctx.db.execute(sql`delete from sessions where user_id = ${teacher.id}`);
      await ctx.db.execute(sql`alter table sessions enable trigger sessions_ended`);
      // This server's marker reaches the other one too, which must not take it for a revocation.
      await ctx.app.sessionsSettled();
      await server.settled();
      expect((await tab.copy().user(server.url))?.id).toBe(teacher.id);
    } finally {
      await server.stop();
    }
  });

  it("serves a found session from memory, and a lost notice no longer than its TTL", async () => {
    await withTestApp({ SESSION_CACHE_SECONDS: "1" }, async (short) => {
      const teacher = await short.factories.user({ role: "teacher" });
      const client = short.client();
      await client.signIn(teacher);
      expect((await client.get("/auth/session")).body.user.id).toBe(teacher.id);
      // The row goes without its notice, as if the listening connection had dropped.
      await short.db.execute(sql`alter table sessions disable trigger sessions_ended`);
      await short.db.execute(sql`delete from sessions`);
      await short.db.execute(sql`alter table sessions enable trigger sessions_ended`);
      expect((await client.get("/auth/session")).body.user?.id).toBe(teacher.id);
      await new Promise((resolve) => setTimeout(resolve, 1100));
      expect((await client.get("/auth/session")).body.user).toBeNull();
    });
  });
});
