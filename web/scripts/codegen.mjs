// Runs GraphQL Code Generator over the gateway's supergraph API schema. A missing schema is an
// error, never a silent skip: the web's types must always come from the composed supergraph.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

const schema = fileURLToPath(new URL("../../gateway/supergraph-api.graphql", import.meta.url));

if (!existsSync(schema)) {
  console.error(
    `codegen: ${schema} is missing. Compose it first: (cd gateway && npm run compose), or make schemas.`,
  );
  process.exit(1);
}

const result = spawnSync("graphql-codegen", ["--config", "codegen.ts"], {
  stdio: "inherit",
  shell: process.platform === "win32",
});
process.exit(result.status ?? 1);
