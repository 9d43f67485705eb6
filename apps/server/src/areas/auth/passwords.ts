import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import { hash, verify } from "@node-rs/argon2";

// OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane. (2 is Algorithm.Argon2id, a const enum.)
const ARGON = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON);
}

// A valid hash of a random password: verifying against it when the login name is unknown
// takes as long as a real check, so timing does not tell which names exist.
let decoy: Promise<string> | undefined;

export async function verifyPassword(
  storedHash: string | null,
  password: string,
): Promise<boolean> {
  if (!storedHash) {
    decoy ??= hashPassword(randomBytes(16).toString("hex"));
    await verify(await decoy, password).catch(() => false);
    return false;
  }
  return verify(storedHash, password).catch(() => false);
}

/**
 * Students' passwords are also kept encrypted (AES-256-GCM, key derived from APP_SECRET)
 * because teachers print them on login cards. Adults' never are.
 */
export class StudentPasswordBox {
  private readonly key: Buffer;

  constructor(appSecret: string) {
    this.key = Buffer.from(hkdfSync("sha256", appSecret, "refrain", "student-passwords", 32));
  }

  encrypt(password: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv("aes-256-gcm", this.key, iv);
    const body = Buffer.concat([cipher.update(password, "utf8"), cipher.final()]);
    return ["v1", iv, cipher.getAuthTag(), body]
      .map((p) => (typeof p === "string" ? p : p.toString("base64url")))
      .join(".");
  }

  decrypt(sealed: string): string {
    const [version, iv, tag, body] = sealed.split(".");
    if (version !== "v1" || !iv || !tag || body === undefined)
      throw new Error("Unknown password envelope");
    const decipher = createDecipheriv("aes-256-gcm", this.key, Buffer.from(iv, "base64url"));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([
      decipher.update(Buffer.from(body, "base64url")),
      decipher.final(),
    ]).toString("utf8");
  }
}
