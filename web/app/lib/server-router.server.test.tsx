// @vitest-environment node
import { renderToString } from "react-dom/server";
import {
  createStaticHandler,
  type EntryContext,
  Outlet,
  Scripts,
  ServerRouter,
  type StaticHandlerContext,
} from "react-router";
import { describe, expect, it } from "vitest";
import { parentPaths, serverRouterContext } from "./server-router.server";

/** A small site in the shape of ours: pages, a localized form, a splat and the not-found route. */
const ROUTES: { id: string; parentId?: string; path?: string; index?: boolean }[] = [
  { id: "root", path: "" },
  { id: "routes/home", parentId: "root", index: true },
  { id: "routes/jobs", parentId: "root", path: "jobs/*" },
  { id: "routes/job-wizard", parentId: "root", path: "job/wizard" },
  { id: "routes/job", parentId: "root", path: "job/:slug" },
  { id: "routes/job-apply", parentId: "root", path: "job/:slug/apply/:step" },
  { id: "routes/job@/de/stelle/:slug", parentId: "root", path: "de/stelle/:slug" },
  { id: "routes/home@/de", parentId: "root", path: "de" },
  { id: "routes/not-found", parentId: "root", path: "*" },
];

const manifest: EntryContext["manifest"] = {
  entry: { module: "/entry.js", imports: [] },
  url: "/manifest.js",
  version: "1",
  routes: Object.fromEntries(
    ROUTES.map((route) => [
      route.id,
      {
        ...route,
        module: `/${route.id}.js`,
        hasAction: false,
        hasLoader: route.id === "root",
        hasClientAction: false,
        hasClientLoader: false,
        hasClientMiddleware: false,
        hasErrorBoundary: false,
        clientActionModule: undefined,
        clientLoaderModule: undefined,
        clientMiddlewareModule: undefined,
        hydrateFallbackModule: undefined,
      },
    ]),
  ),
};

const routeModules: EntryContext["routeModules"] = Object.fromEntries(
  ROUTES.map(({ id }) => [
    id,
    {
      default:
        id === "root"
          ? () => (
              <main>
                <Outlet />
                <Scripts />
              </main>
            )
          : () => <p>{id}</p>,
    },
  ]),
);

function dataRoutes(parentId?: string): Parameters<typeof createStaticHandler>[0] {
  return ROUTES.filter((route) => route.parentId === parentId).map((route) =>
    route.index
      ? { id: route.id, index: true, loader: () => null }
      : { id: route.id, path: route.path, loader: () => null, children: dataRoutes(route.id) },
  );
}

const handler = createStaticHandler(dataRoutes());

/** The context React Router hands entry.server for a GET of `path` (its server runtime's). */
async function requestContext(path: string): Promise<EntryContext> {
  const staticHandlerContext = (await handler.query(new Request(`http://127.0.0.1${path}`))) as StaticHandlerContext;
  return {
    manifest,
    routeModules,
    staticHandlerContext,
    // the static handler's ranked branches, which React Router passes on this way
    branches: (handler as unknown as { _internalRouteBranches: EntryContext["branches"] })._internalRouteBranches,
    serverHandoffString: "{}",
    renderMeta: {},
    future: { v8_middleware: false, v8_passThroughRequests: false, v8_trailingSlashAwareDataRequests: false },
    ssr: true,
    isSpaMode: false,
    routeDiscovery: { mode: "lazy", manifestPath: "/__manifest" },
    serializeError: (error) => ({ message: error.message }),
  } as EntryContext;
}

const PATHS = ["/", "/jobs", "/jobs/it/berlin", "/job/developer", "/job/developer/apply/contact", "/de/stelle/developer", "/nowhere/at/all"];

describe("the router context a page renders with", () => {
  it("renders the same page and sends the browser the same route manifest as the whole one", async () => {
    expect(Object.keys(manifest.routes)).toHaveLength(ROUTES.length);
    for (const path of PATHS) {
      const context = await requestContext(path);
      const whole = renderToString(<ServerRouter context={context} url={`http://127.0.0.1${path}`} />);
      const cut = renderToString(<ServerRouter context={serverRouterContext(context)} url={`http://127.0.0.1${path}`} />);
      expect(whole).toContain("__reactRouterManifest");
      expect(cut, path).toBe(whole);
    }
  });

  it("holds only the routes the page and its parent paths match", async () => {
    const cut = serverRouterContext(await requestContext("/job/developer/apply/contact"));
    // the page's own (root, job-apply); /job/developer: the job page; /job/developer/apply and
    // /job: not found; /: home
    expect(Object.keys(cut.manifest.routes).sort()).toEqual(
      ["root", "routes/home", "routes/job", "routes/job-apply", "routes/not-found"].sort(),
    );
    expect(cut.branches.every((branch) => branch.routesMeta.every((meta) => meta.route.id in cut.manifest.routes))).toBe(true);
  });

  it("builds a page's routes once: the next request for it gets the same ones", async () => {
    const first = serverRouterContext(await requestContext("/job/developer"));
    const second = serverRouterContext(await requestContext("/job/designer"));
    expect(second.manifest.routes).toBe(first.manifest.routes);
    expect(second.branches).toBe(first.branches);
    // each request's own matches and loader data stay its own
    expect(second.staticHandlerContext).not.toBe(first.staticHandlerContext);
    expect(second.staticHandlerContext.matches[1]?.params.slug).toBe("designer");
  });

  it("names the parent paths as React Router's Scripts does", () => {
    expect(parentPaths("/")).toEqual(["/"]);
    expect(parentPaths("/jobs")).toEqual(["/"]);
    expect(parentPaths("/job/developer/apply/contact")).toEqual(["/", "/job/developer/apply", "/job/developer", "/job"]);
  });
});
