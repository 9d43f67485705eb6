import { describe, expect, it } from "vitest";
import { formatTimestamp, parseWordCues, VttError, writeWordCues } from "./vtt.ts";

describe("word cues as WebVTT", () => {
  const cues = [
    { index: 0, start: 1.25, end: 1.809, text: "Sam" },
    { index: 1, start: 1.889, end: 2.4614, text: "R&B's" },
    { index: 2, start: 3725.5, end: 3726, text: "<up>" },
  ];

  it("writes one cue per word: the word index as id, the word as text", () => {
    const vtt = writeWordCues(cues);
    expect(vtt).toBe(
      "WEBVTT\n\n0\n00:00:01.250 --> 00:00:01.809\nSam\n\n" +
        "1\n00:00:01.889 --> 00:00:02.461\nR&amp;B's\n\n" +
        "2\n01:02:05.500 --> 01:02:06.000\n&lt;up&gt;\n",
    );
  });

  it("reads back what it writes, to the millisecond", () => {
    const read = parseWordCues(writeWordCues(cues));
    expect(read.map((c) => c.text)).toEqual(["Sam", "R&B's", "<up>"]);
    expect(read.map((c) => c.index)).toEqual([0, 1, 2]);
    read.forEach((c, i) => {
      expect(c.start).toBeCloseTo(cues[i]?.start as number, 3);
      expect(c.end).toBeCloseTo(cues[i]?.end as number, 3);
    });
  });

  it("formats hours, minutes, seconds and rounds to milliseconds", () => {
    expect(formatTimestamp(0)).toBe("00:00:00.000");
    expect(formatTimestamp(59.9996)).toBe("00:01:00.000");
    expect(formatTimestamp(3600 + 61.5)).toBe("01:01:01.500");
  });

  it("accepts a BOM, CRLF lines, notes, cue settings and mm:ss times", () => {
    const source =
      "\uFEFFWEBVTT - words\r\n\r\nNOTE made by hand\r\n\r\n" +
      "0\r\n00:01.000 --> 00:01.500 align:start\r\nOne\r\n\r\n3\r\n00:02.000 --> 00:02.400\r\nfour\r\n";
    expect(parseWordCues(source, 4)).toEqual([
      { index: 0, start: 1, end: 1.5, text: "One" },
      { index: 3, start: 2, end: 2.4, text: "four" },
    ]);
  });

  const refused: [string, string, RegExp][] = [
    ["no header", "0\n00:00:01.000 --> 00:00:02.000\nA\n", /WEBVTT/],
    ["no cues", "WEBVTT\n", /no cues/],
    ["a cue without an id", "WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nA\n", /word index/],
    [
      "an id that is not a number",
      "WEBVTT\n\nw1\n00:00:01.000 --> 00:00:02.000\nA\n",
      /word index/,
    ],
    ["a bad time", "WEBVTT\n\n0\n00:00:1.000 --> 00:00:02.000\nA\n", /not a time/],
    ["seconds past 59", "WEBVTT\n\n0\n00:00:61.000 --> 00:01:02.000\nA\n", /not a time/],
    ["an end before the start", "WEBVTT\n\n0\n00:00:02.000 --> 00:00:01.000\nA\n", /before/],
    [
      "cues out of time order",
      "WEBVTT\n\n0\n00:00:02.000 --> 00:00:03.000\nA\n\n1\n00:00:01.000 --> 00:00:01.500\nB\n",
      /out of order/,
    ],
    [
      "word indexes out of order",
      "WEBVTT\n\n1\n00:00:01.000 --> 00:00:02.000\nA\n\n0\n00:00:03.000 --> 00:00:04.000\nB\n",
      /out of order/,
    ],
    ["a word the lesson lacks", "WEBVTT\n\n9\n00:00:01.000 --> 00:00:02.000\nA\n", /no word 9/],
  ];
  it.each(refused)("refuses %s", (_name, source, message) => {
    expect(() => parseWordCues(source, 5)).toThrow(VttError);
    expect(() => parseWordCues(source, 5)).toThrow(message);
  });
});
