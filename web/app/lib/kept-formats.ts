/**
 * Making an Intl formatter costs far more than using one, and a search page formats dozens of
 * dates, counts and salaries per render, on the server for every request: each formatter is made
 * once per locale and options, and kept (a handful per locale).
 */
export function kept<F>(formats: Map<string, F>, key: string, make: () => F): F {
  let format = formats.get(key);
  if (format === undefined) {
    format = make();
    formats.set(key, format);
  }
  return format;
}
