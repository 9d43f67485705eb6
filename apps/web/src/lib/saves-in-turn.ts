import { useRef } from "react";

/**
 * A row's saves, one at a time. The returned commit runs `save`, which starts a save when one is
 * needed: it then returns true and calls `settled` once the save is answered. A commit asked for
 * while a save is in flight runs once more after it settles, reading the values of then, so a
 * blur and an Enter never send two saves at once.
 */
export function useSavesInTurn(save: (settled: () => void) => boolean): () => void {
  const inFlight = useRef(false);
  const again = useRef(false);
  const commit = () => {
    if (inFlight.current) {
      again.current = true;
      return;
    }
    inFlight.current = save(() => {
      inFlight.current = false;
      if (again.current) {
        again.current = false;
        commit();
      }
    });
  };
  return commit;
}
