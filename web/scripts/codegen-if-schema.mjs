// Runs GraphQL Code Generator when the gateway's supergraph API schema exists. Until gateway/
// produces it there is nothing to generate from, so the step says so and succeeds: a build
// must not depend on a file another part of the repository has not written yet.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

const schema = fileURLToPath(new URL("../../gateway/supergraph-api.graphql", import.meta.url));

if (!existsSync(schema)) {
  console.log(`codegen: skipped, ${schema} does not exist yet (gateway/ composes it).`);
  process.exit(0);
}

const result = spawnSync("graphql-codegen", ["--config", "codegen.ts"], {
  stdio: "inherit",
  shell: process.platform === "win32",
});
process.exit(result.status ?? 1);
