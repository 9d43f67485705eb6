import { joinFirstMessages } from "@refrain/domain";
import { ApiError, errorText } from "../../../lib/api.ts";

/**
 * A failed call of the teacher list, as the access spec §8 words it: a 422's field messages
 * (those the form could not put under a field), otherwise the server's message followed by
 * the status so support can tell a refusal from an outage, and with no answer at all (offline)
 * the error's own text.
 */
export function teacherListErrorText(error: unknown): string {
  if (!(error instanceof ApiError)) return errorText(error);
  if (error.status === 422 && error.errors && Object.keys(error.errors).length > 0) {
    return joinFirstMessages(error.errors);
  }
  const tag = `[error ${error.status}]`;
  // api.ts already tags an answer that was not the API's envelope.
  if (error.message.endsWith(tag)) return error.message;
  return `${error.message || "Unknown error"} ${tag}`;
}
