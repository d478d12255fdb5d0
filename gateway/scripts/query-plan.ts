/**
 * Prints the gateway's query plan for an operation (which subgraphs a request calls, in what
 * order), from the committed supergraph: `npm run --silent query-plan -- <file.graphql>
 * [operationName]`, or the operation on stdin. Used to check that a change removes a fetch.
 */
import { readFileSync } from "node:fs";
import { operationFromDocument, Supergraph } from "@apollo/federation-internals";
import { prettyFormatQueryPlan, QueryPlanner } from "@apollo/query-planner";
import { parse } from "graphql";

const [file, operationName] = process.argv.slice(2);
const text = readFileSync(file && file !== "-" ? file : 0, "utf8");
const supergraph = Supergraph.build(readFileSync(new URL("../supergraph.graphql", import.meta.url), "utf8"));
const operation = operationFromDocument(supergraph.schema, parse(text), { operationName });
const plan = new QueryPlanner(supergraph).buildQueryPlan(operation);
process.stdout.write(`${prettyFormatQueryPlan(plan)}\n`);
