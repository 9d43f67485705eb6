import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestContext } from "../../test/build-test-app.ts";

/** A built web app as Vite leaves it: index.html, and each asset with its .br and .gz. */
function fakeWebBuild() {
  const dist = mkdtempSync(join(tmpdir(), "refrain-web-"));
  mkdirSync(join(dist, "assets"));
  writeFileSync(
    join(dist, "index.html"),
    '<!doctype html><html><head><!--csrf--><script type="module" src="/assets/app-1a2b.js"></script></head><body><div id="app"></div></body></html>',
  );
  const script = Buffer.from(`console.log(${JSON.stringify("refrain ".repeat(200))});`);
  writeFileSync(join(dist, "assets", "app-1a2b.js"), script);
  writeFileSync(join(dist, "assets", "app-1a2b.js.br"), brotliCompressSync(script));
  writeFileSync(join(dist, "assets", "app-1a2b.js.gz"), gzipSync(script));
  return { dist, script };
}

const web = fakeWebBuild();
let ctx: TestContext;
let https: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp({ WEB_DIST: web.dist });
  https = await buildTestApp({ WEB_DIST: web.dist, PUBLIC_URL: "https://refrain.example.org" });
});
afterAll(async () => {
  await ctx.close();
  await https.close();
});

const page = (url = "/login", accept = "text/html,application/xhtml+xml") =>
  ctx.app.inject({ method: "GET", url, headers: { accept } });

/** The headers every answer carries, whatever it is. */
function expectCommonHeaders(headers: Record<string, unknown>) {
  const policy = String(headers["content-security-policy"]);
  expect(policy).toContain("frame-ancestors 'none'");
  // Only this origin: no scheme, host or wildcard source anywhere in the policy.
  expect(policy).not.toMatch(/https?:|\*|wss?:/);
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["referrer-policy"]).toBe("same-origin");
}

describe("security headers", () => {
  it("gives the page a policy whose style nonce is the one in its meta tag", async () => {
    const reply = await page();
    expect(reply.statusCode).toBe(200);
    expectCommonHeaders(reply.headers);
    const nonce = reply.body.match(/<meta name="csp-nonce" content="([\w+/=]{20,})">/)?.[1];
    expect(nonce).toBeDefined();
    const policy = String(reply.headers["content-security-policy"]);
    expect(policy).toContain(`style-src 'self' 'nonce-${nonce}'`);
    expect(policy).toContain("script-src 'self';");
    expect(policy).not.toContain("unsafe");
    expect(reply.headers["cache-control"]).toBe("no-store");
    // Without https there is nothing to pin the browser to.
    expect(reply.headers["strict-transport-security"]).toBeUndefined();
  });

  it("uses a new nonce for every page", async () => {
    const [first, second] = await Promise.all([page(), page()]);
    const nonceOf = (body: string) => body.match(/csp-nonce" content="([^"]+)"/)?.[1];
    expect(nonceOf(first.body)).not.toBe(nonceOf(second.body));
  });

  it("keeps signed-in JSON out of every cache and lets it load nothing", async () => {
    const user = await ctx.factories.user({ role: "teacher" });
    const client = ctx.client();
    await client.signIn(user);
    const reply = await client.get("/auth/session");
    expect(reply.status).toBe(200);
    expect(reply.body.user.username).toBe(user.username);
    expectCommonHeaders(reply.headers);
    expect(reply.headers["cache-control"]).toBe("no-store");
    expect(reply.headers["content-security-policy"]).toContain("default-src 'none'");
  });

  it("puts them on assets and on a 404", async () => {
    const asset = await ctx.app.inject({ method: "GET", url: "/assets/app-1a2b.js" });
    expect(asset.statusCode).toBe(200);
    expectCommonHeaders(asset.headers);
    expect(asset.headers["cache-control"]).toContain("immutable");

    const missing = await ctx.client().get("/no/such/call");
    expect(missing.status).toBe(404);
    expectCommonHeaders(missing.headers);
    expect(missing.headers["cache-control"]).toBe("no-store");
  });

  it("relaxes styles and images for Swagger UI under /api/docs only", async () => {
    const docs = await ctx.app.inject({ method: "GET", url: "/api/docs" });
    expect(docs.statusCode).toBe(200);
    expectCommonHeaders(docs.headers);
    expect(docs.headers["content-security-policy"]).toContain("style-src 'self' 'unsafe-inline'");
    expect((await page()).headers["content-security-policy"]).not.toContain("unsafe-inline");
  });

  it("pins https with HSTS when PUBLIC_URL is https", async () => {
    const pageReply = await https.app.inject({
      method: "GET",
      url: "/login",
      headers: { accept: "text/html" },
    });
    const apiReply = await https.client().get("/auth/session");
    for (const headers of [pageReply.headers, apiReply.headers]) {
      expect(headers["strict-transport-security"]).toBe("max-age=31536000");
      expectCommonHeaders(headers);
    }
  });
});

describe("compressed assets", () => {
  const asset = (acceptEncoding?: string) =>
    ctx.app.inject({
      method: "GET",
      url: "/assets/app-1a2b.js",
      headers: acceptEncoding ? { "accept-encoding": acceptEncoding } : {},
    });

  it("sends the brotli file to a browser that takes it", async () => {
    const reply = await asset("gzip, deflate, br");
    expect(reply.headers["content-encoding"]).toBe("br");
    expect(reply.headers["content-type"]).toContain("javascript");
    expect(reply.headers.vary).toContain("accept-encoding");
    expect(reply.rawPayload.length).toBeLessThan(web.script.length / 5);
  });

  it("sends gzip to a client without brotli, and the plain file to one without either", async () => {
    const gzip = await asset("gzip");
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    const plain = await asset();
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers.vary).toContain("accept-encoding");
    expect(plain.rawPayload.equals(web.script)).toBe(true);
  });
});

describe("what asks for anything", () => {
  it("gets the page at the site's address (curl, link previews, uptime checks)", async () => {
    for (const accept of ["*/*", ""]) {
      const reply = await page("/", accept);
      expect(reply.statusCode).toBe(200);
      expect(reply.headers["content-type"]).toContain("text/html");
      expect(reply.body).toContain('<div id="app">');
    }
    const head = await ctx.app.inject({ method: "HEAD", url: "/", headers: { accept: "*/*" } });
    expect(head.statusCode).toBe(200);
    expect(head.headers["content-type"]).toContain("text/html");
  });

  it("gets the API elsewhere: a mistyped call is still a 404 in JSON", async () => {
    const reply = await page("/no/such/call", "*/*");
    expect(reply.statusCode).toBe(404);
    expect(reply.json()).toEqual({ success: false, message: "Not found" });
    const json = await page("/", "application/json");
    expect(json.statusCode).toBe(404);
  });
});
