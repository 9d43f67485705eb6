import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { EASY_PASSWORD_COUNT } from "@refrain/domain";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig, parseConfig, stripeSettingsOf } from "./config.ts";

describe("config", () => {
  it("has working defaults", () => {
    const config = parseConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.DATA_DIR).toBe("./data");
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it("holds an even chance at one child's generated password to more than six months", () => {
    // Guessing from new addresses meets the per-class limit first (areas/auth/login-limits.ts).
    const guessesPerDay = parseConfig({}).LOGIN_LIMIT_PER_CLASS * 4 * 24;
    expect(EASY_PASSWORD_COUNT / 2 / guessesPerDay).toBeGreaterThan(183);
  });

  it("stops on a bad value with one line naming the variable", () => {
    expect(() => parseConfig({ PORT: "eighty" })).toThrow(ConfigError);
    expect(() => parseConfig({ PORT: "eighty" })).toThrow(
      /^Invalid configuration: PORT .*\(got "eighty"\)$/,
    );
    expect(() => parseConfig({ DATABASE_URL: "mysql://x" })).toThrow(
      /DATABASE_URL must be a postgres/,
    );
    expect(() => parseConfig({ APP_SECRET: "short" })).toThrow(
      /APP_SECRET must be at least 32 characters$/,
    );
    // A cron of the wrong shape stops start-up here rather than in the job queue's schedule.
    expect(() => parseConfig({ WEEKLY_REPORT_CRON: "fridays" })).toThrow(
      /^Invalid configuration: WEEKLY_REPORT_CRON must be a cron expression/,
    );
  });

  it("keeps recordings to the school year's end plus 30 days, or a number of days up to 730", () => {
    const defaults = parseConfig({});
    expect(defaults.RECORDING_RETENTION).toBeNull();
    expect(defaults.RECORDING_RETENTION_GRACE_DAYS).toBe(30);
    expect(defaults.OUTBOX_RETENTION_DAYS).toBe(90);
    expect(defaults.RETENTION_CRON).toBe("15 3 * * *");
    expect(parseConfig({ RECORDING_RETENTION: "school-year" }).RECORDING_RETENTION).toBeNull();
    expect(parseConfig({ RECORDING_RETENTION: "0" }).RECORDING_RETENTION).toBe(0);
    expect(parseConfig({ RECORDING_RETENTION: "180" }).RECORDING_RETENTION).toBe(180);
    for (const bad of ["-1", "731", "forever"])
      expect(() => parseConfig({ RECORDING_RETENTION: bad })).toThrow(/RECORDING_RETENTION/);
    expect(() => parseConfig({ RECORDING_RETENTION_GRACE_DAYS: "400" })).toThrow(
      /RECORDING_RETENTION_GRACE_DAYS/,
    );
  });

  it("never repeats a secret in its error", () => {
    const parse = () => parseConfig({ DATABASE_URL: "mysql://user:hunter2@host/db" });
    expect(parse).toThrow(/^Invalid configuration: DATABASE_URL must be a postgres/);
    expect(parse).not.toThrow(/hunter2/);
  });

  it("refuses production without SMTP_URL or PUBLIC_URL, in one line", () => {
    const refused = () => parseConfig({ NODE_ENV: "production" });
    expect(refused).toThrow(ConfigError);
    expect(refused).toThrow(
      /^Invalid configuration: SMTP_URL must be set when NODE_ENV is production \([^\n]*\)$/,
    );
    expect(() => parseConfig({ NODE_ENV: "production", SMTP_URL: "" })).toThrow(/SMTP_URL/);
    const production = {
      NODE_ENV: "production",
      SMTP_URL: "smtp://mail.example.org:587",
      PUBLIC_URL: "https://refrain.example.org",
    };
    expect(parseConfig(production).SMTP_URL).toBe("smtp://mail.example.org:587");
    expect(() => parseConfig({ ...production, PUBLIC_URL: undefined })).toThrow(
      /^Invalid configuration: PUBLIC_URL must be set when NODE_ENV is production/,
    );
    // Development and tests may run without a mail server.
    expect(parseConfig({ NODE_ENV: "development" }).SMTP_URL).toBeUndefined();
  });

  it("leaves jobs to worker processes only on PostgreSQL", () => {
    expect(() => parseConfig({ JOBS_IN_PROCESS: "false" })).toThrow(
      /^Invalid configuration: JOBS_IN_PROCESS=false needs DATABASE_URL/,
    );
    const postgres = {
      JOBS_IN_PROCESS: "false",
      DATABASE_URL: "postgres://db.example.org/refrain",
    };
    expect(parseConfig(postgres).JOBS_IN_PROCESS).toBe(false);
    // In production servers and workers must share one secret, not each make their own.
    const production = {
      ...postgres,
      NODE_ENV: "production",
      SMTP_URL: "smtp://mail.example.org",
      PUBLIC_URL: "https://refrain.example.org",
    };
    expect(() => parseConfig(production)).toThrow(
      /^Invalid configuration: JOBS_IN_PROCESS=false needs APP_SECRET/,
    );
    const shared = { ...production, APP_SECRET: "shared-secret-shared-secret-shared-01" };
    expect(parseConfig(shared).JOBS_IN_PROCESS).toBe(false);
  });

  it("makes the demo world unless told not to, and never by default in production", () => {
    const dir = mkdtempSync(join(tmpdir(), "refrain-config-"));
    const base = { DATA_DIR: dir, APP_SECRET: "config-test-secret-config-test-secret-0" };
    expect(loadConfig(base).DEMO_WORLD).toBe("on");
    expect(loadConfig({ ...base, DEMO_WORLD: "off" }).DEMO_WORLD).toBe("off");
    const production = {
      ...base,
      NODE_ENV: "production",
      SMTP_URL: "smtp://mail.example.org",
      PUBLIC_URL: "https://refrain.example.org",
    };
    expect(loadConfig(production).DEMO_WORLD).toBe("off");
    expect(loadConfig({ ...production, DEMO_WORLD: "on" }).DEMO_WORLD).toBe("on");
  });

  it("says whether PUBLIC_URL was set or is the localhost default", () => {
    const dir = mkdtempSync(join(tmpdir(), "refrain-config-"));
    const secret = "config-test-secret-config-test-secret-0";
    const unset = loadConfig({ DATA_DIR: dir, APP_SECRET: secret, PORT: "4321" });
    expect(unset).toMatchObject({
      PUBLIC_URL: "http://localhost:4321",
      publicUrlConfigured: false,
    });
    const set = loadConfig({
      DATA_DIR: dir,
      APP_SECRET: secret,
      PUBLIC_URL: "https://refrain.example.com/",
    });
    expect(set).toMatchObject({
      PUBLIC_URL: "https://refrain.example.com",
      publicUrlConfigured: true,
    });
  });

  it("bounds the database's waits: 2 s for a connection and 30 s a statement unless set", () => {
    expect(parseConfig({})).toMatchObject({
      DATABASE_CONNECT_TIMEOUT_SECONDS: 2,
      DATABASE_STATEMENT_TIMEOUT_SECONDS: 30,
    });
    expect(
      parseConfig({
        DATABASE_CONNECT_TIMEOUT_SECONDS: "5",
        DATABASE_STATEMENT_TIMEOUT_SECONDS: "0",
      }),
    ).toMatchObject({ DATABASE_CONNECT_TIMEOUT_SECONDS: 5, DATABASE_STATEMENT_TIMEOUT_SECONDS: 0 });
    expect(() => parseConfig({ DATABASE_CONNECT_TIMEOUT_SECONDS: "0" })).toThrow(
      /DATABASE_CONNECT_TIMEOUT_SECONDS must be a positive whole number/,
    );
    expect(() => parseConfig({ DATABASE_STATEMENT_TIMEOUT_SECONDS: "-1" })).toThrow(
      /DATABASE_STATEMENT_TIMEOUT_SECONDS must be a whole number of seconds from 0 to 3600/,
    );
  });

  it("treats blank variables as unset", () => {
    expect(parseConfig({ PORT: "", DATABASE_URL: "" }).PORT).toBe(3000);
  });
});

describe("the media store setting", () => {
  const s3 = {
    MEDIA_STORE: "s3",
    S3_BUCKET: "refrain-media",
    S3_ACCESS_KEY_ID: "AKIAEXAMPLE",
    S3_SECRET_ACCESS_KEY: "wJalrXUtnFEMI-secret",
  };

  it("keeps media on local disk by default, and takes a bucket with its keys", () => {
    expect(parseConfig({}).MEDIA_STORE).toBe("local");
    const config = parseConfig({ ...s3, S3_FORCE_PATH_STYLE: "true" });
    expect(config).toMatchObject({ MEDIA_STORE: "s3", S3_REGION: "us-east-1" });
    expect(config.S3_FORCE_PATH_STYLE).toBe(true);
  });

  it("refuses s3 without its bucket or keys, in one line naming the variable", () => {
    for (const name of ["S3_BUCKET", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const) {
      const refused = () => parseConfig({ ...s3, [name]: "" });
      expect(refused).toThrow(
        new RegExp(`^Invalid configuration: ${name} must be set when MEDIA_STORE is s3$`),
      );
    }
    expect(() => parseConfig({ ...s3, S3_BUCKET: "No_Such" })).toThrow(
      /^Invalid configuration: S3_BUCKET must be a bucket name/,
    );
    expect(() => parseConfig({ ...s3, S3_ENDPOINT: "not a url" })).toThrow(
      /^Invalid configuration: S3_ENDPOINT /,
    );
  });
});

describe("the Stripe settings", () => {
  const keys = {
    STRIPE_SECRET_KEY: "sk_test_51Secret",
    STRIPE_PUBLISHABLE_KEY: "pk_test_51Public",
    STRIPE_WEBHOOK_SECRET: "whsec_Signing",
  };

  it("sells through the sandbox without keys, and through Stripe with all three", () => {
    expect(stripeSettingsOf(parseConfig({}))).toBeNull();
    expect(
      stripeSettingsOf(parseConfig({ ...keys, STRIPE_API_URL: "http://127.0.0.1:12111" })),
    ).toEqual({
      secretKey: keys.STRIPE_SECRET_KEY,
      publishableKey: keys.STRIPE_PUBLISHABLE_KEY,
      webhookSecret: keys.STRIPE_WEBHOOK_SECRET,
      apiUrl: "http://127.0.0.1:12111",
    });
  });

  it("refuses some keys without the others, in one line", () => {
    for (const name of Object.keys(keys))
      expect(() => parseConfig({ ...keys, [name]: "" })).toThrow(
        /^Invalid configuration: STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET must be set together$/,
      );
    expect(() => parseConfig({ ...keys, STRIPE_PUBLISHABLE_KEY: "pk_live_51Public" })).toThrow(
      /must both be test keys or both live keys$/,
    );
  });

  it("names a malformed key without repeating it", () => {
    for (const [name, value] of [
      ["STRIPE_SECRET_KEY", "pk_test_51Swapped"],
      ["STRIPE_PUBLISHABLE_KEY", "sk_test_51Swapped"],
      ["STRIPE_WEBHOOK_SECRET", "sk_test_51Swapped"],
    ] as const) {
      const refused = () => parseConfig({ ...keys, [name]: value });
      expect(refused).toThrow(new RegExp(`^Invalid configuration: ${name} must be a Stripe`));
      expect(refused).not.toThrow(/Swapped/);
    }
  });
});
