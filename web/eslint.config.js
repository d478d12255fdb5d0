import { readdirSync } from "node:fs";
import js from "@eslint/js";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import importX from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/**
 * One-way imports (STYLE.md rule 12): shared code (components/, lib/) → features/ → routes/
 * and the app entry files. Features stay independent of each other.
 */
const FEATURES = readdirSync(new URL("./app/features", import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const oneWayImports = {
  "import-x/no-restricted-paths": [
    "error",
    {
      zones: [
        {
          target: ["./app/components", "./app/lib"],
          from: ["./app/features", "./app/routes", "./app/root.tsx", "./app/entry.client.tsx", "./app/entry.server.tsx"],
          message: "Shared code must not import features, routes or the app.",
        },
        {
          target: "./app/features",
          from: ["./app/routes", "./app/root.tsx", "./app/entry.client.tsx", "./app/entry.server.tsx"],
          message: "Features must not import routes or the app.",
        },
        ...FEATURES.map((feature) => ({
          target: `./app/features/${feature}`,
          from: "./app/features",
          except: [`./${feature}`],
          message: "Features must not import each other; move shared code to components/ or lib/.",
        })),
      ],
    },
  ],
  // No barrel files: import from the module that defines the thing.
  "no-restricted-syntax": [
    "error",
    {
      selector: "Program > ExportAllDeclaration",
      message: "No barrel files: import from the defining module instead of re-exporting.",
    },
  ],
};

export default tseslint.config(
  { ignores: ["build/", ".react-router/", "node_modules/", "app/lib/graphql/generated/"] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    files: ["**/*.{ts,tsx}"],
    plugins: { "import-x": importX, "react-hooks": reactHooks },
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    settings: {
      "import-x/resolver-next": [createTypeScriptImportResolver({ project: "./tsconfig.json" })],
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...oneWayImports,
      "@typescript-eslint/consistent-type-imports": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_" }],
    },
  },
  {
    // Spec 2: links and navigation follow the page's locale (its prefix, translated route names).
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["app/components/Link.tsx", "app/lib/site-locale.tsx", "app/**/*.test.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [
            {
              name: "react-router",
              importNames: ["Link", "NavLink"],
              message: "Use ~/components/Link: its links follow the page's locale.",
            },
            {
              name: "react-router",
              importNames: ["useNavigate"],
              message: "Use useNavigate from ~/lib/site-locale: it follows the page's locale.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["**/*.{js,mjs}"],
    languageOptions: { globals: globals.node },
  },
);
