import { describe, expect, it, vi } from "vitest";
import { buildTestApp } from "../../../test/build-test-app.ts";
import { SECRET_MARKER } from "../../adapters/mail.ts";

/**
 * Sign-in links on a development server, which has no mail server: links.test.ts covers them
 * with one, as production has.
 */
describe("without a mail server, as in development", () => {
  it("gives staff nothing to sign in with, and the person running the server the link", async () => {
    // The reported takeover: an anonymous caller asks for a district admin's link, then a
    // staff member reads the mailbox and signs in with it.
    const dev = await buildTestApp({ NODE_ENV: "development", PUBLIC_URL: "http://dev.local" });
    const stderr = vi.spyOn(process.stderr, "write").mockImplementation(() => true);
    try {
      const district = await dev.factories.district();
      const admin = await dev.factories.user({ role: "district_admin", districtId: district.id });
      const email = admin.email as string;
      const asked = await dev.client().post("/teacher/send_email_link", { email });
      expect(asked.status).toBe(200);

      const printed = () => stderr.mock.calls.map(([chunk]) => String(chunk)).join("");
      await vi.waitFor(() => expect(printed()).toContain(`To: ${email}`));
      const token = printed().match(/http:\/\/dev\.local\/auth\/email-link\/([A-Za-z0-9_-]+)/)?.[1];
      expect(token).toBeTruthy();

      const staff = dev.client();
      await staff.signIn(await dev.factories.user({ role: "staff" }));
      const [seen] = (await staff.get(`/staff/outbox?to=${encodeURIComponent(email)}`)).body.data
        .messages;
      expect(seen.subject).toBe("Your Refrain login link");
      expect(`${seen.text}${seen.html}`).toContain(SECRET_MARKER);
      expect(`${seen.text}${seen.html}`).not.toContain(token);
      expect(`${seen.text}${seen.html}`).not.toMatch(/email-link\/[A-Za-z0-9_-]{20,}/);

      // The console's link is the working one.
      const own = dev.client();
      expect((await own.post(`/auth/email-link/${token}`)).status).toBe(200);
      expect((await own.get("/auth/session")).body.user).toMatchObject({ id: admin.id });
    } finally {
      stderr.mockRestore();
      await dev.close();
    }
  });
});
