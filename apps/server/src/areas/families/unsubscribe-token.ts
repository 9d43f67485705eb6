import { createHmac, timingSafeEqual } from "node:crypto";
import { ONE_CLICK, UNSUBSCRIBE_LISTS, type UnsubscribeList } from "@refrain/domain";

/**
 * The token in every parent e-mail's unsubscribe link: the student's id and the list the mail
 * belongs to, signed with a key derived from APP_SECRET. Bytes: the id (4), the list (1) and
 * the first 16 bytes of an HMAC-SHA256 over those five: 28 characters of base64url, so that
 * the List-Unsubscribe header fits on one line (a folded one has broken DKIM checks
 * downstream). It does not expire: a parent may act on a months-old e-mail, and the link can
 * only stop mail about that one student.
 */
const MAC_BYTES = 16;
const PAYLOAD_BYTES = 5;

const keyOf = (appSecret: string) =>
  createHmac("sha256", appSecret).update("refrain:unsubscribe-links").digest();

const macOf = (key: Buffer, payload: Buffer) =>
  createHmac("sha256", key).update(payload).digest().subarray(0, MAC_BYTES);

export interface UnsubscribeTarget {
  studentId: number;
  list: UnsubscribeList;
}

export class UnsubscribeTokens {
  private readonly key: Buffer;

  constructor(appSecret: string) {
    this.key = keyOf(appSecret);
  }

  sign({ studentId, list }: UnsubscribeTarget): string {
    const payload = Buffer.alloc(PAYLOAD_BYTES);
    payload.writeUInt32BE(studentId, 0);
    payload.writeUInt8(UNSUBSCRIBE_LISTS.indexOf(list), 4);
    return Buffer.concat([payload, macOf(this.key, payload)]).toString("base64url");
  }

  /** What a token names, or null when it was not made by `sign` with this secret. */
  open(token: string): UnsubscribeTarget | null {
    const bytes = Buffer.from(token, "base64url");
    // Node's decoder skips characters that are not base64url; only the exact text counts.
    if (bytes.length !== PAYLOAD_BYTES + MAC_BYTES || bytes.toString("base64url") !== token)
      return null;
    const payload = bytes.subarray(0, PAYLOAD_BYTES);
    if (!timingSafeEqual(bytes.subarray(PAYLOAD_BYTES), macOf(this.key, payload))) return null;
    const list = UNSUBSCRIBE_LISTS[payload.readUInt8(4)];
    const studentId = payload.readUInt32BE(0);
    return list && studentId > 0 ? { studentId, list } : null;
  }

  /** The page (and one-click address) that stops `target`'s mail. */
  url(publicUrl: string, target: UnsubscribeTarget): string {
    return `${publicUrl}/u/${this.sign(target)}`;
  }

  /**
   * RFC 8058's two headers for a parent e-mail: the https address alone (no mailto, which would
   * lengthen the line and has nobody to read it) and the one-click marker.
   */
  headers(publicUrl: string, target: UnsubscribeTarget): Record<string, string> {
    return {
      "List-Unsubscribe": `<${this.url(publicUrl, target)}>`,
      "List-Unsubscribe-Post": ONE_CLICK,
    };
  }
}
