import { writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { samplePackage, zipPackage } from "../demo/plan/oneroster-package.ts";

/**
 * `npm run roster:sample -- [--errors] [--size demo|bench] [--out file.zip]`: writes a sample
 * OneRoster 1.2 package of the demo district, for reviewers to try the district roster import
 * with. `--errors` writes the variant with the problems the import must report.
 */

const USAGE = "Usage: npm run roster:sample -- [--errors] [--size demo|bench] [--out file.zip]";

function main(argv: string[]) {
  const { values } = parseArgs({
    args: argv.slice(2),
    options: {
      errors: { type: "boolean", default: false },
      size: { type: "string", default: "demo" },
      out: { type: "string" },
    },
  });
  const size = values.size;
  if (size !== "demo" && size !== "bench") throw new Error("--size is demo or bench.");
  const variant = values.errors ? "errors" : "valid";
  const files = samplePackage({ variant, size });
  const zip = zipPackage(files);
  const name =
    values.out ??
    (variant === "errors" ? "riverbend-oneroster-errors.zip" : "riverbend-oneroster.zip");
  // npm runs scripts from the repository root; a relative path means where the command was typed.
  const path = resolve(process.env.INIT_CWD ?? process.cwd(), name);
  writeFileSync(path, zip);
  console.log(
    `Wrote ${path} (${Math.ceil(zip.length / 1024)} KB), the ${size} ${variant} package:`,
  );
  for (const [file, text] of files) {
    // Every file ends with a line break after its header and rows.
    const rows = text.split("\n").length - 2;
    console.log(`  ${file.padEnd(22)} ${String(rows).padStart(6)} rows`);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  try {
    main(process.argv);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error, `\n${USAGE}`);
    process.exit(1);
  }
}
