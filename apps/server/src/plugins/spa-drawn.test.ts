import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestContext } from "../../test/build-test-app.ts";

/**
 * A web build with the module the server draws pages with (apps/web/src/prerender.tsx builds
 * the real one): its page says what the server answered the call it made from the worker, as
 * the real one shows the sign-on buttons of the server's configuration.
 */
function fakeWebBuild() {
  const dist = mkdtempSync(join(tmpdir(), "refrain-web-"));
  mkdirSync(join(dist, "ssr"), { recursive: true });
  mkdirSync(join(dist, "assets"), { recursive: true });
  writeFileSync(
    join(dist, "index.html"),
    '<!doctype html><html><head><!--csrf--><script type="module" src="/assets/app-1a2b.js"></script><link rel="stylesheet" href="/assets/index-3c4d.css"></head><body><div id="app"></div></body></html>',
  );
  writeFileSync(join(dist, "assets", "page-9z8y.css"), "._card_ab12c_1{color:teal}");
  writeFileSync(join(dist, "assets", "index-3c4d.css"), "body{margin:0}");
  writeFileSync(
    join(dist, "ssr", "prerender.js"),
    `const asApi = { headers: { "x-requested-with": "XMLHttpRequest" } };
    const drawn = (page, text) => page.template
      .replace('<script type="module" src="/assets/app-1a2b.js"></script>', '<script nonce="%NONCE%">boot()</script>' + JSON.stringify(page.stylesheets))
      .replace('<div id="app"></div>', '<div id="app"><style nonce="%NONCE%">p{}</style><p>' + text + '</p></div>');
    export async function prerenderPages(page) {
      const session = await (await fetch("/auth/session", asApi)).json();
      return { "/login": drawn(page, "drawn, signed in: " + String(session.user !== null)) };
    }
    export async function drawPage(page, url, session) {
      if (url === "/fails") throw new Error("a call failed");
      if (url !== "/" || session.user.role !== "student") return null;
      // Asked with the visitor's cookies, as the real module asks for what the page shows.
      const asked = await (await fetch("/auth/session", asApi)).json();
      return drawn(page, "drawn for " + asked.user.username + ", session of " + session.user.username);
    }`,
  );
  return dist;
}

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp({ WEB_DIST: fakeWebBuild() });
  await ctx.app.listen({ port: 0, host: "127.0.0.1" });
  // The server draws the pages once it listens, in a worker.
  for (let tries = 0; !(await page("/login")).body.includes("drawn"); tries++) {
    if (tries > 200) throw new Error("the server did not draw the page");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}, 30_000);
afterAll(() => ctx.close());

const page = (url: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: "GET", url, headers: { accept: "text/html", ...headers } });

const nonceOf = (policy: unknown) => String(policy).match(/style-src 'self' 'nonce-([^']+)'/)?.[1];

describe("a page drawn ahead", () => {
  it("goes to a visitor not signed in, with this answer's nonce on its inline script and styles", async () => {
    const reply = await page("/login");
    const policy = reply.headers["content-security-policy"];
    const nonce = nonceOf(policy);
    expect(nonce).toBeTruthy();
    expect(policy).toContain(`script-src 'self' 'nonce-${nonce}'`);
    expect(reply.body).toContain(`<script nonce="${nonce}">boot()</script>`);
    expect(reply.body).toContain(`<style nonce="${nonce}">`);
    expect(reply.body).not.toContain("%NONCE%");
    // The session and the CSRF token of this visitor, as on every page.
    expect(reply.body).toContain('<script type="application/json" id="session">');
  });

  it("is compressed for a browser that takes brotli", async () => {
    const reply = await page("/login", { "accept-encoding": "gzip, br" });
    expect(reply.headers["content-encoding"]).toBe("br");
    expect(reply.headers.vary).toContain("accept-encoding");
    expect(brotliDecompressSync(reply.rawPayload).toString()).toContain("drawn, signed in: false");
  });

  it("is not sent with a query (the page reads it), nor elsewhere: the app's page is, and no inline script is allowed", async () => {
    for (const url of ["/login?link=expired", "/sign-up"]) {
      const reply = await page(url);
      expect(reply.body).not.toContain("drawn");
      expect(reply.body).toContain('<div id="app"></div>');
      expect(reply.headers["content-security-policy"]).toContain("script-src 'self';");
    }
  });

  it("is not sent to someone signed in, whom the app sends home", async () => {
    const teacher = await ctx.factories.user({ role: "teacher" });
    const client = ctx.client();
    await client.signIn(teacher);
    // A browser's navigation: the client's cookies, without its call marker.
    const cookie = [...client.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
    const reply = await page("/login", { cookie });
    expect(reply.headers["content-security-policy"]).toContain("script-src 'self';");
    const html = reply.body;
    expect(html).toContain('"role":"teacher"');
    expect(html).not.toContain("drawn");
    expect(html).toContain('<div id="app"></div>');
  });
});

describe("a signed-in visitor's page", () => {
  const signedIn = async (role: "student" | "teacher") => {
    const teacher = await ctx.factories.user({ role: "teacher" });
    const user =
      role === "teacher" ? teacher : await ctx.factories.user({ role, teacherId: teacher.id });
    const client = ctx.client();
    await client.signIn({ ...user, teacherUsername: teacher.username });
    // A browser's navigation: the client's cookies, without its call marker.
    return {
      user,
      cookie: [...client.cookies].map(([name, value]) => `${name}=${value}`).join("; "),
    };
  };

  it("is drawn for each student with their own cookies, given the build's stylesheets but the entry's", async () => {
    const [first, second] = [await signedIn("student"), await signedIn("student")];
    for (const { user, cookie } of [first, second, first]) {
      const reply = await page("/", { cookie });
      const nonce = nonceOf(reply.headers["content-security-policy"]);
      expect(reply.headers["content-security-policy"]).toContain(
        `script-src 'self' 'nonce-${nonce}'`,
      );
      expect(reply.body).toContain(`drawn for ${user.username}, session of ${user.username}`);
      expect(reply.body).toContain(`<script nonce="${nonce}">boot()</script>`);
      expect(reply.body).toContain(
        JSON.stringify({ "/assets/page-9z8y.css": "._card_ab12c_1{color:teal}" }),
      );
      expect(reply.headers["cache-control"]).toBe("no-store");
    }
  });

  it("is the app's page where the drawing declines it (another role, another page) or fails", async () => {
    const student = await signedIn("student");
    const teacher = await signedIn("teacher");
    for (const [url, cookie] of [
      ["/", teacher.cookie],
      ["/student/lessons", student.cookie],
      ["/fails", student.cookie],
    ] as const) {
      const reply = await page(url, { cookie });
      expect(reply.statusCode).toBe(200);
      expect(reply.body).not.toContain("drawn");
      expect(reply.body).toContain('<div id="app"></div>');
      expect(reply.headers["content-security-policy"]).toContain("script-src 'self';");
    }
  });
});
