import { Paper, Stack, Text, Title } from "@mantine/core";
import { COMPANY } from "@refrain/domain";
import { useDocumentTitle } from "../../../lib/document-title.ts";
import {
  DISTRICT_PRICING_TITLE,
  DistrictPricingForm,
} from "../components/district-pricing-form.tsx";

/** The district pricing request as a page (access spec screen 8). */
export function DistrictPricingPage() {
  useDocumentTitle(`District Pricing · ${COMPANY.product}`);
  return (
    <Stack gap="lg" maw={860}>
      <div>
        <Title order={1}>{DISTRICT_PRICING_TITLE}</Title>
        <Text c="dimmed" mt={4}>
          Tell us about your district and we will put together pricing for all of your schools, with
          live webinars and in-person training for your teachers.
        </Text>
      </div>
      <Paper withBorder p="lg" radius="md">
        <DistrictPricingForm />
      </Paper>
    </Stack>
  );
}
