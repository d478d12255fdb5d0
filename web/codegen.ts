import type { CodegenConfig } from "@graphql-codegen/cli";

/** The supergraph API schema composed by gateway/ (see STYLE.md rule 11). */
export const SUPERGRAPH_API_SCHEMA = "../gateway/supergraph-api.graphql";

const config: CodegenConfig = {
  schema: SUPERGRAPH_API_SCHEMA,
  documents: [
    "app/**/*.{ts,tsx}",
    "!app/**/*.test.{ts,tsx}",
    "!app/lib/graphql/generated/**",
  ],
  ignoreNoDocuments: true,
  generates: {
    "app/lib/graphql/generated/": {
      preset: "client",
      presetConfig: { fragmentMasking: false },
      config: { useTypeImports: true, enumsAsTypes: true, strictScalars: false },
    },
    // the cache's possibleTypes (lib/apollo/create-apollo-client.ts)
    "app/lib/graphql/generated/possible-types.ts": {
      plugins: ["./scripts/possible-types-plugin.mjs"],
    },
  },
};

export default config;
