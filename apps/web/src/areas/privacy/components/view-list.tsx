import { List, Text } from "@mantine/core";
import { type RecordingView, ROLE_LABELS, type Role, VIEWER_KIND_LABELS } from "@refrain/domain";
import { dateTimeText } from "../../../lib/date-text.ts";

/** Who a view was: a name and role, an admin acting as the teacher, or a family's link. */
export function viewerText(view: RecordingView): string {
  if (view.kind === "shared_link")
    return `${VIEWER_KIND_LABELS.shared_link}${view.sentTo ? ` sent to ${view.sentTo}` : ""}`;
  const name = view.viewerName ?? "A deleted account";
  const role = view.viewerRole ? ROLE_LABELS[view.viewerRole as Role] : null;
  if (view.kind === "impersonating_admin")
    return `${name}${role ? ` (${role})` : ""} acting as ${view.onBehalfOfName ?? "the teacher"}`;
  return role ? `${name} (${role})` : name;
}

/** A recording's views, newest first; a line when nobody has watched it. */
export function ViewList({ views }: { views: RecordingView[] }) {
  if (views.length === 0)
    return (
      <Text size="sm" c="dimmed">
        Nobody has viewed this recording yet.
      </Text>
    );
  return (
    <List size="sm" spacing={4} listStyleType="none" aria-label="Views">
      {views.map((view) => (
        <List.Item key={`${view.viewedAt}-${view.kind}-${view.viewerName ?? view.sentTo}`}>
          <Text span size="sm" fw={500}>
            {viewerText(view)}
          </Text>
          <Text span size="sm" c="dimmed">
            {" · "}
            {dateTimeText(view.viewedAt)}
          </Text>
        </List.Item>
      ))}
    </List>
  );
}
