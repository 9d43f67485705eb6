import { type ComponentType, lazy } from "react";

/**
 * A page that asks for confirmations (`modals.openConfirmModal`), under Mantine's
 * ModalsProvider: both load together, and no other page downloads the provider's dialogs.
 */
export function withConfirmations(page: () => Promise<ComponentType>) {
  return lazy(async () => {
    const [{ ModalsProvider }, Page] = await Promise.all([import("@mantine/modals"), page()]);
    return {
      default: () => (
        <ModalsProvider>
          <Page />
        </ModalsProvider>
      ),
    };
  });
}
