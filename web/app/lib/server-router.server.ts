import { type EntryContext, matchRoutes, type RouteObject } from "react-router";

type ManifestRoutes = EntryContext["manifest"]["routes"];
type Branches = EntryContext["branches"];

/** At most this many paths' and pages' answers kept; then they are forgotten all at once. */
const KEPT = 1_000;

/** The site's route tree as plain route objects (id, path, index), made once per build. */
const routeTables = new WeakMap<ManifestRoutes, RouteObject[]>();
/** For each build, the route ids a path's matches name (the parent paths of the pages asked). */
const routesAtPath = new WeakMap<ManifestRoutes, Map<string, readonly string[]>>();
/** For each build, a page's routes (by the ids' key): its manifest routes and ranked branches. */
const pageRoutes = new WeakMap<ManifestRoutes, Map<string, { routes: ManifestRoutes; branches: Branches }>>();

function routeTable(manifestRoutes: ManifestRoutes): RouteObject[] {
  let table = routeTables.get(manifestRoutes);
  if (!table) {
    const children = new Map<string, RouteObject[]>();
    const objects = new Map<string, RouteObject>();
    // the manifest's order, as React Router builds its own route tree (its ranking's tie-break)
    for (const route of Object.values(manifestRoutes)) {
      if (!route) continue;
      const object = {
        id: route.id,
        ...(route.path === undefined ? {} : { path: route.path }),
        ...(route.index ? { index: true } : {}),
        ...(route.caseSensitive ? { caseSensitive: true } : {}),
      } as RouteObject;
      objects.set(route.id, object);
      const siblings = children.get(route.parentId ?? "") ?? [];
      siblings.push(object);
      children.set(route.parentId ?? "", siblings);
    }
    for (const [id, object] of objects) {
      const own = children.get(id);
      if (own) object.children = own;
    }
    table = children.get("") ?? [];
    routeTables.set(manifestRoutes, table);
  }
  return table;
}

function kept<K, V>(store: WeakMap<ManifestRoutes, Map<K, V>>, manifestRoutes: ManifestRoutes): Map<K, V> {
  let map = store.get(manifestRoutes);
  if (!map) {
    map = new Map();
    store.set(manifestRoutes, map);
  }
  if (map.size >= KEPT) map.clear();
  return map;
}

/**
 * The paths whose matches React Router's `<Scripts>` adds to the page's route manifest besides
 * the page's own (its partial manifest: `/` and every parent path of the page's).
 */
export function parentPaths(pathname: string): string[] {
  const segments = pathname.split("/").filter(Boolean);
  const paths = ["/"];
  segments.pop();
  while (segments.length > 0) {
    paths.push(`/${segments.join("/")}`);
    segments.pop();
  }
  return paths;
}

function routeIdsAt(manifestRoutes: ManifestRoutes, path: string): readonly string[] {
  const known = kept(routesAtPath, manifestRoutes);
  let ids = known.get(path);
  if (!ids) {
    ids = (matchRoutes(routeTable(manifestRoutes), path) ?? []).map((match) => match.route.id ?? "");
    known.set(path, ids);
  }
  return ids;
}

/**
 * The router context the page renders with: the request's, its manifest and its route branches
 * cut to the routes the page can use. React Router's ServerRouter builds its route objects from
 * the whole manifest at every render (some 270 routes with the localized ones: two objects each,
 * and again for the data pass), and its `<Scripts>` matches the page's parent paths against
 * every branch; the render uses only the routes the request matched (React Router matched them
 * before the loaders ran) and those its parent paths match. Those are found once per path and
 * kept (a path always matches the same routes), and each page's cut manifest and branches once
 * per set of routes, so the page's HTML and the manifest it sends the browser are the same.
 */
export function serverRouterContext(context: EntryContext): EntryContext {
  const { manifest, staticHandlerContext } = context;
  const ids = new Set(staticHandlerContext.matches.map((match) => match.route.id));
  for (const path of parentPaths(staticHandlerContext.location.pathname)) {
    for (const id of routeIdsAt(manifest.routes, path)) ids.add(id);
  }
  const key = [...ids].sort().join("\n");
  const pages = kept(pageRoutes, manifest.routes);
  let page = pages.get(key);
  if (!page) {
    const routes: ManifestRoutes = {};
    for (const [id, route] of Object.entries(manifest.routes)) {
      if (ids.has(id)) routes[id] = route;
    }
    // React Router's own ranking, kept: a branch is one of the page's when all its routes are
    const branches = context.branches.filter((branch) =>
      branch.routesMeta.every((meta) => ids.has(meta.route.id)),
    );
    page = { routes, branches };
    pages.set(key, page);
  }
  return { ...context, manifest: { ...manifest, routes: page.routes }, branches: page.branches };
}
