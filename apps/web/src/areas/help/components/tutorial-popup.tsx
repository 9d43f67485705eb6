import type { TutorialName } from "@refrain/domain";
import { lazy, Suspense, useEffect, useState } from "react";
import { useTutorial } from "../api/get-tutorial.ts";

// The dialog brings the player and the tour: only a page whose popup is due downloads them.
const TutorialDialog = lazy(() => import("./tutorial-dialog.tsx"));

/**
 * A page's tutorial popup, shown once its server says it is due for this user. A failed load or
 * `success: false` is only logged (classroom spec §8): the page is never blocked by its help.
 */
export function TutorialPopup({ name }: { name: TutorialName }) {
  const { data, error } = useTutorial(name);
  const [hidden, setHidden] = useState(false);
  useEffect(() => {
    if (error) console.warn(`Tutorial ${name} did not load`, error);
    else if (data?.success === false) console.warn(`Tutorial ${name} is unknown to the server`);
  }, [data, error, name]);
  if (hidden || !data?.success || !data.data.show) return null;
  return (
    <Suspense fallback={null}>
      <TutorialDialog name={name} tutorial={data.data} onHide={() => setHidden(true)} />
    </Suspense>
  );
}
