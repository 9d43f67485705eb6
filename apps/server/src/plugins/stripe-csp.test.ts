import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestContext } from "../../test/build-test-app.ts";
import { isBillingPage } from "./spa.ts";

/**
 * Stripe.js loads on the adult billing pages only (issue 17): with Stripe configured, those
 * pages' policy allows Stripe's documented origins; every other page, and every page a student
 * opens, keeps the policy that allows nothing but this origin. Without Stripe, no page allows them.
 */

const STRIPE_ENV = {
  STRIPE_SECRET_KEY: "sk_test_csp",
  STRIPE_PUBLISHABLE_KEY: "pk_test_csp",
  STRIPE_WEBHOOK_SECRET: "whsec_csp",
  // Never called: the pages only name Stripe's origins.
  STRIPE_API_URL: "http://127.0.0.1:9",
};

let stripe: TestContext;
let sandbox: TestContext;
beforeAll(async () => {
  [stripe, sandbox] = await Promise.all([buildTestApp(STRIPE_ENV), buildTestApp()]);
});
afterAll(async () => {
  await stripe?.close();
  await sandbox?.close();
});

const policyOf = async (ctx: TestContext, url: string) => {
  const reply = await ctx.app.inject({
    method: "GET",
    url,
    headers: { accept: "text/html,application/xhtml+xml" },
  });
  expect(reply.statusCode).toBe(200);
  expect(reply.headers["content-type"]).toContain("text/html");
  return String(reply.headers["content-security-policy"]);
};

/** Every page a student reaches, and the adult pages that are not billing. */
const OTHER_PAGES = [
  "/",
  "/student/login",
  "/student/learn/3/read",
  "/student/home",
  "/lessons/3/exam/1",
  "/login",
  "/sign-up",
  "/pricing",
  "/teacher/roster",
  "/teacher/12/students",
  "/teacher/12/settings/extra",
  "/subscribe/plans",
  "/subscribers",
];

describe("Stripe's origins in the page policy", () => {
  it("are allowed on the billing pages when Stripe is configured", async () => {
    for (const url of ["/subscribe", "/subscribe?plan=teacher", "/teacher/12/settings"]) {
      const policy = await policyOf(stripe, url);
      expect(policy).toContain("script-src 'self' https://js.stripe.com;");
      expect(policy).toContain("frame-src 'self' https://js.stripe.com https://hooks.stripe.com;");
      expect(policy).toContain("connect-src 'self' https://api.stripe.com;");
      // Nothing else loosens: styles still need the page's nonce.
      expect(policy).not.toContain("unsafe");
    }
  });

  it("are never allowed on a student's page or any other page", async () => {
    for (const url of OTHER_PAGES) {
      const policy = await policyOf(stripe, url);
      expect(policy, url).not.toContain("stripe");
      expect(policy, url).toContain("script-src 'self';");
    }
  });

  it("are allowed nowhere with the sandbox", async () => {
    for (const url of ["/subscribe", "/teacher/12/settings"])
      expect(await policyOf(sandbox, url)).not.toContain("stripe");
  });

  it("name exactly the billing paths", () => {
    expect(isBillingPage("/subscribe")).toBe(true);
    expect(isBillingPage("/teacher/7/settings?tab=card")).toBe(true);
    expect(isBillingPage("/teacher/x/settings")).toBe(false);
    expect(isBillingPage("/student/subscribe")).toBe(false);
    expect(isBillingPage("/subscribe/../student/home")).toBe(false);
  });
});
