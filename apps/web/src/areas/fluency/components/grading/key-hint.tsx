import { Group, Kbd, Text } from "@mantine/core";
import { KEY_HINT } from "./word-keys.ts";

/**
 * The keys of the words list, on screen (issue 11 item 4); only those that act in this state.
 * `seeks`: Enter plays the reading from a word (its suggestion timed the words).
 */
export function KeyHint({
  editable,
  lastWord,
  seeks,
}: {
  editable: boolean;
  lastWord: boolean;
  seeks: boolean;
}) {
  const shown = KEY_HINT.filter(([keys]) => {
    if (keys === "L") return editable && lastWord;
    if (keys === "Enter") return seeks;
    return editable || keys.includes("↑") || keys.includes("→") || keys === "Home End";
  });
  return (
    <Group gap="xs" wrap="wrap" aria-label="Keyboard keys of the words list">
      {shown.map(([keys, what]) => (
        <Text key={keys} size="xs" c="dimmed">
          {keys.split(" ").map((key) => (
            <Kbd key={key} size="xs" mr={4}>
              {key}
            </Kbd>
          ))}
          {what}
        </Text>
      ))}
    </Group>
  );
}
