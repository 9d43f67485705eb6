import "altcha";
import { Input, Stack } from "@mantine/core";
import { leadsCalls } from "@refrain/domain";
import { type Ref, useEffect, useImperativeHandle, useRef } from "react";

type AltchaWidget = HTMLElementTagNameMap["altcha-widget"];

export interface CaptchaHandle {
  /** A solution is good for one submission: start over after the server used it. */
  reset(): void;
}

interface StateChange {
  state: string;
  payload?: string;
}

/**
 * The ALTCHA widget: a proof of work the browser solves when the box is ticked. Its solved
 * payload goes to the form as one value; any other state leaves the value empty.
 */
export function CaptchaField({
  onChange,
  error,
  ref,
}: {
  onChange: (payload: string) => void;
  error?: string;
  ref?: Ref<CaptchaHandle>;
}) {
  const widget = useRef<AltchaWidget>(null);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  useImperativeHandle(ref, () => ({
    reset: () => {
      widget.current?.reset();
      onChangeRef.current("");
    },
  }));

  useEffect(() => {
    const element = widget.current;
    if (!element) return;
    const listener = (event: Event) => {
      const { state, payload } = (event as CustomEvent<StateChange>).detail;
      onChangeRef.current(state === "verified" && payload ? payload : "");
    };
    element.addEventListener("statechange", listener);
    return () => element.removeEventListener("statechange", listener);
  }, []);

  return (
    <Stack gap={4}>
      <altcha-widget ref={widget} challenge={leadsCalls.captchaChallenge.path} name="altcha" />
      {error && <Input.Error>{error}</Input.Error>}
    </Stack>
  );
}
