import type { ClientRect, KeyboardCoordinateGetter } from "@dnd-kit/core";
import { describe, expect, it } from "vitest";
import { placeByPlace } from "./keyboard-moves.ts";

const rect = (left: number, top: number, width: number, height: number): ClientRect => ({
  left,
  top,
  width,
  height,
  right: left + width,
  bottom: top + height,
});

/** The arguments dnd-kit passes, with the carried student's rectangle at `carried`. */
function press(code: string, carried: ClientRect, over: string) {
  const places = new Map([
    ["group-0", rect(80, 200, 360, 200)],
    ["group-7", rect(460, 260, 730, 90)],
  ]);
  const getter = placeByPlace(() => ["group-0", "group-7"]);
  const event = { code, preventDefault: () => {} } as unknown as KeyboardEvent;
  // The keyboard pointer starts at the centre of the carried rectangle.
  const currentCoordinates = {
    x: carried.left + carried.width / 2,
    y: carried.top + carried.height / 2,
  };
  const args = {
    active: "student-1",
    currentCoordinates,
    context: {
      active: { id: "student-1", data: { current: { from: "group-0" } } },
      collisionRect: carried,
      droppableRects: places,
      over: { id: over },
    },
  } as unknown as Parameters<KeyboardCoordinateGetter>[1];
  const next = getter(event, args);
  if (!next) return null;
  // Where the carried rectangle ends up: moved by as much as the pointer.
  return {
    left: carried.left + next.x - currentCoordinates.x,
    top: carried.top + next.y - currentCoordinates.y,
  };
}

describe("keyboard moves place by place", () => {
  const chip = rect(100, 240, 320, 36);

  it("puts the whole carried student inside the next place, not half over the last one", () => {
    expect(press("ArrowRight", chip, "group-0")).toEqual({ left: 472, top: 272 });
  });

  it("goes back to the previous place and stops at the first", () => {
    const inGroup = rect(472, 272, 320, 36);
    expect(press("ArrowLeft", inGroup, "group-7")).toEqual({ left: 92, top: 212 });
    expect(press("ArrowUp", chip, "group-0")).toEqual({ left: 92, top: 212 });
  });

  it("leaves other keys to the sensor", () => {
    expect(press("KeyA", chip, "group-0")).toBeNull();
  });
});
