import { Notifications } from "@mantine/notifications";

/** Mantine's notifications in a chunk of their own: providers.tsx loads it with the first one. */
export function NotificationsHost() {
  return <Notifications position="top-right" />;
}
