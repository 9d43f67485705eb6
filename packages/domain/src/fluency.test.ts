import { describe, expect, it } from "vitest";
import {
  type FluencyClassSettings,
  type RecordingOptionFacts,
  recordingOptions,
  recordingUploadMetadata,
  resolveFluencyRecording,
  sniffContainer,
} from "./fluency.ts";

const classOn: FluencyClassSettings = { recordStudentFluency: true, fluencyLyricsOnly: false };
const both = { parent_permission: true, admin_approval: true } as const;
const inherit = {
  enable_fluency_recording: "inherit",
  fluency_recording_lyrics_only: "inherit",
} as const;

describe("resolveFluencyRecording", () => {
  it("needs the switch on and both the student's parent permission and admin approval", () => {
    expect(resolveFluencyRecording(inherit, classOn, both)).toEqual({
      allowed: true,
      lyricsOnly: false,
    });
    for (const consent of [
      { ...both, parent_permission: false },
      { ...both, admin_approval: false },
      { parent_permission: false, admin_approval: false },
    ])
      expect(resolveFluencyRecording(inherit, classOn, consent).allowed).toBe(false);
  });

  it("lets the student's own setting override the class's, never the consent", () => {
    const own = { ...inherit, enable_fluency_recording: 1 } as const;
    const classOff = { ...classOn, recordStudentFluency: false };
    expect(resolveFluencyRecording(own, classOff, both).allowed).toBe(true);
    expect(
      resolveFluencyRecording(own, classOff, { ...both, parent_permission: false }).allowed,
    ).toBe(false);
    expect(
      resolveFluencyRecording({ ...inherit, enable_fluency_recording: 0 }, classOn, both).allowed,
    ).toBe(false);
  });

  it("resolves lyrics only against the class default", () => {
    const lyrics = { ...classOn, fluencyLyricsOnly: true };
    expect(resolveFluencyRecording(inherit, lyrics, both).lyricsOnly).toBe(true);
    expect(
      resolveFluencyRecording({ ...inherit, fluency_recording_lyrics_only: 0 }, lyrics, both)
        .lyricsOnly,
    ).toBe(false);
  });
});

describe("recordingOptions", () => {
  const base: RecordingOptionFacts = {
    allowed: true,
    lessonPlanId: 8,
    assignedByTeacher: false,
    readAlongs: 0,
    sent: [],
  };

  it("offers a cold read before the first read-along and a hot read after the third", () => {
    expect(recordingOptions(base)).toEqual({
      cold_read: "available",
      hot_read: "locked",
      benchmark: "none",
    });
    expect(recordingOptions({ ...base, readAlongs: 2 })).toEqual({
      cold_read: "locked",
      hot_read: "locked",
      benchmark: "none",
    });
    expect(recordingOptions({ ...base, readAlongs: 3, sent: ["cold_read"] })).toEqual({
      cold_read: "sent",
      hot_read: "available",
      benchmark: "none",
    });
    expect(recordingOptions({ ...base, readAlongs: 5, sent: ["hot_read"] }).hot_read).toBe("sent");
  });

  it("offers a benchmark reading only of a benchmark passage the teacher assigned", () => {
    const passage = { ...base, lessonPlanId: 12 };
    expect(recordingOptions(passage).benchmark).toBe("none");
    expect(recordingOptions({ ...passage, assignedByTeacher: true })).toEqual({
      cold_read: "none",
      hot_read: "none",
      benchmark: "available",
    });
    expect(
      recordingOptions({ ...passage, assignedByTeacher: true, sent: ["benchmark"] }).benchmark,
    ).toBe("sent");
  });

  it("offers nothing when recording is not allowed", () => {
    expect(recordingOptions({ ...base, allowed: false })).toEqual({
      cold_read: "none",
      hot_read: "none",
      benchmark: "none",
    });
  });
});

describe("sniffContainer", () => {
  const bytes = (...b: number[]) => Uint8Array.from(b);
  it("knows WebM, MP4 and Ogg by their first bytes", () => {
    expect(sniffContainer(bytes(0x1a, 0x45, 0xdf, 0xa3, 0x9f))).toBe("webm");
    expect(sniffContainer(bytes(0, 0, 0, 0x20, 0x66, 0x74, 0x79, 0x70, 0x69, 0x73))).toBe("mp4");
    expect(sniffContainer(new TextEncoder().encode("OggS\u0000\u0002"))).toBe("ogg");
  });
  it("refuses anything else, and too few bytes", () => {
    expect(sniffContainer(new TextEncoder().encode("<html>webm</html>"))).toBeNull();
    expect(sniffContainer(bytes(0x1a, 0x45))).toBeNull();
    expect(sniffContainer(bytes())).toBeNull();
  });
});

describe("recordingUploadMetadata", () => {
  it("takes a MediaRecorder type with codecs and a lesson id as text", () => {
    expect(
      recordingUploadMetadata.parse({
        lessonId: "7",
        classification: "cold_read",
        filetype: "video/webm;codecs=vp8,opus",
      }),
    ).toEqual({ lessonId: 7, classification: "cold_read", filetype: "video/webm" });
  });
  it("refuses a comparison, another type and a bad id", () => {
    const bad = (v: object) => recordingUploadMetadata.safeParse(v).success;
    const ok = { lessonId: "7", classification: "hot_read", filetype: "video/mp4" };
    expect(bad(ok)).toBe(true);
    expect(bad({ ...ok, classification: "stitched" })).toBe(false);
    expect(bad({ ...ok, filetype: "text/html" })).toBe(false);
    expect(bad({ ...ok, lessonId: "x" })).toBe(false);
  });
});
