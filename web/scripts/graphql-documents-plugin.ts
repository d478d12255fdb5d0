import { readFileSync } from "node:fs";
import { parse } from "graphql";
import type { Plugin } from "vite";

/**
 * GraphQL Code Generator's client preset answers `graphql(`...`)` from one map of every document
 * of the app (generated/gql.ts): any page that calls it ships all of them, some 430 KB of
 * JavaScript to parse on every first load. The preset's advice is a compiler plugin that turns
 * each call into its own generated document; this is that plugin for Vite, so a
 * page ships only the documents it uses.
 *
 * `graphql(`query Name ...`)` becomes the AST of `NameDocument` and
 * `graphql(`fragment Name on ...`)` that of `NameFragmentDoc`, read from generated/graphql.ts. A document the generated file does not
 * have (codegen not run) fails the build instead of shipping a wrong query.
 */
export function graphqlDocuments(generatedModule: URL): Plugin {
  const spelling = (name: string) => name.replace(/[^A-Za-z0-9]/g, "").toLowerCase();
  const exported = () =>
    new Map(
      Array.from(
        readFileSync(generatedModule, "utf8").matchAll(
          /^export const (\w+) = (\{.*\}) as unknown as DocumentNode/gm,
        ),
        (match) =>
          [spelling(match[1] ?? ""), { name: match[1] ?? "", ast: match[2] ?? "" }] as const,
      ),
    );
  let names: Map<string, { name: string; ast: string }> | undefined;
  const CALL = /\bgraphql\(\s*`([^`]*)`\s*\)/g;
  const GQL_IMPORT = /import\s*\{\s*graphql\s*\}\s*from\s*["'][^"']*generated\/gql["'];?/;

  return {
    name: "jobboard-graphql-documents",
    enforce: "pre",
    buildStart() {
      names = exported();
    },
    transform(code, id) {
      const file = id.split("?")[0] ?? id;
      if (!/\/app\/.*\.tsx?$/.test(file) || file.includes("/lib/graphql/generated/")) return null;
      if (!code.includes("graphql(`")) return null;
      names ??= exported();
      const known = names;
      const used = new Map<string, string>();
      const rewritten = code.replace(CALL, (_call, source: string) => {
        const definition = parse(source).definitions[0];
        if (
          !definition ||
          (definition.kind !== "OperationDefinition" && definition.kind !== "FragmentDefinition") ||
          !definition.name
        ) {
          this.error(`${file}: a graphql() document needs a named operation or fragment first`);
        }
        const wanted =
          definition.kind === "FragmentDefinition"
            ? `${definition.name.value}FragmentDoc`
            : `${definition.name.value}Document`;
        // codegen spells it in PascalCase (getGdprConsentInfos -> GetGdprConsentInfosDocument)
        const document = known.get(spelling(wanted));
        if (!document) {
          this.error(`${file}: ${wanted} is not in generated/graphql.ts (run npm run codegen)`);
        }
        used.set(document.name, document.ast);
        return `__document_${document.name}`;
      });
      if (used.size === 0) return null;
      // Each document's AST goes into the module that asks for it (JSON.parse reads a large
      // literal faster than JavaScript parses one), declared ahead of the first line so every line
      // keeps its number; the import of the map goes, its line kept empty.
      const declarations = Array.from(
        used,
        ([name, ast]) => `const __document_${name} = JSON.parse(${JSON.stringify(ast)});`,
      ).join(" ");
      const withoutMap = /\bgraphql\(/.test(rewritten)
        ? rewritten
        : rewritten.replace(GQL_IMPORT, "");
      return { code: `${declarations} ${withoutMap}`, map: null };
    },
  };
}
