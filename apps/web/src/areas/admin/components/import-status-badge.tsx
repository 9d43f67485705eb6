import { Badge } from "@mantine/core";
import type { ImportStatus } from "@refrain/domain";
import { STATUS_BADGES } from "../roster-import-view.ts";

export function ImportStatusBadge({ status }: { status: ImportStatus }) {
  const badge = STATUS_BADGES[status];
  return (
    <Badge variant="light" color={badge.color} tt="none">
      {badge.label}
    </Badge>
  );
}
