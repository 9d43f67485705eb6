import { Button, type ButtonProps, Modal, Text } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { DISTRICT_PRICING_TITLE, DistrictPricingForm } from "./district-pricing-form.tsx";

/** A button opening the district pricing form in a modal (access spec screen 8). */
export function DistrictPricingButton(props: ButtonProps) {
  const [opened, modal] = useDisclosure(false);
  return (
    <>
      <Button onClick={modal.open} {...props}>
        Get District Pricing
      </Button>
      <Modal
        opened={opened}
        onClose={modal.close}
        title={DISTRICT_PRICING_TITLE}
        size="xl"
        centered
      >
        <DistrictPricingForm
          onCancel={modal.close}
          intro={
            <Text>
              Tell us about your district and we will put together pricing for all of your schools,
              with training for your teachers.
            </Text>
          }
        />
      </Modal>
    </>
  );
}
