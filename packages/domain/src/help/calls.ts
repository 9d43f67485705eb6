import { z } from "zod";
import { contract } from "../contract.ts";
import { dataResponse, successResponse } from "../validation.ts";

/** A video file with its MIME type, as the spec's Tutorial response lists them. */
export const videoSource = z.object({ type: z.string(), path: z.string() });
export type VideoSource = z.infer<typeof videoSource>;

/**
 * While a video is being made: about how many seconds until it is ready, the server's estimate
 * from what it measured making the others (null when it cannot tell yet).
 */
const readyIn = z.number().int().nonnegative().nullable();

/** What a video being made says of when it will be ready, in whole minutes. */
export function readyInText(seconds: number | null): string {
  if (seconds === null) return "It will show here as soon as it is ready.";
  if (seconds < 60) return "It should be ready within a minute.";
  const minutes = Math.ceil(seconds / 60);
  return `It should be ready in about ${minutes} minutes.`;
}

/**
 * The spec's Tutorial response (success, data: videos, text, show), with the captions' path,
 * whether the video is still being made (the popup says so until it exists) and when it should
 * be ready.
 */
export const tutorialResponse = z.discriminatedUnion("success", [
  dataResponse(
    z.object({
      name: z.string(),
      title: z.string(),
      text: z.string(),
      videos: z.array(videoSource),
      captions: z.string().nullable(),
      preparing: z.boolean(),
      readyIn,
      show: z.boolean(),
    }),
  ),
  z.object({ success: z.literal(false) }),
]);
export type TutorialResponse = z.infer<typeof tutorialResponse>;

/**
 * The spec's Tutor video (title, id, thumbnail), with its sources and captions once made, and
 * while it is being made when it should be ready.
 */
export const tutorVideo = z.object({
  id: z.string(),
  title: z.string(),
  thumbnail: z.string().nullable(),
  videos: z.array(videoSource),
  captions: z.string().nullable(),
  readyIn,
});
export type TutorVideo = z.infer<typeof tutorVideo>;
export const tutorVideosResponse = z.object({ videos: z.array(tutorVideo) });

const tutorialParams = z.object({ name: z.string().max(60) });
const tutorVideoParams = z.object({ id: z.string().max(60) });
const helpCall = { tag: "help" } as const;

export const helpCalls = {
  tutorial: contract({
    ...helpCall,
    policy: "signedIn",
    method: "POST",
    path: "/media/tutorials/:name",
    summary:
      "A tutorial popup by name: its text, its video when made, and whether to show it to this user",
    params: tutorialParams,
    response: tutorialResponse,
  }),
  dismissTutorial: contract({
    ...helpCall,
    policy: "signedIn",
    method: "POST",
    path: "/media/tutorials/:name/complete",
    summary: "Complete This Step: the popup stays dismissed for this user",
    params: tutorialParams,
    response: successResponse,
  }),
  tutorialVideo: contract({
    ...helpCall,
    policy: "signedIn",
    method: "GET",
    path: "/media/tutorials/:name/video.mp4",
    summary:
      "A tutorial's video (H.264 and AAC in MP4), made from the product; answers Range requests",
    params: tutorialParams,
    file: "video/mp4",
  }),
  tutorialCaptions: contract({
    ...helpCall,
    policy: "signedIn",
    method: "GET",
    path: "/media/tutorials/:name/captions.vtt",
    summary: "A tutorial video's captions: WebVTT, one cue per spoken step",
    params: tutorialParams,
    file: "text/vtt",
  }),
  tutorVideos: contract({
    ...helpCall,
    policy: "adults",
    method: "GET",
    path: "/media/tutor-videos",
    summary: "The six tutor story videos, each with its thumbnail, sources and captions once made",
    response: tutorVideosResponse,
  }),
  tutorVideo: contract({
    ...helpCall,
    policy: "adults",
    method: "GET",
    path: "/media/tutor-videos/:id/video.mp4",
    summary: "A tutor story video (H.264 and AAC in MP4); answers Range requests",
    params: tutorVideoParams,
    file: "video/mp4",
  }),
  tutorVideoThumbnail: contract({
    ...helpCall,
    policy: "adults",
    method: "GET",
    path: "/media/tutor-videos/:id/thumbnail.jpg",
    summary: "A tutor story video's thumbnail",
    params: tutorVideoParams,
    file: "image/jpeg",
  }),
  tutorVideoCaptions: contract({
    ...helpCall,
    policy: "adults",
    method: "GET",
    path: "/media/tutor-videos/:id/captions.vtt",
    summary: "A tutor story video's captions (WebVTT)",
    params: tutorVideoParams,
    file: "text/vtt",
  }),
};
