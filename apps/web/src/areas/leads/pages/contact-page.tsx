import { Anchor, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { COMPANY } from "@refrain/domain";
import { IconMail, IconMapPin } from "@tabler/icons-react";
import { Link } from "react-router";
import { useDocumentTitle } from "../../../lib/document-title.ts";
import { useContactInfo } from "../api/get-contact-info.ts";
import { ContactForm } from "../components/contact-form.tsx";
import { BookCallButton } from "../components/welcome-modal.tsx";

/** How to reach us: address, e-mail, a call, or a message (linked from the book-a-call error). */
export function ContactPage() {
  useDocumentTitle(`Contact Us · ${COMPANY.product}`);
  const contact = useContactInfo();
  const email = contact.data?.data.salesEmail;
  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>Contact Us</Title>
        <Text c="dimmed" mt={4}>
          We are a small team of teachers and musicians, and we answer every message.
        </Text>
      </div>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        <Paper withBorder p="lg" radius="md">
          <Stack gap="md">
            <Group gap="sm" align="flex-start" wrap="nowrap">
              <IconMapPin size={20} aria-hidden />
              <div>
                <Text fw={600}>{COMPANY.name}</Text>
                {COMPANY.addressLines.map((line) => (
                  <Text key={line}>{line}</Text>
                ))}
              </div>
            </Group>
            {email && (
              <Group gap="sm" wrap="nowrap">
                <IconMail size={20} aria-hidden />
                <Anchor href={`mailto:${email}`}>{email}</Anchor>
              </Group>
            )}
            <Text>
              Prefer to talk? Book a short call and we will email you a link to pick a time.
            </Text>
            <Group>
              <BookCallButton />
              <Button component={Link} to="/pricing" variant="subtle">
                See pricing
              </Button>
            </Group>
          </Stack>
        </Paper>
        <Paper withBorder p="lg" radius="md">
          <Stack gap="xs">
            <Title order={2} fz="h4">
              Send us a message
            </Title>
            <ContactForm />
          </Stack>
        </Paper>
      </SimpleGrid>
    </Stack>
  );
}
