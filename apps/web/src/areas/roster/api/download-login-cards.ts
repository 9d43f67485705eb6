import { errorResponse, messages } from "@refrain/domain";
import { useMutation } from "@tanstack/react-query";
import { ApiError } from "../../../lib/api.ts";

const FILE_NAME = "login-cards.pdf";

/**
 * Fetches the cards PDF as a call (not a navigation, which the server answers with the app)
 * so a refusal shows on the page, then hands the file to the browser as a download.
 */
export async function downloadLoginCards(): Promise<void> {
  const response = await fetch("/teacher/media/cards.pdf", {
    headers: { Accept: "application/pdf", "X-Requested-With": "XMLHttpRequest" },
    credentials: "same-origin",
  });
  if (!response.ok) {
    const failure = errorResponse.safeParse(await response.json().catch(() => undefined));
    throw failure.success
      ? new ApiError(response.status, failure.data.message, failure.data.errors)
      : new ApiError(response.status, `${messages.somethingWrong} [error ${response.status}]`);
  }
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement("a");
  link.href = url;
  link.download = FILE_NAME;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click is handled.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export const useDownloadLoginCards = () => useMutation({ mutationFn: downloadLoginCards });
