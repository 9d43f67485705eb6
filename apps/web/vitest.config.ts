import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    name: "web",
    include: ["src/**/*.test.{ts,tsx}"],
    // One module registry per worker, not per file: importing React and Mantine again for each
    // of some 50 files took 30 of the project's 38 CPU-s. The files that stub globals undo it
    // after each test, and they pass in any order (--sequence.shuffle).
    isolate: false,
  },
});
