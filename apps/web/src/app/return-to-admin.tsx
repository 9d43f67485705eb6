import { ActionIcon, Button, Tooltip } from "@mantine/core";
import { IconArrowBackUp } from "@tabler/icons-react";
import classes from "./signed-in-header.module.css";
import { useReturnToAdmin } from "./use-return-to-admin.ts";

/**
 * While an admin impersonates someone, the way back stays in view in the header: a button, not
 * only an entry of the account menu (which says whom they act as). It never shrinks: the name
 * beside it gives way first; where the menu bar leaves little room, it is an icon with a tooltip.
 */
export function ReturnToAdminButton() {
  const { pending, returnToAdmin } = useReturnToAdmin();
  return (
    <>
      <Button
        className={classes.roomy}
        color="orange"
        variant="light"
        leftSection={<IconArrowBackUp size={18} />}
        loading={pending}
        onClick={returnToAdmin}
        style={{ flexShrink: 0 }}
      >
        Return to Admin
      </Button>
      <Tooltip label="Return to Admin">
        <ActionIcon
          className={classes.compact}
          color="orange"
          variant="light"
          size="lg"
          aria-label="Return to Admin"
          loading={pending}
          onClick={returnToAdmin}
        >
          <IconArrowBackUp size={18} />
        </ActionIcon>
      </Tooltip>
    </>
  );
}
