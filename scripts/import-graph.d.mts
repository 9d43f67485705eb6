// Types for import-graph.mjs, which the server's and the web app's TypeScript tests import.
export function relativeImports(file: string, text: string): string[];
export const areaOf: (path: string) => string | undefined;
export function breaches(
  files: string[],
  importsOf: (file: string) => string[],
  breach: (file: string, target: string) => string | null,
): string[];
export function areaLoops(files: string[], importsOf: (file: string) => string[]): string[];
