import {
  isTutorialName,
  meetsTutorial,
  type Role,
  type TutorialName,
  type TutorialResponse,
  tutorialFor,
} from "@refrain/domain";
import { and, eq } from "drizzle-orm";
import type { Storage } from "../../adapters/storage.ts";
import type { Config } from "../../config.ts";
import { notFound } from "../../core/errors.ts";
import type { Db } from "../../db/client.ts";
import { tutorialCompletions } from "../../db/schema/index.ts";
import { tutorialVideoKeys, tutorialVideoReady, tutorialVideoReadyIn } from "./tutorial-videos.ts";
import { servedAt } from "./video-tools.ts";

export interface Viewer {
  id: number;
  role: Role;
  /** An admin acting as the user is not the user learning the product. */
  impersonating: boolean;
}

/**
 * The spec's Tutorial response, in the words of the viewer's pages. Shown only to a role that
 * meets the tutorial (`meetsTutorial`), until they complete it; never to an admin acting as them.
 * An unknown name is `success: false`, which the popup only logs (§8).
 */
export async function loadTutorial(
  services: { db: Db; media: Storage; config: Config },
  viewer: Viewer,
  name: string,
): Promise<TutorialResponse> {
  if (!isTutorialName(name)) return { success: false };
  const tutorial = tutorialFor(name, viewer.role);
  const [done] = await services.db
    .select({ name: tutorialCompletions.name })
    .from(tutorialCompletions)
    .where(and(eq(tutorialCompletions.userId, viewer.id), eq(tutorialCompletions.name, name)))
    .limit(1);
  const ready = await tutorialVideoReady(services.media, name);
  const keys = tutorialVideoKeys(name);
  return {
    success: true,
    data: {
      name,
      title: tutorial.title,
      text: tutorial.intro,
      videos: ready ? [{ type: "video/mp4", path: servedAt(keys.video) }] : [],
      captions: ready ? servedAt(keys.captions) : null,
      preparing: !ready && services.config.TUTORIAL_VIDEOS !== "off",
      readyIn: ready ? null : await tutorialVideoReadyIn(services.media, name),
      show: !done && !viewer.impersonating && meetsTutorial(name, viewer.role),
    },
  };
}

/** Complete This Step: the user's own row (the session says who), once however often. */
export async function completeTutorial(db: Db, viewer: Viewer, name: string) {
  if (!isTutorialName(name)) throw notFound();
  // An admin looking round a teacher's account leaves the teacher's onboarding as it was.
  if (!viewer.impersonating)
    await db
      .insert(tutorialCompletions)
      .values({ userId: viewer.id, name: name satisfies TutorialName })
      .onConflictDoNothing();
  return { success: true as const };
}
