// A GraphQL Code Generator plugin: every union's and interface's member types, for Apollo
// Client's InMemoryCache `possibleTypes`. Without it the cache cannot tell that a NotFound is
// an Error, so a fragment on an interface or a union reads as missing data.
import { isInterfaceType, isUnionType } from "graphql";

/** @param {import("graphql").GraphQLSchema} schema */
export function plugin(schema) {
  const possibleTypes = {};
  const names = Object.keys(schema.getTypeMap()).sort();
  for (const name of names) {
    const type = schema.getType(name);
    if (name.startsWith("__") || !(isUnionType(type) || isInterfaceType(type))) continue;
    possibleTypes[name] = schema
      .getPossibleTypes(type)
      .map((member) => member.name)
      .sort();
  }
  return [
    "/** Generated from the supergraph API schema by scripts/possible-types-plugin.mjs. */",
    `export const possibleTypes: Record<string, string[]> = ${JSON.stringify(possibleTypes, null, 2)};`,
    "",
  ].join("\n");
}
