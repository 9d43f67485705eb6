/**
 * The MediaRecorder types to try, best first: MP4 with H.264/AAC (Safari, iPads; the server
 * only remuxes it), then WebM (Chromebooks), which the server transcodes.
 */
const VIDEO_TYPES = [
  "video/mp4;codecs=avc1,mp4a.40.2",
  "video/mp4",
  "video/webm;codecs=vp9,opus",
  "video/webm",
];
const AUDIO_TYPES = ["audio/mp4", "audio/webm;codecs=opus", "audio/webm"];

/**
 * The first type the browser records, or undefined when it records none of them.
 * `isTypeSupported` is MediaRecorder's, passed in so the choice can be tested anywhere.
 */
export function recorderType(
  audioOnly: boolean,
  isTypeSupported: (type: string) => boolean,
): string | undefined {
  return (audioOnly ? AUDIO_TYPES : VIDEO_TYPES).find((type) => isTypeSupported(type));
}

/** The upload's `filetype`: the container alone, as the server's accepted types name it. */
export const containerOf = (type: string) => type.split(";")[0]?.trim() ?? type;
