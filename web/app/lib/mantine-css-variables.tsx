import {
  convertCssVariables,
  type CSSVariablesResolver,
  DEFAULT_THEME,
  defaultCssVariablesResolver,
  mergeMantineTheme,
  type MantineThemeOverride,
} from "@mantine/core";

type Variables = Record<string, string>;

/** The entries of `values` that differ from Mantine's defaults (its provider leaves those out). */
function changed(values: Variables, defaults: Variables): Variables {
  return Object.fromEntries(Object.entries(values).filter(([name, value]) => defaults[name] !== value));
}

/**
 * The stylesheet of CSS variables Mantine's provider writes for a theme and a variables resolver
 * (its MantineCssVariables with the default selector and deduplication): its defaults' resolver
 * merged with ours, less what Mantine's default theme already sets, as one string. The same for
 * every page, so computed once instead of at each render (ADR 0064).
 */
export function mantineCssVariables(override: MantineThemeOverride, resolver: CSSVariablesResolver): string {
  const theme = mergeMantineTheme(DEFAULT_THEME, override);
  const base = defaultCssVariablesResolver(theme);
  const own = resolver(theme);
  const defaults = defaultCssVariablesResolver(DEFAULT_THEME);
  return convertCssVariables({
    variables: changed({ ...base.variables, ...own.variables }, defaults.variables),
    light: changed({ ...base.light, ...own.light }, defaults.light),
    dark: changed({ ...base.dark, ...own.dark }, defaults.dark),
  });
}

/**
 * Mantine's variables stylesheet for the site's theme, made once: render it beside a
 * `MantineProvider withCssVariables={false}` with the same theme and resolver.
 */
export function MantineCssVariablesOnce({ css }: { css: string }) {
  return <style data-mantine-styles="true" dangerouslySetInnerHTML={{ __html: css }} />;
}
