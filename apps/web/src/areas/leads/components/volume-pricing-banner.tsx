import { Anchor, Group, Paper, Text, ThemeIcon } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { COMPANY } from "@refrain/domain";
import { IconSchool } from "@tabler/icons-react";
import { useContactInfo } from "../api/get-contact-info.ts";
import { QuoteModal } from "./quote-modal.tsx";

export const DISTRICT_QUOTE_TITLE = `Contact Us To Get Your District Started with ${COMPANY.product}`;

/** Volume pricing banner (classroom spec "Volume pricing banner", access spec screen 19). */
export function VolumePricingBanner() {
  const [opened, modal] = useDisclosure(false);
  const contact = useContactInfo();
  const email = contact.data?.data.salesEmail;
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      bg="teal.0"
      style={{ borderColor: "var(--mantine-color-teal-2)" }}
    >
      <Group gap="md" wrap="nowrap" align="flex-start">
        <ThemeIcon size={40} radius="xl" variant="white" aria-hidden>
          <IconSchool size={22} />
        </ThemeIcon>
        <div>
          <Text>
            We offer special volume pricing for school and district licenses, including live
            webinars and in-person training.{" "}
            <Anchor component="button" type="button" fw={600} onClick={modal.open} inherit>
              Receive a quote here
            </Anchor>
            .
          </Text>
          {email && (
            <Text size="sm" c="dimmed" mt={4}>
              For more information, contact <Anchor href={`mailto:${email}`}>{email}</Anchor>.
            </Text>
          )}
        </div>
      </Group>
      <QuoteModal opened={opened} onClose={modal.close} title={DISTRICT_QUOTE_TITLE} forDistrict />
    </Paper>
  );
}
