import { readdir } from "node:fs/promises";
import { join, relative } from "node:path";

/** Every file under a folder, as paths relative to it; none when it does not exist. */
export async function filesUnder(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => relative(root, join(e.parentPath, e.name)));
}
