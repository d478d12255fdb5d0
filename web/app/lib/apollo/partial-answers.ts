import { ApolloLink } from "@apollo/client";
import type { GraphQLFormattedError } from "graphql";
import { map } from "rxjs";

/** The gateway's code for the part of an answer a subgraph that is down did not give. */
export const SUBGRAPH_UNAVAILABLE = "SUBGRAPH_UNAVAILABLE";

function unavailableService(error: GraphQLFormattedError): string | null {
  const extensions = error.extensions ?? {};
  if (extensions.code !== SUBGRAPH_UNAVAILABLE) return null;
  return typeof extensions.serviceName === "string" ? extensions.serviceName : "unknown";
}

/**
 * An answer with data where a subgraph was down (the gateway nulls its fields and adds one
 * SUBGRAPH_UNAVAILABLE error) is handed to the page as data, without those errors: every query
 * of every page renders what it got (a job without its organization card, search hits without
 * bookmarks) instead of failing whole, and `onUnavailable` hears which parts are missing so the
 * page says so. Other errors stay; an answer without data stays an error.
 */
export function partialAnswerLink(onUnavailable: (services: string[]) => void): ApolloLink {
  return new ApolloLink((operation, forward) =>
    forward(operation).pipe(
      map((result) => {
        const errors = "errors" in result ? result.errors : undefined;
        if (!errors?.length) return result;
        const services = errors.map(unavailableService).filter((name) => name !== null);
        if (services.length === 0) return result;
        onUnavailable([...new Set(services)]);
        if (!("data" in result) || result.data == null) return result;
        const others = errors.filter((error) => unavailableService(error) === null);
        const answer = { ...result };
        if (others.length > 0) answer.errors = others;
        else delete answer.errors;
        return answer;
      }),
    ),
  );
}
