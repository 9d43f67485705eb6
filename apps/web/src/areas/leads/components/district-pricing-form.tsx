import { zodResolver } from "@hookform/resolvers/zod";
import { Button, Group, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import {
  type DistrictPricingInput,
  type DistrictPricingRequest,
  districtPricingRequest,
} from "@refrain/domain";
import type { ReactNode } from "react";
import { useForm } from "react-hook-form";
import { useRequestDistrictPricing } from "../api/request-district-pricing.ts";
import { ContactFields, EMPTY_CONTACT, ReferralFields } from "./contact-fields.tsx";
import { LeadForm } from "./lead-form.tsx";

export const DISTRICT_PRICING_TITLE = "Let's Get Your District Started";

/**
 * District pricing request (access spec screen 8). Errors show after the first submit attempt;
 * from then on the button stays disabled until the form is valid. A thank-you replaces it.
 */
export function DistrictPricingForm({
  intro,
  onCancel,
}: {
  /** Shown above the fields, and gone with them after the request. */
  intro?: ReactNode;
  onCancel?: () => void;
}) {
  const pricing = useRequestDistrictPricing();
  const form = useForm<DistrictPricingInput, unknown, DistrictPricingRequest>({
    resolver: zodResolver(districtPricingRequest),
    defaultValues: {
      district: "",
      ...EMPTY_CONTACT,
      title: "",
      referral: "",
      referralCode: "",
    },
  });

  if (pricing.isSuccess) {
    return (
      <Stack gap="xs" role="status">
        <Title order={2} fz="h3">
          Request received
        </Title>
        <Text>{pricing.data.message}</Text>
        {onCancel && (
          <Group justify="flex-end" mt="sm">
            <Button variant="light" onClick={onCancel}>
              Close
            </Button>
          </Group>
        )}
      </Stack>
    );
  }

  return (
    <LeadForm
      form={form}
      sending={pricing}
      intro={intro}
      submit="Request District Pricing"
      onCancel={onCancel}
      buttonsMt="sm"
    >
      <ContactFields form={form} fields={["district"]} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <ContactFields
          form={form}
          fields={["firstname", "lastname", "title", "phone"]}
          labels={{ title: "Your Title" }}
          hints={{ title: "Optional, e.g. Curriculum Director" }}
        />
      </SimpleGrid>
      <ContactFields form={form} fields={["email"]} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <ContactFields form={form} fields={["city", "state"]} />
        <ReferralFields form={form} optional />
      </SimpleGrid>
    </LeadForm>
  );
}
