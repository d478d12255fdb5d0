/** JSON safe inside a script element: `<` is escaped so no `</script>` can end it early. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c");
}
