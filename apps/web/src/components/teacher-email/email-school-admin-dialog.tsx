import { Modal } from "@mantine/core";
import { useEffect, useState } from "react";
import { TeacherEmailSummary } from "./teacher-email-summary.tsx";

/**
 * The Welcome modal of Email School Admin, in its own chunk: its modal (focus trap, scroll lock)
 * and the e-mail summary load when the button is reached for.
 */
export function EmailSchoolAdminDialog({
  opened,
  onClose,
  placeholder,
  defaultMessage,
}: {
  opened: boolean;
  onClose: () => void;
  placeholder: string;
  defaultMessage?: string;
}) {
  // A press before this chunk arrived mounts it already asked open. It opens after its first
  // render all the same: a modal mounted open would not know the button to give the focus back to.
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return (
    <Modal opened={opened && mounted} onClose={onClose} size="xl" title="Welcome">
      <TeacherEmailSummary
        view="school_admin"
        placeholder={placeholder}
        {...(defaultMessage !== undefined && { defaultMessage })}
      />
    </Modal>
  );
}
