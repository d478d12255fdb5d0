import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// What the build preloads for a page: the client entry, the root route and the page's route, with
// everything they import statically (a dynamic import() is its own chunk, loaded when called).
const APP = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const STATIC_IMPORT = /^\s*(?:import|export)\s+(?!type\b)([^;]*?)\s*from\s*"([^"]+)"|^\s*import\s+"([^"]+)"/gms;

function resolveLocal(from: string, source: string): string | null {
  const base = source.startsWith("~/") ? join(APP, source.slice(2)) : source.startsWith(".") ? resolve(dirname(from), source) : null;
  if (!base) return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, "index.ts")]) {
    if (existsSync(candidate) && !candidate.endsWith(".css") && !/\.(css|json)$/.test(candidate) && readdirSafe(candidate)) return candidate;
  }
  return null;
}

function readdirSafe(path: string): boolean {
  try {
    readdirSync(path);
    return false; // a directory
  } catch {
    return true;
  }
}

/** A route module's code without its loader, which the client build drops (React Router). */
function withoutLoader(code: string): string {
  const start = code.search(/export async function loader\(/);
  if (start < 0) return code;
  let depth = 0;
  for (let at = code.indexOf("{", code.indexOf(")", start)); at < code.length; at += 1) {
    if (code[at] === "{") depth += 1;
    if (code[at] === "}" && --depth === 0) return code.slice(0, start) + code.slice(at + 1);
  }
  return code;
}

/** Whether a route module still uses what an import clause brings, once its loader is gone. */
function usedOutsideLoader(code: string, clause: string): boolean {
  const body = withoutLoader(code).replace(STATIC_IMPORT, "");
  const names = clause.replace(/[{}]/g, " ").split(/[\s,]+/).filter((name) => name && name !== "type" && name !== "as");
  return names.some((name) => new RegExp(`\\b${name.replace("$", "\\$")}\\b`).test(body));
}

/** The app's modules a page loads at first, and which of them import Apollo at run time. */
function apolloOnFirstLoad(entries: string[]): string[] {
  const seen = new Set<string>();
  const offenders: string[] = [];
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const code = readFileSync(file, "utf8");
    for (const match of code.matchAll(STATIC_IMPORT)) {
      const clause = match[1] ?? "";
      const source = match[2] ?? match[3] ?? "";
      // `import { type A, type B }` is erased too
      const typeOnly = /^\{[^}]*\}$/.test(clause.trim()) && clause.replace(/[{}\s]/g, "").split(",").every((name) => name.startsWith("type") || name === "");
      if (typeOnly) continue;
      // a route's loader goes with the server build, and what only it imports
      if (/[\\/]routes[\\/]/.test(file) && clause && !usedOutsideLoader(code, clause)) continue;
      if (/^(@apollo\/client|rxjs)/.test(source)) offenders.push(`${relative(APP, file)} imports ${source}`);
      const local = resolveLocal(file, source);
      // `.server` modules never reach the browser (the build refuses them there)
      if (local && !/\.server\.tsx?$/.test(local)) visit(local);
    }
  };
  for (const entry of entries) visit(join(APP, entry));
  return offenders;
}

describe("Apollo Client on the first load", () => {
  it("stays off the client entry and the root route (every page)", () => {
    expect(apolloOnFirstLoad(["entry.client.tsx", "root.tsx"])).toEqual([]);
  });

  it.each(["routes/home.tsx", "routes/jobs.tsx", "routes/job.tsx"])(
    "stays off %s, which hydrates without it",
    (route) => {
      expect(readFileSync(join(APP, route), "utf8")).toMatch(/hydratesWithoutApollo: true/);
      expect(apolloOnFirstLoad([route])).toEqual([]);
    },
  );
});
