// @vitest-environment node
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { gql } from "@apollo/client";
import { CombinedGraphQLErrors } from "@apollo/client/errors";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createApolloClient } from "./create-apollo-client";

// A real local HTTP server answering as the gateway does while the organizations service is down.
let gateway: Server;
let gatewayUrl: string;
let answer: unknown;

const UNAVAILABLE = {
  message: "The organizations service is unavailable right now: the parts of this answer it provides are missing.",
  extensions: { code: "SUBGRAPH_UNAVAILABLE", serviceName: "organizations" },
};

beforeEach(async () => {
  gateway = createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify([answer]));
    });
  });
  await new Promise<void>((resolve) => gateway.listen(0, "127.0.0.1", resolve));
  gatewayUrl = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}/graphql`;
});

afterEach(async () => {
  await new Promise((resolve) => gateway.close(resolve));
});

const JOB = gql`
  query Job {
    job {
      id
      title
      organization {
        id
        name
      }
    }
  }
`;

function client(unavailable: string[][]) {
  return createApolloClient({
    uri: gatewayUrl,
    frontendName: "jobboard",
    ssrMode: true,
    onUnavailable: (services) => unavailable.push(services),
  });
}

describe("an answer with a subgraph down", () => {
  it("is the page's data, with the missing part null, and names what is missing", async () => {
    answer = {
      data: { job: { __typename: "Job", id: "1", title: "Gardener", organization: null } },
      errors: [UNAVAILABLE],
    };
    const unavailable: string[][] = [];
    const { data, error } = await client(unavailable).query({ query: JOB, fetchPolicy: "no-cache" });
    expect(error).toBeUndefined();
    expect(data).toEqual({ job: { __typename: "Job", id: "1", title: "Gardener", organization: null } });
    expect(unavailable).toEqual([["organizations"]]);
  });

  it("keeps the other errors of the answer: they fail the query as before", async () => {
    answer = {
      data: { job: null },
      errors: [UNAVAILABLE, { message: "Forbidden", extensions: { code: "FORBIDDEN" } }],
    };
    const unavailable: string[][] = [];
    const failure = await client(unavailable)
      .query({ query: JOB, fetchPolicy: "no-cache" })
      .catch((error: unknown) => error);
    expect(CombinedGraphQLErrors.is(failure)).toBe(true);
    expect((failure as CombinedGraphQLErrors).errors.map((error) => error.message)).toEqual(["Forbidden"]);
    expect(unavailable).toEqual([["organizations"]]);
  });

  it("stays an error when nothing came back at all", async () => {
    answer = { data: null, errors: [UNAVAILABLE] };
    const unavailable: string[][] = [];
    const failure = await client(unavailable)
      .query({ query: JOB, fetchPolicy: "no-cache" })
      .catch((error: unknown) => error);
    expect(CombinedGraphQLErrors.is(failure)).toBe(true);
    expect(unavailable).toEqual([["organizations"]]);
  });
});
