import { studentGradedCall } from "@refrain/domain";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { pollWhileMade } from "../media-readiness.ts";

/** The signed-in student's graded readings with their teacher's feedback, newest first. */
export const useMyGradedReadings = () =>
  useQuery({
    queryKey: ["fluency", "my-graded"],
    queryFn: () => api.data(studentGradedCall),
    // A reading graded before its video was made shows the video once it is.
    refetchInterval: (query) => pollWhileMade(query.state.data ?? []),
  });
