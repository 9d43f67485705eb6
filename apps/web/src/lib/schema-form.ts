import { type FormEvent, useCallback, useRef, useState } from "react";
import type { z } from "zod";

/** A form's messages by field name: the first its schema gives for each, or the server's. */
export type FieldMessages = Partial<Record<string, string>>;

/**
 * The values checked with the form's schema, the same one the server checks the call with:
 * the parsed values, or the first message of each field (`a.b` for a nested one).
 */
export function checkValues<S extends z.ZodType>(
  schema: S,
  values: z.input<S>,
): { data: z.output<S> } | { messages: FieldMessages; order: string[] } {
  const checked = schema.safeParse(values);
  if (checked.success) return { data: checked.data };
  const messages: FieldMessages = {};
  const order: string[] = [];
  for (const issue of checked.error.issues) {
    const field = issue.path.join(".");
    if (field in messages) continue;
    messages[field] = issue.message;
    order.push(field);
  }
  return { messages, order };
}

/**
 * A small form for the sign-in pages, which every first visit downloads: react-hook-form's
 * behaviour they use (check with the schema on submit, then again on each change of a field,
 * focus the first field in error, keep what was typed) without its 13 KB of compressed script.
 * The other forms, opened later, keep react-hook-form.
 */
export function useSchemaForm<S extends z.ZodType<object, object>>(
  schema: S,
  defaults: z.input<S>,
) {
  type Values = z.input<S>;
  type Name = keyof Values & string;
  const [values, setValues] = useState<Values>(defaults);
  const [errors, setErrors] = useState<FieldMessages>({});
  const [submitted, setSubmitted] = useState(false);
  const inputs = useRef(new Map<string, HTMLInputElement>());

  // Stable, as react-hook-form's are, so that effects can name them.
  const setValue = useCallback(
    <N extends Name>(name: N, value: Values[N]) =>
      setValues((current) => ({ ...current, [name]: value })),
    [],
  );
  const setError = useCallback(
    (name: Name, message: string) => setErrors((current) => ({ ...current, [name]: message })),
    [],
  );
  const clearErrors = useCallback(
    (name?: Name) =>
      setErrors((current) => {
        if (name === undefined) return {};
        const { [name]: _cleared, ...rest } = current;
        return rest;
      }),
    [],
  );
  // A field that is not shown yet (its step still loading) takes the focus when it shows.
  const focusOnShow = useRef<string | null>(null);
  const focus = useCallback((name: Name) => {
    const input = inputs.current.get(name);
    if (input) input.focus();
    else focusOnShow.current = name;
  }, []);

  /** A typed change; after a submit it is checked again, as the person corrects the field. */
  const change = (name: Name, value: string) => {
    const next = { ...values, [name]: value };
    setValues(next);
    if (!submitted) return;
    const checked = checkValues(schema, next);
    const message = "messages" in checked ? checked.messages[name] : undefined;
    setErrors((current) => {
      const { [name]: _old, ...rest } = current;
      return message === undefined ? rest : { ...rest, [name]: message };
    });
  };

  /** The props of a text input for the field `name`: its value, message and focus target. */
  const field = (name: Name) => ({
    name,
    value: String(values[name] ?? ""),
    error: errors[name],
    onChange: (event: { currentTarget: { value: string } }) =>
      change(name, event.currentTarget.value),
    ref: (input: HTMLInputElement | null) => {
      if (!input) {
        inputs.current.delete(name);
        return;
      }
      inputs.current.set(name, input);
      if (focusOnShow.current === name) {
        focusOnShow.current = null;
        input.focus();
      }
    },
  });

  /** A submit handler that sends the parsed values, or shows each field's message. */
  const handleSubmit = (send: (parsed: z.output<S>) => void) => (event?: FormEvent) => {
    event?.preventDefault();
    setSubmitted(true);
    const checked = checkValues(schema, values);
    if ("messages" in checked) {
      setErrors(checked.messages);
      const first = checked.order.find((name) => inputs.current.has(name));
      if (first) inputs.current.get(first)?.focus();
      return;
    }
    setErrors({});
    send(checked.data);
  };

  return { values, errors, setValue, setError, clearErrors, focus, field, handleSubmit };
}
