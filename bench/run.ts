/**
 * `npm run bench`: runs every bench/*.bench.ts in a fixed order and prints its figures.
 * Each module exports `run(): Promise<void>`; a name filter may be passed
 * (`npm run bench -- keyword`). The HTTP parts need a built app (`npm run build`).
 */
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const ORDER = ["ingest", "keyword", "semantic", "citations", "load", "hostile"];

async function main(): Promise<void> {
  const dir = path.join(process.cwd(), "bench");
  // names, not flags nor a flag's value (`citations --limit 20`)
  const filter = process.argv.slice(2).filter((a, i, all) => !a.startsWith("-") && !(all[i - 1]?.startsWith("--") && /^\d+$/.test(a)));
  const files = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(".bench.ts"))
    .sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
  for (const f of files) {
    const name = f.replace(/\.bench\.ts$/, "");
    if (filter.length && !filter.includes(name)) continue;
    console.log(`\n=== bench: ${name} ===`);
    const mod = (await import(pathToFileURL(path.join(dir, f)).href)) as { run: () => Promise<void> };
    const t = performance.now();
    await mod.run();
    console.log(`=== ${name} done in ${((performance.now() - t) / 1000).toFixed(1)} s ===`);
  }
}

function rank(f: string): number {
  const i = ORDER.indexOf(f.replace(/\.bench\.ts$/, ""));
  return i < 0 ? ORDER.length : i;
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
