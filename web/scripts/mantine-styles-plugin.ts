import type { Plugin } from "vite";

/**
 * Mantine's stylesheet, split per component: a page loads the CSS of the components it uses.
 *
 * Mantine ships its styles apart from its code: one styles.css of every component (some 200 KB,
 * render-blocking on every page) or a file per component (`@mantine/core/styles/Button.css`),
 * which an app is to import by hand, in the right order. Each component's code imports its class
 * names from `<Component>.module.css.mjs`; this plugin has that module import the component's
 * stylesheet too, so the CSS goes where the build puts the code: the components of the site's
 * shell into the stylesheet of every page, the dashboard's charts into the dashboard's, and
 * React Router links each route's stylesheets from its chunks. A component's own dependencies
 * (Button's UnstyledButton, Select's Combobox and Input) come first, in import order, as
 * Mantine's documentation asks. Every component's stylesheet imports the global ones (baseline,
 * CSS variables, global) before its own: they come first, once, in the stylesheet of every page.
 *
 * In development Vite serves the libraries pre-bundled, past this plugin: the root route links
 * the whole stylesheets there instead (root.tsx).
 */
const GLOBAL = ["baseline", "default-css-variables", "global"].map((name) => `@mantine/core/styles/${name}.css`);

export function mantineStyles(): Plugin {
  const MODULE = /[\\/]node_modules[\\/]@mantine[\\/](core|charts|nprogress)[\\/]esm[\\/](?:.*[\\/])?([\w-]+)\.module\.css\.mjs$/;
  return {
    name: "mantine-styles",
    apply: "build",
    transform(code, id) {
      const match = MODULE.exec(id);
      if (!match) return null;
      const [, pkg, component] = match;
      // @mantine/core has a stylesheet per component; charts and nprogress have one each
      const sheets = [...GLOBAL, pkg === "core" ? `@mantine/core/styles/${component}.css` : `@mantine/${pkg}/styles.css`];
      const imports = sheets.map((sheet) => `import ${JSON.stringify(sheet)};`);
      return { code: `${imports.join("\n")}\n${code}`, map: null };
    },
  };
}
