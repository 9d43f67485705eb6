import { Button, type ButtonProps, Modal } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { IconMail } from "@tabler/icons-react";
import { TeacherEmailSummary } from "./teacher-email-summary.tsx";

/**
 * Email School Admin (access spec screen 18): a button, in a warning colour so it stands apart
 * from the page's own actions, that opens the teacher's e-mail summary to their school admin
 * in a large modal titled Welcome. The teacher types the address: nothing is pre-filled unless
 * the page passes a placeholder.
 */
export function EmailSchoolAdminButton({
  title = "Email School Admin",
  placeholder = "",
  defaultMessage,
  ...button
}: {
  title?: string;
  placeholder?: string;
  defaultMessage?: string;
} & ButtonProps) {
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <>
      {/* autoContrast: dark text on the yellow, which white text would not be readable on. */}
      <Button
        color="yellow"
        autoContrast
        leftSection={<IconMail size={18} />}
        onClick={open}
        {...button}
      >
        {title}
      </Button>
      <Modal opened={opened} onClose={close} size="xl" title="Welcome">
        <TeacherEmailSummary
          view="school_admin"
          placeholder={placeholder}
          {...(defaultMessage !== undefined && { defaultMessage })}
        />
      </Modal>
    </>
  );
}
