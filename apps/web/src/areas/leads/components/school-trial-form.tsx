import { zodResolver } from "@hookform/resolvers/zod";
import { SimpleGrid, Stack, Text, Title } from "@mantine/core";
import {
  COMPANY,
  type SchoolTrialInput,
  type SchoolTrialRequest,
  schoolTrialRequest,
} from "@refrain/domain";
import { useRef } from "react";
import { Controller, useForm } from "react-hook-form";
import { useRequestSchoolTrial } from "../api/request-school-trial.ts";
import { CaptchaField, type CaptchaHandle } from "./captcha-field.tsx";
import { ContactFields, EMPTY_CONTACT } from "./contact-fields.tsx";
import { LeadForm } from "./lead-form.tsx";

/** The founder's thanks that replaces the form (access spec screen 5). */
function FounderThanks({ email }: { email: string }) {
  return (
    <Stack gap="sm" role="status">
      <Title order={2} fz="h3">
        Thank you for inviting {COMPANY.product} into your school!
      </Title>
      <Text>
        I started {COMPANY.product} after watching children who dreaded reading aloud light up when
        the words came with a melody. I hope your students get to feel that too.
      </Text>
      <Text>
        Our team is setting up your school's free trial and will write to you at{" "}
        <strong>{email}</strong> within one business day with everything you need to begin. If a
        question comes up before then, just reply to that email: it comes straight to us.
      </Text>
      <Text>With gratitude,</Text>
      <Text fw={600}>
        — {COMPANY.founder}, founder of {COMPANY.product}
      </Text>
    </Stack>
  );
}

/** A school's free trial request, behind the ALTCHA captcha. */
export function SchoolTrialForm() {
  const trial = useRequestSchoolTrial();
  const captcha = useRef<CaptchaHandle>(null);
  const form = useForm<SchoolTrialInput, unknown, SchoolTrialRequest>({
    resolver: zodResolver(schoolTrialRequest),
    defaultValues: {
      school: "",
      ...EMPTY_CONTACT,
      altcha: "",
    },
  });
  const { isSubmitted } = form.formState;

  if (trial.isSuccess) return <FounderThanks email={form.getValues("email")} />;

  return (
    <LeadForm
      form={form}
      sending={trial}
      submit="Start My Free Trial"
      onFailed={() => captcha.current?.reset()}
    >
      <ContactFields form={form} fields={["school"]} />
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        <ContactFields
          form={form}
          fields={["firstname", "lastname", "email", "phone", "city", "state"]}
        />
      </SimpleGrid>
      <Controller
        control={form.control}
        name="altcha"
        render={({ field, fieldState }) => (
          <CaptchaField
            ref={captcha}
            onChange={(payload) => {
              field.onChange(payload);
              if (isSubmitted) void form.trigger("altcha");
            }}
            error={fieldState.error?.message}
          />
        )}
      />
    </LeadForm>
  );
}
