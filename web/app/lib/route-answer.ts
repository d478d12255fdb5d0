import type { ApolloClient } from "@apollo/client";
import { CombinedGraphQLErrors } from "@apollo/client/errors";
import { data, redirect } from "react-router";
import { graphql } from "~/lib/graphql/generated/gql";
import type { RouteAnswerQuery } from "~/lib/graphql/generated/graphql";
import { sitePath } from "~/lib/safe-path";

/**
 * What a public path shows, from search's slug index (spec 3's route answer, ADR 0015): the
 * one way the web asks about a path no route module owns for sure (/router, a slug the owner
 * does not know, a landing page's search path).
 */
export const ROUTE_ANSWER = graphql(`
  query RouteAnswer($slug: String!) {
    route(slug: $slug) {
      __typename
      ... on RedirectResponse {
        code
        target
      }
      ... on ErrorResponse {
        code
        reason
      }
      ... on ContentResponse {
        content {
          __typename
          ... on Job {
            id
            slug
          }
          ... on OrganizationProfile {
            id
            slug
          }
          ... on LandingPage {
            id
            title
            path
            intro
            description
            place {
              label
              lat
              lon
            }
            metatags {
              meta
              value
            }
          }
        }
      }
    }
  }
`);

type RouteAnswerView = RouteAnswerQuery["route"];
export type RouteContentView = Extract<RouteAnswerView, { __typename: "ContentResponse" }>["content"];
export type LandingPageView = Extract<RouteContentView, { __typename: "LandingPage" }>;

export type RedirectStatus = 301 | 302 | 303 | 307 | 308;
const REDIRECT_STATUSES: readonly number[] = [301, 302, 303, 307, 308];

/** The route answer as the web acts on it. */
export type RouteResolution =
  | { kind: "content"; content: RouteContentView }
  | { kind: "redirect"; status: RedirectStatus; target: string }
  | { kind: "error"; status: number; reason: string }
  /** Search could not answer (it is down, or the content's owner failed): nothing is known. */
  | { kind: "unavailable" };

/** What a loader needs of Apollo; tests pass a fake. */
export type RouteClient = Pick<ApolloClient, "query">;

/**
 * route(path): content, a redirect (only to a site path; anything else is a 404), an error with
 * its code, or unavailable. Content an owner no longer shows nulls the answer in the gateway: a
 * 404 as well.
 */
export async function resolveRoute(client: RouteClient, path: string): Promise<RouteResolution> {
  let answer: RouteAnswerView | undefined;
  try {
    const { data: result } = await client.query({ query: ROUTE_ANSWER, variables: { slug: path }, fetchPolicy: "no-cache" });
    answer = result?.route;
  } catch (error: unknown) {
    if (CombinedGraphQLErrors.is(error)) return { kind: "error", status: 404, reason: "Not found" };
    return { kind: "unavailable" };
  }
  switch (answer?.__typename) {
    case "ContentResponse":
      return { kind: "content", content: answer.content };
    case "RedirectResponse": {
      const target = sitePath(answer.target);
      if (!target) return { kind: "error", status: 404, reason: "Not found" };
      return {
        kind: "redirect",
        status: (REDIRECT_STATUSES.includes(answer.code) ? answer.code : 301) as RedirectStatus,
        target,
      };
    }
    case "ErrorResponse":
      return { kind: "error", status: answer.code >= 400 && answer.code < 600 ? answer.code : 404, reason: answer.reason };
    case undefined:
      return { kind: "unavailable" };
  }
}

/** Where a piece of content lives now: its owner's page. */
export function contentPath(content: RouteContentView): string | null {
  switch (content.__typename) {
    case "Job":
      return `/job/${encodeURIComponent(content.slug)}`;
    case "OrganizationProfile":
      return `/organization/${encodeURIComponent(content.slug)}`;
    case "LandingPage":
      return content.path ?? null;
  }
}

/** A site path with the request's query string kept (a path's own query wins). */
export function withQuery(target: string, search: string): string {
  return target.includes("?") || !search ? target : `${target}${search}`;
}

/**
 * What a page answers for a path its owner does not know (ADR 0015): the slug index's redirect
 * (the query kept), a permanent redirect when it names content living elsewhere now, else the
 * error page with the index's code (404 when it names content the owner does not show, or
 * cannot answer). Loaders throw it. `path` is the route path (`/job/{slug}`, unprefixed);
 * `localize` spells a target in the page's locale.
 */
export function unknownPathResponse(
  resolution: RouteResolution,
  request: Request,
  path: string,
  localize: (path: string) => string = (target) => target,
): Response | ReturnType<typeof data<null>> {
  const { search } = new URL(request.url);
  if (resolution.kind === "redirect") {
    return redirect(localize(withQuery(resolution.target, search)), resolution.status);
  }
  if (resolution.kind === "content") {
    const current = contentPath(resolution.content);
    if (current && current !== path) return redirect(localize(withQuery(current, search)), 301);
  }
  return data(null, { status: resolution.kind === "error" ? resolution.status : 404 });
}
