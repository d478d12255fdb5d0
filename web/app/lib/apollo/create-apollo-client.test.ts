// @vitest-environment node
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { gql } from "@apollo/client";
import type { NormalizedCacheObject } from "@apollo/client/cache";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createApolloClient, endHydration } from "./create-apollo-client";

interface ReceivedRequest {
  headers: IncomingHttpHeaders;
  body: unknown;
}

// A real local HTTP server standing in for the gateway.
let gateway: Server;
let gatewayUrl: string;
let received: ReceivedRequest[];

beforeEach(async () => {
  received = [];
  gateway = createServer((req, res) => {
    let raw = "";
    req.on("data", (chunk: Buffer) => (raw += chunk.toString()));
    req.on("end", () => {
      const body: unknown = JSON.parse(raw);
      received.push({ headers: req.headers, body });
      const operations = Array.isArray(body) ? body : [body];
      const answers = operations.map((op: { operationName: string }) => ({
        data: { __typename: "Query", echo: op.operationName },
      }));
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify(Array.isArray(body) ? answers : answers[0]));
    });
  });
  await new Promise<void>((resolve) => gateway.listen(0, "127.0.0.1", resolve));
  gatewayUrl = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}/graphql`;
});

afterEach(async () => {
  await new Promise((resolve) => gateway.close(resolve));
});

const firstQuery = gql`
  query First {
    echo
  }
`;
const secondQuery = gql`
  query Second {
    echo
  }
`;

describe("createApolloClient", () => {
  it("batches operations into one POST carrying the frontend and bearer headers", async () => {
    const client = createApolloClient({
      uri: gatewayUrl,
      frontendName: "jobboard",
      ssrMode: true,
      resolveAuthToken: () => "session-token",
    });

    const [first, second] = await Promise.all([
      client.query({ query: firstQuery }),
      client.query({ query: secondQuery }),
    ]);

    expect(first.data).toEqual({ echo: "First" });
    expect(second.data).toEqual({ echo: "Second" });
    expect(received).toHaveLength(1);
    const [request] = received;
    expect(request?.headers["x-frontend"]).toBe("jobboard/en");
    expect(request?.headers.authorization).toBe("Bearer session-token");
    expect(Array.isArray(request?.body)).toBe(true);
  });

  it("names the visitor's address to the gateway when the server renders for one (ADR 0022)", async () => {
    const client = createApolloClient({
      uri: gatewayUrl,
      frontendName: "jobboard",
      ssrMode: true,
      forwardedFor: "203.0.113.7",
    });
    await client.query({ query: firstQuery });
    expect(received[0]?.headers["x-forwarded-for"]).toBe("203.0.113.7");
  });

  it("sends no Authorization header without a session token", async () => {
    const client = createApolloClient({ uri: gatewayUrl, frontendName: "jobboard", ssrMode: false });
    await client.query({ query: firstQuery });
    expect(received[0]?.headers.authorization).toBeUndefined();
  });

  it("shares what it derives from a document with every other client, never its data", async () => {
    const one = createApolloClient({ uri: gatewayUrl, frontendName: "jobboard", ssrMode: true });
    const other = createApolloClient({ uri: gatewayUrl, frontendName: "jobboard", ssrMode: true });
    // the same transformed document (so Apollo prints it once for the process) ...
    expect(other.cache.transformDocument(firstQuery)).toBe(one.cache.transformDocument(firstQuery));
    // ... and the same record of it (Apollo's private field: an upgrade that renames it fails here)
    type Holder = { queryManager: { transformCache: unknown } };
    const record = (client: unknown) => (client as Holder).queryManager.transformCache;
    expect(record(one)).toBeDefined();
    expect(record(other)).toBe(record(one));

    await one.query({ query: firstQuery });
    expect(one.readQuery({ query: firstQuery })).toEqual({ echo: "First" });
    expect(other.readQuery({ query: firstQuery })).toBeNull();
    expect(other.cache).not.toBe(one.cache);
  });

  it("answers repeated queries from the cache (cache-first)", async () => {
    const client = createApolloClient({ uri: gatewayUrl, frontendName: "jobboard", ssrMode: false });
    await client.query({ query: firstQuery });
    await client.query({ query: firstQuery });
    expect(received).toHaveLength(1);
  });

  it("answers even network-only queries from the server's cache while the page hydrates", async () => {
    const server = createApolloClient({ uri: gatewayUrl, frontendName: "jobboard", ssrMode: true });
    await server.query({ query: firstQuery });
    const browser = createApolloClient({
      uri: gatewayUrl,
      frontendName: "jobboard",
      ssrMode: false,
      initialState: server.cache.extract() as NormalizedCacheObject,
    });
    const answer = await browser.query({ query: firstQuery, fetchPolicy: "network-only" });
    expect(answer.data).toEqual({ echo: "First" });
    expect(received).toHaveLength(1); // the server's request only
    // hydrated: network-only goes to the network again (a refetch after a change is fresh)
    endHydration(browser);
    await browser.query({ query: firstQuery, fetchPolicy: "network-only" });
    expect(received).toHaveLength(2);
  });

  it("sends network-only queries to the network without a server page", async () => {
    const browser = createApolloClient({ uri: gatewayUrl, frontendName: "jobboard", ssrMode: false });
    await browser.query({ query: firstQuery });
    await browser.query({ query: firstQuery, fetchPolicy: "network-only" });
    expect(received).toHaveLength(2);
  });

  it("knows the schema's unions and interfaces, so a fragment on Error reads a NotFound", () => {
    const client = createApolloClient({ uri: gatewayUrl, frontendName: "jobboard", ssrMode: true });
    const query = gql`
      query Answer {
        resume(id: "r1") {
          __typename
          ... on Error {
            message
          }
        }
      }
    `;
    client.cache.writeQuery({ query, data: { resume: { __typename: "NotFound", message: "No such resume." } } });
    // without possibleTypes the cache cannot tell a NotFound is an Error: the read comes back empty
    expect(client.cache.readQuery({ query })).toEqual({
      resume: { __typename: "NotFound", message: "No such resume." },
    });
  });
});
