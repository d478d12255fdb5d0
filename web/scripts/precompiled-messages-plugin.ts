import { createRequire } from "node:module";
import { parse } from "@formatjs/icu-messageformat-parser";
import MagicString from "magic-string";
import { parseAst } from "rolldown/parseAst";
import type { Plugin } from "vite";

/**
 * react-intl's messages compiled at build time, so the browser gets no ICU parser.
 *
 * The site's language needs no catalogue: its texts are the `defaultMessage`s in the code
 * (`defineMessages({ x: { id, defaultMessage: "..." } })`, `<FormattedMessage defaultMessage="..."/>`).
 * react-intl parses each into an AST the first time it formats it, with a parser of some 40 KB
 * that every first load evaluated. FormatJS's advice is to ship messages as ASTs and alias the
 * parser to its `no-parser` build; its Babel plugin does the first part for builds that have
 * Babel, this one does it for Vite: every `defaultMessage: "literal"` in `app/` becomes the
 * literal's AST, parsed as react-intl would parse it. A `defaultMessage` that is not a literal
 * fails the build (it would need the parser at run time). The browser's react-intl then
 * resolves the parser to `no-parser`; the other locales' catalogues reach it compiled (the root
 * loader's, lib/i18n/compile-messages.ts) and a language chosen later loads the parser with its
 * catalogue. The server keeps the parser (meta and the catalogues of other locales).
 *
 * Vitest does not load this plugin: unit tests run with string messages and the parser.
 */
export function precompiledMessages(): Plugin {
  const require = createRequire(import.meta.url);
  const PARSER = "@formatjs/icu-messageformat-parser";
  const noParser = require.resolve(`${PARSER}/no-parser.js`);
  const APP_CODE = /[\\/]app[\\/].*\.tsx?$/;
  return {
    name: "jobboard-precompiled-messages",
    apply: "build",
    // after the TypeScript and JSX transform: a JSX attribute is then a property of the props
    enforce: "post",
    resolveId: {
      order: "pre",
      handler(source, importer) {
        // react-intl's own imports of the parser, in the browser's build only; the app's dynamic
        // import of it (a language chosen later) keeps the real one
        if (source !== PARSER || this.environment.name !== "client") return null;
        if (!importer || !/[\\/]node_modules[\\/]/.test(importer)) return null;
        return noParser;
      },
    },
    transform(code, id) {
      const file = id.split("?")[0] ?? id;
      if (!APP_CODE.test(file) || !code.includes("defaultMessage")) return null;
      const output = new MagicString(code);
      let changed = false;
      const visit = (node: unknown): void => {
        if (!node || typeof node !== "object") return;
        if (Array.isArray(node)) {
          node.forEach(visit);
          return;
        }
        const value = node as Record<string, unknown> & { type?: string };
        if (value.type === "Property" && isKey(value.key, "defaultMessage")) {
          const literal = value.value as { type: string; value?: unknown; start: number; end: number; expressions?: unknown[]; quasis?: { value: { cooked: string } }[] };
          const text =
            literal.type === "Literal" && typeof literal.value === "string"
              ? literal.value
              : literal.type === "TemplateLiteral" && literal.expressions?.length === 0
                ? literal.quasis?.[0]?.value.cooked
                : undefined;
          if (text === undefined) {
            this.error(`${file}: a defaultMessage must be a string literal (it is compiled at build time)`);
          }
          output.overwrite(literal.start, literal.end, JSON.stringify(parse(text)));
          changed = true;
          return;
        }
        for (const [key, child] of Object.entries(value)) {
          if (key !== "type" && key !== "start" && key !== "end") visit(child);
        }
      };
      visit(parseAst(code, { lang: "js" }, file));
      return changed ? { code: output.toString(), map: output.generateMap({ hires: true }) } : null;
    },
  };
}

function isKey(key: unknown, name: string): boolean {
  const node = key as { type?: string; name?: string; value?: unknown };
  return (node.type === "Identifier" && node.name === name) || (node.type === "Literal" && node.value === name);
}
