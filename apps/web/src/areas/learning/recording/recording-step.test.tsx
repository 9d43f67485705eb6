import { fluencyMessages } from "@refrain/domain";
import { DetailedError } from "tus-js-client";
import { describe, expect, it } from "vitest";
import { staticMarkup } from "../../../components/static-markup.tsx";
import { NOT_SENT, notSentText } from "./pending-recording.ts";
import { SentReading, UnsentReading } from "./recording-step.tsx";

/** tus-js-client's error for an answer it did not expect, as the recorder receives it. */
function refused(status: number, body: string) {
  return Object.assign(new DetailedError("tus: unexpected response while creating upload"), {
    originalResponse: {
      getStatus: () => status,
      getHeader: () => undefined,
      getBody: () => body,
      getUnderlyingObject: () => null,
    },
  });
}

describe("a reading that could not be sent", () => {
  it("says the server's words when too many readings are still half-sent", () => {
    const body = JSON.stringify({ success: false, message: fluencyMessages.tooManyUploads });
    expect(notSentText(refused(429, body))).toBe(fluencyMessages.tooManyUploads);
  });

  it("blames the connection for anything else", () => {
    expect(notSentText(new Error("tus: failed to upload chunk"))).toBe(NOT_SENT);
    expect(notSentText(refused(500, "Something went wrong"))).toBe(NOT_SENT);
    expect(notSentText(refused(429, "<html>busy</html>"))).toBe(NOT_SENT);
  });

  it("shows why as an alert, and keeps the recording to send again or redo", () => {
    const page = staticMarkup(
      <UnsentReading
        failure={fluencyMessages.tooManyUploads}
        onSend={() => undefined}
        onRecordAgain={() => undefined}
      />,
    );
    expect(page).toContain('role="alert"');
    expect(page).toContain(fluencyMessages.tooManyUploads);
    expect(page).toContain("Finish sending your reading");
    expect(page).toContain("Record it again");
  });
});

describe("a reading that was sent", () => {
  it("says how it stands in words, never the processing's status word", () => {
    const page = staticMarkup(
      <SentReading
        recording={{
          id: 1,
          classification: "hot_read",
          type: "video/webm",
          status: "complete",
          transcode_status: "Complete",
          created_at: "2026-11-28T10:00:00Z",
          video_url: null,
          thumbnail_url: null,
        }}
      />,
    );
    expect(page).toContain("Your teacher can watch your reading now.");
    expect(page).not.toContain("Complete");
  });
});
