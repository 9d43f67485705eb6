import { describe, expect, it } from "vitest";
import { checkMatrix, type MatrixRoute } from "../test/authorization.ts";
import { appWithRolesForFile } from "../test/own-app.ts";

const { ctx, world } = appWithRolesForFile();

describe("pages and API share paths", () => {
  it("serves the app with the CSRF meta tag to a browser navigation", async () => {
    const reply = await ctx.app.inject({
      method: "GET",
      url: "/teacher/students",
      headers: { accept: "text/html" },
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers["content-type"]).toContain("text/html");
    expect(reply.body).toMatch(/<meta name="csrf-token" content="[\w-]{20,}">/);
    expect(String(reply.headers["set-cookie"])).toMatch(/refrain_csrf=.*HttpOnly/);
  });

  it("carries the session call's answer in the page, so that the app's first render knows who is signed in", async () => {
    const sessionInPage = (html: string) =>
      JSON.parse(
        html.match(/<script type="application\/json" id="session">(.*?)<\/script>/)?.[1] ?? "null",
      );
    const navigate = (client: ReturnType<typeof ctx.client>) =>
      ctx.app.inject({
        method: "GET",
        url: "/",
        headers: {
          accept: "text/html",
          cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join("; "),
        },
      });

    const guest = await navigate(ctx.client());
    const token = guest.body.match(/<meta name="csrf-token" content="([\w-]+)">/)?.[1];
    expect(sessionInPage(guest.body)).toEqual({ user: null, csrfToken: token });

    // A name typed into an account cannot end the data block and start a script of its own.
    const name = "Ann</script><script>alert(1)</script>";
    const teacher = await ctx.factories.user({ role: "teacher", firstName: name });
    const client = ctx.client();
    await client.signIn(teacher);
    const page = await navigate(client);
    expect(page.body).not.toContain("alert(1)</script>");
    const asked = await client.get("/auth/session");
    expect(sessionInPage(page.body)).toEqual(asked.body);
    expect(sessionInPage(page.body).user).toMatchObject({ firstName: name, role: "teacher" });
  });

  it("answers JSON to calls that carry the XMLHttpRequest marker", async () => {
    const reply = await ctx.app.inject({
      method: "GET",
      url: "/auth/session",
      headers: { accept: "text/html", "x-requested-with": "XMLHttpRequest" },
    });
    expect(reply.headers["content-type"]).toContain("application/json");
  });

  it("publishes the OpenAPI document", async () => {
    const reply = await ctx.app.inject({ method: "GET", url: "/api/docs/json" });
    expect(reply.statusCode).toBe(200);
    const doc = reply.json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(["/login", "/student/login", "/impersonate/take/{userid}"]),
    );
  });

  it("reports health with the database", async () => {
    const reply = await ctx.app.inject({ method: "GET", url: "/health" });
    expect(reply.json()).toEqual({ status: "ok", database: "ok" });
  });

  it("answers unknown API paths with 404 JSON", async () => {
    const reply = await ctx.client().get("/no/such/call");
    expect(reply.status).toBe(404);
    expect(reply.body).toEqual({ success: false, message: "Not found" });
  });
});

const routes: [string, MatrixRoute][] = [
  [
    "POST /teacher/students {verb: list}: teachers and parents only",
    {
      method: "POST",
      url: "/teacher/students",
      body: { verb: "list" },
      expect: { anonymous: 401, teacher: 200, parent: 200 },
      otherwise: 403,
    },
  ],
  [
    "GET /school/admin/teachers_json: school admins only",
    {
      method: "GET",
      url: "/school/admin/teachers_json",
      expect: { anonymous: 401, school_admin: 200 },
      otherwise: 403,
    },
  ],
  [
    "GET /district_admin/school_list/{id}: district admins only",
    {
      method: "GET",
      url: (w) => `/district_admin/school_list/${w.district.id}`,
      expect: { anonymous: 401, district_admin: 200 },
      otherwise: 403,
    },
  ],
  [
    "GET /lessons/catalog: every adult",
    {
      method: "GET",
      url: "/lessons/catalog",
      expect: { anonymous: 401, student: 403 },
      otherwise: 200,
    },
  ],
  [
    "GET /learning/home: students only",
    {
      method: "GET",
      url: "/learning/home",
      expect: { anonymous: 401, student: 200 },
      otherwise: 403,
    },
  ],
  [
    "POST /impersonate/take/{id}: admins only",
    {
      method: "POST",
      url: (w) => `/impersonate/take/${w.people.school_admin.id}`,
      expect: { anonymous: 401 },
      otherwise: 403,
    },
  ],
  [
    "POST /impersonate/leave: only while impersonating",
    { method: "POST", url: "/impersonate/leave", expect: { anonymous: 401 }, otherwise: 403 },
  ],
];

describe("authorization matrix", () => {
  it.each(routes)("%s", async (_name, route) => {
    expect(await checkMatrix(world, route)).toEqual([]);
  });
});
