import { index, route, type RouteConfig } from "@react-router/dev/routes";
import { HOME_ROUTE, LOCALIZED_ROUTES, PAGE_ROUTES } from "./route-table";

export default [
  index(HOME_ROUTE),
  ...PAGE_ROUTES.map(([path, file]) => route(path, file)),
  // spec 2: prefixed and translated paths (`/de/arbeitgeber-suchen`, `/fr/emploi/*`); the root
  // loader answers 404 for those of locales the site does not enable
  ...LOCALIZED_ROUTES.map(({ path, file, id }) => route(path, file, { id })),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
