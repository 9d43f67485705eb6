import { Button, type ButtonProps } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { IconMail } from "@tabler/icons-react";
import { lazy, Suspense, useState } from "react";

// A teacher's home shows the button to every teacher, and few press it: the modal and the
// summary's form are not part of the page's first load (issue 40).
const EmailSchoolAdminDialog = lazy(() =>
  import("./email-school-admin-dialog.tsx").then((m) => ({ default: m.EmailSchoolAdminDialog })),
);

/**
 * Email School Admin (access spec screen 18): a button, in a warning colour so it stands apart
 * from the page's own actions, that opens the teacher's e-mail summary to their school admin
 * in a large modal titled Welcome. The teacher types the address: nothing is pre-filled unless
 * the page passes a placeholder. The modal loads once the button is reached for (pointer or
 * focus), or at the press.
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
  const [wanted, setWanted] = useState(false);
  const want = () => setWanted(true);
  return (
    <>
      {/* autoContrast: dark text on the yellow, which white text would not be readable on. */}
      <Button
        color="yellow"
        autoContrast
        leftSection={<IconMail size={18} />}
        onPointerEnter={want}
        onFocus={want}
        onClick={() => {
          want();
          open();
        }}
        {...button}
      >
        {title}
      </Button>
      {wanted && (
        <Suspense fallback={null}>
          <EmailSchoolAdminDialog
            opened={opened}
            onClose={close}
            placeholder={placeholder}
            {...(defaultMessage !== undefined && { defaultMessage })}
          />
        </Suspense>
      )}
    </>
  );
}
