import { Button, type ButtonProps, Modal, Text } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import type { ReactNode } from "react";
import { SchoolQuoteForm } from "./school-quote-form.tsx";

export const SCHOOL_QUOTE_TITLE = "Contact Us To Get Your School Started";

/** The quote form in a modal (access spec screen 7); a new form each time it opens. */
export function QuoteModal({
  opened,
  onClose,
  title = SCHOOL_QUOTE_TITLE,
  forDistrict = false,
}: {
  opened: boolean;
  onClose: () => void;
  title?: string;
  forDistrict?: boolean;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} size="xl" centered>
      <SchoolQuoteForm
        inModal
        forDistrict={forDistrict}
        onCancel={onClose}
        onDone={onClose}
        intro={
          <Text>
            Fill in the information below to get an automatic quote. We email you a PDF right away;
            it includes the price for your number of students and how to pay.
          </Text>
        }
      />
    </Modal>
  );
}

/** A button that opens the quote modal; its label defaults to "Get a Site License Quote". */
export function QuoteButton({
  children = "Get a Site License Quote",
  title,
  ...props
}: ButtonProps & { children?: ReactNode; title?: string }) {
  const [opened, modal] = useDisclosure(false);
  return (
    <>
      <Button onClick={modal.open} {...props}>
        {children}
      </Button>
      <QuoteModal opened={opened} onClose={modal.close} title={title} />
    </>
  );
}
