import { execFile } from "node:child_process";
import { promisify } from "node:util";

const run = promisify(execFile);

/**
 * What ffprobe reads from a media file itself: its container, its streams' codecs and sizes, its
 * duration.
 */
export async function probeMedia(file: string) {
  const { stdout } = await run("ffprobe", [
    ...[
      "-v",
      "error",
      "-show_entries",
      "format=format_name,duration:stream=codec_type,codec_name,width,height",
    ],
    ...["-of", "json", file],
  ]);
  const probed = JSON.parse(stdout) as {
    streams: { codec_type: string; codec_name: string; width?: number; height?: number }[];
    format: { format_name: string; duration: string };
  };
  return {
    format: probed.format.format_name,
    streams: probed.streams,
    duration: Number(probed.format.duration),
  };
}

/** A WebVTT file's cues, read as a browser would: id, times in seconds, text. */
export function readCues(vtt: string) {
  const seconds = (time: string) => {
    const [h, m, s] = time.split(":").map(Number);
    return (h ?? 0) * 3600 + (m ?? 0) * 60 + (s ?? 0);
  };
  const [header, ...blocks] = vtt.trim().split(/\n\n+/);
  if (header !== "WEBVTT") throw new Error("Not WebVTT");
  return blocks.map((block) => {
    const [id = "", times = "", ...text] = block.split("\n");
    const [start = "", end = ""] = times.split(" --> ");
    return { id, start: seconds(start), end: seconds(end), text: text.join("\n") };
  });
}
