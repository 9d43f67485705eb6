import { createHmac } from "node:crypto";
import { type Challenge, createChallenge, randomInt, verifySolution } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import { lt } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../db/client.ts";
import { captchaSolutions } from "../db/schema/index.ts";

const CHALLENGE_MINUTES = 20;
const ALGORITHM = "PBKDF2/SHA-256";
// About half a second of work in a browser: cheap for a person, costly for a bot sending many.
const COST = 1000;
const COUNTER_MIN = 1000;
const COUNTER_MAX = 4000;

/** What the widget posts: base64 of { challenge, solution }. */
const solvedPayload = z.object({
  challenge: z.object({
    parameters: z.looseObject({
      algorithm: z.string(),
      nonce: z.string().min(8),
      salt: z.string(),
      cost: z.number(),
      keyLength: z.number(),
      keyPrefix: z.string(),
      expiresAt: z.number().optional(),
    }),
    signature: z.string().optional(),
  }),
  solution: z.object({ counter: z.number(), derivedKey: z.string(), time: z.number().optional() }),
});

export interface Captcha {
  challenge(): Promise<Challenge>;
  /** True once per solved challenge: the payload is valid, unexpired and not used before. */
  redeem(payload: string): Promise<boolean>;
}

/**
 * ALTCHA proof of work, self-hosted. Challenges are signed with keys derived from APP_SECRET,
 * so any app server can check them; a used challenge is recorded in the database, so a
 * solution buys one submission however many servers there are.
 */
export function createCaptcha(db: Db, appSecret: string): Captcha {
  const derive = (purpose: string) =>
    createHmac("sha256", appSecret).update(`refrain:altcha:${purpose}`).digest("hex");
  const hmacSignatureSecret = derive("challenge");
  const hmacKeySignatureSecret = derive("key");

  return {
    challenge: () =>
      createChallenge({
        algorithm: ALGORITHM,
        cost: COST,
        counter: randomInt(COUNTER_MAX, COUNTER_MIN),
        deriveKey,
        hmacSignatureSecret,
        hmacKeySignatureSecret,
        expiresAt: new Date(Date.now() + CHALLENGE_MINUTES * 60_000),
      }),

    async redeem(payload) {
      let decoded: unknown;
      try {
        decoded = JSON.parse(Buffer.from(payload, "base64").toString("utf8"));
      } catch {
        return false;
      }
      const parsed = solvedPayload.safeParse(decoded);
      if (!parsed.success) return false;
      const { challenge, solution } = parsed.data;
      if (challenge.parameters.algorithm !== ALGORITHM) return false;
      const result = await verifySolution({
        challenge,
        solution,
        deriveKey,
        hmacSignatureSecret,
        hmacKeySignatureSecret,
      }).catch(() => null);
      if (!result?.verified) return false;

      const now = new Date();
      await db.delete(captchaSolutions).where(lt(captchaSolutions.expiresAt, now));
      const expiresAt = new Date(
        (challenge.parameters.expiresAt ?? now.getTime() / 1000 + CHALLENGE_MINUTES * 60) * 1000,
      );
      const inserted = await db
        .insert(captchaSolutions)
        .values({ challengeId: challenge.parameters.nonce, expiresAt })
        .onConflictDoNothing()
        .returning({ id: captchaSolutions.challengeId });
      return inserted.length === 1;
    },
  };
}
