import { describe, expect, it } from "vitest";
import { withTestApp } from "../../../test/own-app.ts";
import { loadConfig } from "../../config.ts";
import { policyFacts } from "./policy.ts";

const base = { NODE_ENV: "test", DATA_DIR: "/tmp/refrain-policy-test" } as const;

describe("the privacy policy's facts", () => {
  it("are public, and name no other company when nothing outside is configured", async () => {
    await withTestApp({}, async (ctx) => {
      const answer = await ctx.client().get("/privacy/policy");
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({
        success: true,
        data: {
          contactEmail: "privacy@refrain.example.com",
          shareLinkDays: ctx.config.SHARE_LINK_DAYS,
          recordingRetentionDays: null,
          graceDays: 30,
          outboxDays: 90,
          exportLinkHours: 4,
          subProcessors: { payments: "none", smtp: false, objectStorage: false, signOn: [] },
        },
      });
    });
  });

  it("name the payment provider, mail server, bucket and sign-on providers once configured", () => {
    const config = loadConfig({
      ...base,
      PRIVACY_EMAIL: "dpo@district.example.org",
      RECORDING_RETENTION: "0",
      SMTP_URL: "smtp://mail.example.org:587",
      STRIPE_SECRET_KEY: "sk_test_abc",
      STRIPE_PUBLISHABLE_KEY: "pk_test_abc",
      STRIPE_WEBHOOK_SECRET: "whsec_abc",
      MEDIA_STORE: "s3",
      S3_BUCKET: "media",
      S3_ACCESS_KEY_ID: "key",
      S3_SECRET_ACCESS_KEY: "secret",
      OIDC_PROVIDERS: JSON.stringify([
        { id: "google", issuer: "https://accounts.google.com", clientId: "a", clientSecret: "b" },
      ]),
    });
    expect(policyFacts(config)).toMatchObject({
      contactEmail: "dpo@district.example.org",
      recordingRetentionDays: 0,
      subProcessors: { payments: "stripe", smtp: true, objectStorage: true, signOn: ["Google"] },
    });
  });
});
