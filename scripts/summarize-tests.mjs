// Prints one closing line "N passed, N failed" (", N skipped") over the vitest and Playwright
// JSON reports, so CI reads a single verdict. Exit 1 when a report is missing or anything failed.
import fs from "node:fs";

let passed = 0, failed = 0, skipped = 0, missing = 0;
for (const file of process.argv.slice(2)) {
  if (!fs.existsSync(file)) { console.error(`missing test report: ${file}`); missing++; continue; }
  const r = JSON.parse(fs.readFileSync(file, "utf8"));
  if (r.numPassedTests !== undefined) { // vitest (jest-compatible)
    passed += r.numPassedTests; failed += r.numFailedTests; skipped += r.numPendingTests + (r.numTodoTests ?? 0);
  } else if (r.stats) { // playwright
    passed += r.stats.expected; failed += r.stats.unexpected; skipped += r.stats.skipped; passed += r.stats.flaky ?? 0;
  }
}
console.log(`${passed} passed, ${failed + missing} failed${skipped ? `, ${skipped} skipped` : ""}`);
process.exit(failed + missing > 0 || passed === 0 ? 1 : 0);
