import { ComboboxChevron, type ComboboxItem, type SelectProps, TextInput } from "@mantine/core";
import { type KeyboardEvent, useEffect, useRef, useState } from "react";

type SelectComponent = typeof import("./select-chunk.ts").Select;

let selectChunk: Promise<SelectComponent> | undefined;
/** Mantine's Select, once loaded, for every field drawn after. */
let loadedSelect: SelectComponent | null = null;

/** The Select's chunk, loaded once; a failed load is tried again at the next reach. */
function loadSelect() {
  selectChunk ??= import("./select-chunk.ts").then(
    ({ Select }) => {
      loadedSelect = Select;
      return Select;
    },
    (error: unknown) => {
      selectChunk = undefined;
      throw error;
    },
  );
  return selectChunk;
}

/** The keys that open a closed searchable Select (Mantine reads their `code`). */
const OPENING_KEYS = new Set(["ArrowDown", "ArrowUp"]);

/** Types `text` into `input` as a reader would, so React and the combobox hear it. */
function typeInto(input: HTMLInputElement, text: string) {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")?.set?.call(input, text);
  input.dispatchEvent(new Event("input", { bubbles: true }));
}

/**
 * A report criteria's searchable Select (a teacher, a student), drawn until Mantine's Select has
 * loaded as the closed Select draws itself: the same input, label, chevron, value and error, a
 * combobox to a screen reader. A teacher's home shows one at first render and most visits never
 * open it, so the combobox, its popover and positioning library (about 14 KB compressed) load
 * when the pointer or the focus reaches a field (issue 40). What is done before they arrive is
 * played again on the loaded field, which takes the focus if the stand-in had it: a press or an
 * arrow key opens it, text typed searches.
 */
export function CriteriaSelect(props: Omit<SelectProps, "data"> & { data: ComboboxItem[] }) {
  const [Select, setSelect] = useState(() => loadedSelect);
  const standIn = useRef<HTMLInputElement>(null);
  const field = useRef<HTMLInputElement>(null);
  const pending = useRef<{ press: boolean; key?: string; typed?: string; focused: boolean }>({
    press: false,
    focused: false,
  });
  const shown = props.data.find((item) => item.value === props.value)?.label ?? "";
  const [typed, setTyped] = useState<string | null>(null);

  useEffect(() => {
    if (!Select) return;
    const { press, key, typed: text, focused } = pending.current;
    // After the combobox has set its search to the value (in its own effects).
    const timer = window.setTimeout(() => {
      const input = field.current;
      if (!input) return;
      if (focused) input.focus();
      // Typed text is searched in the field that has the focus, as the combobox expects.
      if (text !== undefined && focused) typeInto(input, text);
      else if (key)
        input.dispatchEvent(
          new KeyboardEvent("keydown", { key, code: key, bubbles: true, cancelable: true }),
        );
      else if (press) input.click();
    });
    return () => window.clearTimeout(timer);
  }, [Select]);

  if (Select) return <Select ref={field} {...props} />;

  const reach = () => {
    void loadSelect().then(
      (loaded) => {
        pending.current.focused = document.activeElement === standIn.current;
        setSelect(() => loaded);
      },
      // Offline or a new release: the next reach tries again; the stand-in stays as it is.
      () => {},
    );
  };
  return (
    <TextInput
      ref={standIn}
      label={props.label}
      placeholder={props.placeholder}
      error={props.error}
      w={props.w}
      value={typed ?? shown}
      onChange={(event) => {
        pending.current.typed = event.currentTarget.value;
        setTyped(event.currentTarget.value);
      }}
      role="combobox"
      aria-haspopup="listbox"
      aria-expanded={false}
      autoComplete="off"
      rightSection={<ComboboxChevron error={props.error} />}
      rightSectionPointerEvents="none"
      onPointerEnter={reach}
      onFocus={reach}
      onPointerDown={() => {
        pending.current.press = true;
        reach();
      }}
      onKeyDown={(event: KeyboardEvent<HTMLInputElement>) => {
        if (!OPENING_KEYS.has(event.key)) return;
        event.preventDefault();
        pending.current.key = event.key;
        reach();
      }}
    />
  );
}
