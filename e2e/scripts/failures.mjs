// Prints, in a few lines each, the journeys that failed (or passed only when tried again) in
// Playwright's JSON reports: where each stopped and the first lines of its error. A CI log is often
// read from its end, where the list reporter's full output has scrolled away.
//   node scripts/failures.mjs report.json [report.json ...]
import { readFileSync, existsSync } from "node:fs";

const ANSI = /\u001b\[[0-9;]*m/g;
const LINES = 4;

function* tests(suite, titles = []) {
  const here = suite.title ? [...titles, suite.title] : titles;
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests ?? []) yield { title: [...here, spec.title].join(" › "), spec, test };
  }
  for (const child of suite.suites ?? []) yield* tests(child, here);
}

let printed = 0;
for (const file of process.argv.slice(2)) {
  if (!existsSync(file)) continue;
  const report = JSON.parse(readFileSync(file, "utf8"));
  for (const suite of report.suites ?? []) {
    for (const { title, spec, test } of tests(suite)) {
      if (test.status !== "unexpected" && test.status !== "flaky") continue;
      printed += 1;
      console.log(`${test.status === "flaky" ? "FLAKY " : "FAILED"} [${test.projectName}] ${spec.file}:${spec.line} ${title}`);
      test.results.forEach((result, attempt) => {
        for (const error of result.errors ?? []) {
          const where = error.location ? ` at ${error.location.file.split("/e2e/").pop()}:${error.location.line}` : "";
          const lines = (error.message ?? String(error.value ?? ""))
            .replace(ANSI, "")
            .split("\n")
            .map((line) => line.trimEnd())
            .filter(Boolean)
            .slice(0, LINES);
          console.log(`  try ${attempt + 1} (${Math.round(result.duration / 1000)} s)${where}: ${lines.join(" | ")}`);
        }
      });
    }
  }
}
if (printed === 0) console.log("no failed journeys in the reports");
