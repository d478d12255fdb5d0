// @vitest-environment node
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { gql } from "@apollo/client";
import { afterEach, describe, expect, it } from "vitest";
import {
  createApolloClient,
  visualEditorRequested,
} from "./create-apollo-client";

// A real local HTTP server standing in for the gateway, answering what each test says.
let gateway: Server | undefined;
let seen: IncomingHttpHeaders[] = [];

async function gatewayAnswering(status: number, body: string): Promise<string> {
  seen = [];
  gateway = createServer((req, res) => {
    seen.push(req.headers);
    req.resume();
    req.on("end", () => {
      res.statusCode = status;
      res.setHeader("content-type", "application/json");
      res.end(body);
    });
  });
  await new Promise<void>((resolve) =>
    gateway?.listen(0, "127.0.0.1", resolve),
  );
  return `http://127.0.0.1:${(gateway.address() as AddressInfo).port}/graphql`;
}

afterEach(async () => {
  const running = gateway;
  gateway = undefined;
  if (running) await new Promise((resolve) => running.close(resolve));
});

const query = gql`
  query Echo {
    echo
  }
`;

async function failure(
  status: number,
  body: string,
): Promise<{ message: string; logged: string[] }> {
  const logged: string[] = [];
  const client = createApolloClient({
    uri: await gatewayAnswering(status, body),
    frontendName: "jobboard",
    ssrMode: false,
    onError: (error, operation) =>
      logged.push(`${operation}: ${error.message}`),
  });
  const error = await client.query({ query }).then(
    () => {
      throw new Error("the query should have failed");
    },
    (reason: unknown) => reason as Error,
  );
  return { message: error.message, logged };
}

describe("the GraphQL client's errors (spec 8)", () => {
  it("an HTTP status of 300 or more is 'Response not successful'", async () => {
    const { message, logged } = await failure(
      502,
      JSON.stringify({ message: "bad gateway" }),
    );
    expect(message).toBe("Response not successful: Received status code 502");
    expect(logged).toEqual([
      "Echo: Response not successful: Received status code 502",
    ]);
  });

  it("an answer with neither data nor errors is 'Server response was missing for query'", async () => {
    expect(
      (await failure(200, JSON.stringify({ extensions: {} }))).message,
    ).toBe("Server response was missing for query 'Echo'.");
    expect((await failure(200, JSON.stringify([{}]))).message).toBe(
      "Server response was missing for query 'Echo'.",
    );
  });

  it("a body that is not JSON is a parse error", async () => {
    const { message } = await failure(200, "<html>oops</html>");
    expect(message).toMatch(/JSON/);
  });
});

describe("the visual-editor flag", () => {
  it("is read from the page URL", () => {
    expect(
      visualEditorRequested("https://jobs.example.org/jobs?visual_editor=true"),
    ).toBe(true);
    expect(visualEditorRequested("/jobs?visual_editor=false")).toBe(false);
    expect(visualEditorRequested("/jobs")).toBe(false);
  });

  it("travels as a header only when asked for", async () => {
    const uri = await gatewayAnswering(
      200,
      JSON.stringify([{ data: { echo: "x" } }]),
    );
    await createApolloClient({
      uri,
      frontendName: "jobboard",
      ssrMode: true,
      visualEditor: true,
    }).query({
      query,
    });
    await createApolloClient({
      uri,
      frontendName: "jobboard",
      ssrMode: true,
    }).query({ query });
    expect(seen.map((headers) => headers["x-visual-editor"])).toEqual([
      "true",
      undefined,
    ]);
  });
});
