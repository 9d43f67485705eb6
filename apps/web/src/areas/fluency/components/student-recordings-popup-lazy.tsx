import { type ComponentProps, lazy } from "react";
import type { StudentRecordingsPopup as Popup } from "./student-recordings-popup.tsx";

/**
 * The per-student recordings popup for pages that show it now and then (a class owner's home):
 * it loads, with Mantine's ModalsProvider for its delete's confirmation, when first drawn, which
 * those pages leave until someone reaches for a student's videos. Under Suspense.
 */
export const LazyStudentRecordingsPopup = lazy(async () => {
  const [{ ModalsProvider }, { StudentRecordingsPopup }] = await Promise.all([
    import("@mantine/modals"),
    import("./student-recordings-popup.tsx"),
  ]);
  return {
    default: (props: ComponentProps<typeof Popup>) => (
      <ModalsProvider>
        <StudentRecordingsPopup {...props} />
      </ModalsProvider>
    ),
  };
});
