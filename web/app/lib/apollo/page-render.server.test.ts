// @vitest-environment node
import { beforeEach, describe, expect, it, vi } from "vitest";
import { beginPageRender, type PageRender, pageRenderOf } from "./page-render.server";

const made = vi.hoisted(() => ({
  clients: [] as { query: ReturnType<typeof vi.fn>; cache: { writeQuery: ReturnType<typeof vi.fn> } }[],
  gatewayDown: false,
}));

vi.mock("./request-client.server", () => ({
  requestApolloClient: () => {
    const client = {
      query: vi.fn(() =>
        made.gatewayDown
          ? Promise.reject(new Error("gateway down"))
          : Promise.resolve({ data: { getAppConfig: [{ name: "name", key: "site", value: "Board" }] } }),
      ),
      cache: { writeQuery: vi.fn() },
    };
    made.clients.push(client);
    return client;
  },
}));

const request = new Request("http://127.0.0.1:3002/jobs");

describe("a page's render begun by the root loader", () => {
  beforeEach(() => {
    made.clients.length = 0;
    made.gatewayDown = false;
  });

  it("asks for the site's configuration once, with the client the render then uses", async () => {
    const pageRender: PageRender = {};
    beginPageRender(request, pageRender);
    beginPageRender(request, pageRender); // a second call (a revalidation) asks nothing more
    const { client, appConfig } = pageRenderOf(request, pageRender);
    expect(made.clients).toHaveLength(1);
    expect(client).toBe(made.clients[0]);
    expect(made.clients[0]?.query).toHaveBeenCalledTimes(1);
    await expect(appConfig).resolves.toEqual([{ name: "name", key: "site", value: "Board" }]);
  });

  it("begins nothing for a data request (no pageRender in the load context)", () => {
    beginPageRender(request, undefined);
    expect(made.clients).toHaveLength(0);
  });

  it("begins the render itself when the root loader did not", async () => {
    const { appConfig } = pageRenderOf(request, {});
    expect(made.clients).toHaveLength(1);
    await expect(appConfig).resolves.toHaveLength(1);
  });

  it("renders with no configuration when the gateway cannot answer", async () => {
    made.gatewayDown = true;
    const pageRender: PageRender = {};
    beginPageRender(request, pageRender);
    await expect(pageRenderOf(request, pageRender).appConfig).resolves.toEqual([]);
  });
});
