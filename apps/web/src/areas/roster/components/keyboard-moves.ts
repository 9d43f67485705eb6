import { KeyboardCode, type KeyboardCoordinateGetter, type UniqueIdentifier } from "@dnd-kit/core";

const NEXT = [KeyboardCode.Down, KeyboardCode.Right] as string[];
const PREVIOUS = [KeyboardCode.Up, KeyboardCode.Left] as string[];
// Where a carried student sits inside the place it is over: near its top-left corner, so it
// overlaps that place only, however tall an open group is.
const INSET = 12;

/**
 * Keyboard moves jump from place to place (the ungrouped list, then each group in page order)
 * instead of creeping a few pixels per key press. `order()` gives the droppable ids in order.
 */
export function placeByPlace(order: () => UniqueIdentifier[]): KeyboardCoordinateGetter {
  return (
    event,
    { currentCoordinates, context: { active, collisionRect, droppableRects, over } },
  ) => {
    const forward = NEXT.includes(event.code);
    if (!forward && !PREVIOUS.includes(event.code)) return undefined;
    event.preventDefault();
    if (!active || !collisionRect) return undefined;
    const ids = order().filter((id) => droppableRects.has(id));
    if (ids.length === 0) return undefined;
    const from = ids.indexOf(over?.id ?? (active.data.current?.from as UniqueIdentifier));
    const to = from === -1 ? 0 : Math.min(ids.length - 1, Math.max(0, from + (forward ? 1 : -1)));
    const rect = droppableRects.get(ids[to] as UniqueIdentifier);
    if (!rect) return undefined;
    // Move the carried student's rectangle, not the pointer: the keyboard pointer starts at
    // the student's centre, so putting it at the corner would leave half the rectangle over
    // the neighbouring place, and collision detection could pick either.
    return {
      x: currentCoordinates.x + rect.left + INSET - collisionRect.left,
      y: currentCoordinates.y + rect.top + INSET - collisionRect.top,
    };
  };
}
