import { Button, type ButtonProps, Modal, Stack, Text } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { COMPANY } from "@refrain/domain";
import { IconPhoneCall } from "@tabler/icons-react";
import { BookCallForm } from "./book-call-form.tsx";

/** The welcome popup (access spec screen 20): a short hello and the book-a-call form. */
export function WelcomeModal({
  opened,
  onClose,
  title = `Welcome to ${COMPANY.product}`,
}: {
  opened: boolean;
  onClose: () => void;
  title?: string;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} size="lg" centered>
      <Stack gap="md">
        <Text>
          Curious how song lyrics turn reluctant readers into fluent ones? Book a short call: we
          show you a lesson, answer your questions and help you plan a start for your class or
          school.
        </Text>
        <BookCallForm onNavigate={onClose} />
      </Stack>
    </Modal>
  );
}

/** A "Book a Call" button that opens the welcome popup. */
export function BookCallButton(props: ButtonProps) {
  const [opened, modal] = useDisclosure(false);
  return (
    <>
      <Button leftSection={<IconPhoneCall size={18} />} onClick={modal.open} {...props}>
        Book a Call
      </Button>
      <WelcomeModal opened={opened} onClose={modal.close} />
    </>
  );
}
