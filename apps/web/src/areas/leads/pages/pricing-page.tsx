import { Anchor, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { COMPANY } from "@refrain/domain";
import { Link } from "react-router";
import { useDocumentTitle } from "../../../lib/document-title.ts";
import { DistrictPricingButton } from "../components/district-pricing-modal.tsx";
import { FreeTrialCard } from "../components/free-trial-card.tsx";
import { QuoteButton } from "../components/quote-modal.tsx";
import { SchoolQuoteForm } from "../components/school-quote-form.tsx";
import { VolumePricingBanner } from "../components/volume-pricing-banner.tsx";
import { BookCallButton } from "../components/welcome-modal.tsx";

function Offer({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Paper withBorder p="lg" radius="md">
      <Stack gap="sm" h="100%">
        <Title order={2} fz="h3">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

/** Every way to buy or try: the banner, trial, quotes, district pricing, homeschool invoices. */
export function PricingPage() {
  useDocumentTitle(`Pricing · ${COMPANY.product}`);
  return (
    <Stack gap="xl">
      <div>
        <Title order={1}>Pricing</Title>
        <Text c="dimmed" mt={4}>
          {COMPANY.product} for your school, your district or your family. Every plan includes the
          full lesson library for 12 months.
        </Text>
      </div>
      <VolumePricingBanner />
      <Paper withBorder p="lg" radius="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xl">
          <Stack gap="sm">
            <Title order={2} fz="h3">
              Schools
            </Title>
            <Text>
              A site license gives every teacher and student of your school the whole library, for
              12 months. Try it free first, or get a priced quote in a minute: we email it to you as
              a PDF right away.
            </Text>
            <Group mt="xs">
              <QuoteButton />
            </Group>
          </Stack>
          <FreeTrialCard />
        </SimpleGrid>
      </Paper>
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
        <Offer title="Districts">
          <Text>
            Pricing for all of your schools, with live webinars and in-person training for your
            teachers. We reply within 1-2 business days, usually within 24 hours.
          </Text>
          <Group mt="auto" gap="sm">
            <DistrictPricingButton />
            <Anchor component={Link} to="/district_pricing" size="sm">
              Open as a page
            </Anchor>
          </Group>
        </Offer>
        <Offer title="Homeschool families">
          <Text>
            Paying with an education savings account? Request an invoice for up to five students and
            submit it to your program.
          </Text>
          <Group mt="auto">
            <Button component={Link} to="/homeschool/invoice" variant="light">
              Request an Invoice
            </Button>
          </Group>
        </Offer>
        <Offer title="Talk to us">
          <Text>
            Not sure what fits? Book a short call and we will walk you through a lesson and the
            options for your classroom.
          </Text>
          <Group mt="auto" gap="sm">
            <BookCallButton variant="light" />
            <Anchor component={Link} to="/contact" size="sm">
              Contact us
            </Anchor>
          </Group>
        </Offer>
      </SimpleGrid>
      <Paper withBorder p="lg" radius="md" id="school-quote">
        <Stack gap="md">
          <div>
            <Title order={2} fz="h3">
              Get a quote for your school
            </Title>
            <Text c="dimmed" size="sm" mt={4}>
              Fill in the information to get an automatic quote, emailed to you as a PDF.
            </Text>
          </div>
          <SchoolQuoteForm />
        </Stack>
      </Paper>
    </Stack>
  );
}
