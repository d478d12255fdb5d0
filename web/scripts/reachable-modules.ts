import { dirname, resolve } from "node:path";
import type { Plugin } from "vite";

/** One `import { a, b as c } from "x"` or `export { a } from "x"`: its source and names. */
interface Binding {
  source: string;
  /** The names taken from the source; null: all of them (`* as`, a default, a bare import). */
  names: string[] | null;
}

const STATEMENT = /\b(import|export)\s*(?:type\s+)?([\w$*\s{},]*?)\s*from\s*["']([^"']+)["']|\bimport\s*["']([^"']+)["']/g;

function bindingsOf(code: string): Binding[] {
  const bindings: Binding[] = [];
  for (const match of code.matchAll(STATEMENT)) {
    const bare = match[4];
    if (bare) {
      // a bare import runs the module, and takes none of a barrel's names
      bindings.push({ source: bare, names: [] });
      continue;
    }
    const clause = match[2] ?? "";
    const source = match[3] ?? "";
    const braces = /\{([^}]*)\}/.exec(clause);
    const outside = clause.replace(/\{[^}]*\}/, "").replace(/,/g, " ").trim();
    if (!braces || outside) {
      bindings.push({ source, names: null });
      continue;
    }
    const names = (braces[1] ?? "")
      .split(",")
      .map((part) => part.trim().replace(/^type\s+/, "").split(/\s+as\s+/)[0]?.trim() ?? "")
      .filter((name) => name.length > 0);
    bindings.push({ source, names });
  }
  return bindings;
}

/**
 * A library's index that only re-exports (`export { Button } from "./Button.mjs"`): a barrel.
 * Its names and their sources; `*source` for an `export *`, `!source` for a bare import.
 */
function barrelExports(code: string): Map<string, string> | null {
  const body = code
    .replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, "")
    .replace(/^\s*["']use client["'];?\s*$/gm, "");
  const statements = body.split(/;|\n/).map((line) => line.trim()).filter(Boolean);
  const reexport = /^export\s*(\{[^}]*\}|\*)\s*from\s*["'][^"']+["']$/;
  const bare = /^import\s*["']([^"']+)["']$/;
  if (!statements.some((line) => reexport.test(line)) || !statements.every((line) => reexport.test(line) || bare.test(line)))
    return null;
  const exports = new Map<string, string>();
  for (const line of statements) {
    const imported = bare.exec(line)?.[1];
    if (imported) {
      exports.set(`!${imported}`, imported);
      continue;
    }
    const source = /from\s*["']([^"']+)["']/.exec(line)?.[1] ?? "";
    const braces = /\{([^}]*)\}/.exec(line);
    if (!braces) {
      exports.set(`*${source}`, source);
      continue;
    }
    for (const part of (braces[1] ?? "").split(",")) {
      const [, exported] = /(?:\S+\s+as\s+)?(\S+)$/.exec(part.trim()) ?? [];
      if (exported) exports.set(exported, source);
    }
  }
  return exports;
}

/**
 * The modules that some entries (the client entry and the root route: what every page loads)
 * import statically, and theirs in turn, collected as the build parses modules and read when it
 * makes the chunks (vite.config.ts groups them).
 *
 * A library's barrel (`@mantine/core`'s index, Tabler's icons) would take in every component of
 * the library; through a barrel only the names imported are followed (`import { Button }`
 * reaches Button's module, not Stepper's). Anything this does not understand (`import *`, a
 * default import, `export *`) is followed whole: a module too many in the group, never one
 * missing from it (which would only cost a file more).
 */
export function reachableModules(entries: RegExp): { plugin: Plugin; has: (id: string) => boolean } {
  const modules = new Map<string, { imported: readonly string[]; code: string }>();
  let reached: Set<string> | null = null;

  /** The id a source names among the module's imports: a path beside it, or a package. */
  const resolveIn = (from: string, imported: readonly string[], source: string): string | undefined => {
    if (source.startsWith(".")) {
      const path = resolve(dirname(from), source);
      return imported.find((id) => id === path || id.startsWith(`${path}?`));
    }
    // a package or a file of one: `react-dom/client` is node_modules/react-dom/client.js
    const path = `/node_modules/${source}`;
    return imported.find((id) => {
      const at = id.replace(/\\/g, "/").lastIndexOf(path);
      return at >= 0 && /^([/.?]|$)/.test(id.slice(at + path.length));
    });
  };

  const walk = (start: string[]) => {
    const seen = new Set<string>();
    /** Modules followed whole (every import), as opposed to barrels followed by name. */
    const whole = new Set<string>();
    /** A barrel's re-exports reached by name: `barrel id` -> names already followed. */
    const barrelNames = new Map<string, Set<string>>();
    const queue: { id: string; names: string[] | null }[] = start.map((id) => ({ id, names: null }));
    for (let item = queue.pop(); item; item = queue.pop()) {
      const { id, names } = item;
      const module = modules.get(id);
      const barrel = module && id.includes("node_modules") ? barrelExports(module.code) : null;
      if (module && barrel && names) {
        seen.add(id);
        let done = barrelNames.get(id);
        if (!done) {
          done = new Set<string>();
          barrelNames.set(id, done);
          // its bare imports run whenever it is imported
          for (const [key, source] of barrel) {
            const target = key.startsWith("!") ? resolveIn(id, module.imported, source) : undefined;
            if (target) queue.push({ id: target, names: null });
          }
        }
        for (const name of names) {
          if (done.has(name)) continue;
          done.add(name);
          const source = barrel.get(name);
          if (source) {
            const target = resolveIn(id, module.imported, source);
            if (target) queue.push({ id: target, names: [name] });
            else queue.push(...module.imported.map((next) => ({ id: next, names: null })));
          } else {
            // not among its own names: one of its `export *` has it, or none (followed whole)
            const stars = [...barrel].filter(([key]) => key.startsWith("*"));
            for (const [, star] of stars) {
              const target = resolveIn(id, module.imported, star);
              if (target) queue.push({ id: target, names: [name] });
              else queue.push(...module.imported.map((next) => ({ id: next, names: null })));
            }
            if (stars.length === 0) queue.push(...module.imported.map((next) => ({ id: next, names: null })));
          }
        }
        continue;
      }
      if (whole.has(id)) continue;
      whole.add(id);
      seen.add(id);
      if (!module) continue;
      const bound = new Set<string>();
      for (const binding of bindingsOf(module.code)) {
        const target = resolveIn(id, module.imported, binding.source);
        if (!target) continue;
        bound.add(target);
        queue.push({ id: target, names: binding.names });
      }
      // imports the statements above did not account for: followed whole
      for (const next of module.imported) if (!bound.has(next)) queue.push({ id: next, names: null });
    }
    return seen;
  };

  const plugin: Plugin = {
    name: `reachable-modules ${entries.source}`,
    apply: "build",
    buildStart() {
      modules.clear();
      reached = null;
    },
    moduleParsed(info) {
      modules.set(info.id, { imported: info.importedIds, code: info.code ?? "" });
    },
  };
  const has = (id: string) => {
    reached ??= walk([...modules.keys()].filter((key) => entries.test(key)));
    return reached.has(id);
  };
  return { plugin, has };
}
