// @vitest-environment node
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { gql, type TypedDocumentNode } from "@apollo/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

// A local HTTP server stands in for the gateway: each request's answer names the caller's
// address (X-Forwarded-For), so a cache that leaked would show another visitor's answer.
let gateway: Server;
let sent: { operationName: string; query: string }[] = [];

beforeAll(async () => {
  gateway = createServer((req, res) => {
    let raw = "";
    req.on("data", (chunk: Buffer) => (raw += chunk.toString()));
    req.on("end", () => {
      const operations = JSON.parse(raw) as { operationName: string; query: string }[];
      sent.push(...operations);
      const visitor = String(req.headers["x-forwarded-for"]);
      res.setHeader("content-type", "application/json");
      res.end(
        JSON.stringify(
          operations.map(() => ({ data: { viewer: { __typename: "Viewer", id: "me", name: visitor } } })),
        ),
      );
    });
  });
  await new Promise<void>((resolve) => gateway.listen(0, "127.0.0.1", resolve));
  process.env.GATEWAY_URL = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}/graphql`;
  process.env.AUTH_SECRET ??= "a-test-secret-of-at-least-thirty-two-characters";
});

afterAll(async () => {
  await new Promise((resolve) => gateway.close(resolve));
});

const VIEWER: TypedDocumentNode<{ viewer: { id: string; name: string } }> = gql`
  query Viewer {
    viewer {
      id
      name
    }
  }
`;

function pageRequest(visitor: string): Request {
  return new Request("http://127.0.0.1:3002/jobs", { headers: { "x-forwarded-for": visitor } });
}

describe("a request's Apollo client", () => {
  it("is one per request: the loaders and the render of a page share it", async () => {
    const { requestApolloClient } = await import("./request-client.server");
    const request = pageRequest("198.18.0.1");
    expect(requestApolloClient(request)).toBe(requestApolloClient(request));
  });

  it("is never another request's, and neither is its cache's data", async () => {
    const { requestApolloClient } = await import("./request-client.server");
    const first = requestApolloClient(pageRequest("198.18.0.1"));
    const second = requestApolloClient(pageRequest("198.18.0.2"));
    expect(second).not.toBe(first);
    expect(second.cache).not.toBe(first.cache);

    sent = [];
    const firstAnswer = await first.query({ query: VIEWER });
    expect(firstAnswer.data?.viewer.name).toBe("198.18.0.1");
    // the second request's cache has nothing of the first's: it asks the gateway itself
    expect(second.readQuery({ query: VIEWER })).toBeNull();
    const secondAnswer = await second.query({ query: VIEWER });
    expect(secondAnswer.data?.viewer.name).toBe("198.18.0.2");
    expect(sent.map((operation) => operation.operationName)).toEqual(["Viewer", "Viewer"]);
    // the same printed document for both: documents are shared, data is not
    expect(sent[1]?.query).toBe(sent[0]?.query);
    expect(first.readQuery({ query: VIEWER })?.viewer.name).toBe("198.18.0.1");
  });
});
