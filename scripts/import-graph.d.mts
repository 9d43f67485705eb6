// Types for import-graph.mjs, which the server's and the web app's TypeScript tests import.
export function relativeImports(file: string, text: string): string[];
export const areaOf: (path: string) => string | undefined;
export function areaLoops(files: string[], importsOf: (file: string) => string[]): string[];
