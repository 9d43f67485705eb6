import { randomBytes } from "node:crypto";
import { hash, verify } from "@node-rs/argon2";
import { SecretBox } from "../adapters/secret-box.ts";

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
 *
 * The roster shows them on every visit, so opened ones are remembered by their sealed text
 * (decision 0014): a class of 25 costs 25 decryptions once, not on every list. A changed
 * password is sealed anew (fresh IV), so an entry never answers for another text; the
 * oldest-used go first past `cacheSize`.
 */
export class StudentPasswordBox {
  private readonly box: SecretBox;
  private readonly opened = new Map<string, string>();
  private readonly cacheSize: number;

  constructor(appSecret: string, cacheSize = 20_000) {
    this.box = new SecretBox(appSecret, "student-passwords");
    this.cacheSize = cacheSize;
  }

  encrypt(password: string): string {
    return this.box.seal(password);
  }

  decrypt(sealed: string): string {
    const known = this.opened.get(sealed);
    if (known !== undefined) {
      // Most recently used last, so the oldest-used is first out.
      this.opened.delete(sealed);
      this.opened.set(sealed, known);
      return known;
    }
    const plain = this.box.open(sealed);
    if (this.opened.size >= this.cacheSize) {
      const oldest = this.opened.keys().next().value;
      if (oldest !== undefined) this.opened.delete(oldest);
    }
    this.opened.set(sealed, plain);
    return plain;
  }

  /** Drops an opened password from memory: its student was erased. */
  forget(sealed: string) {
    this.opened.delete(sealed);
  }
}
