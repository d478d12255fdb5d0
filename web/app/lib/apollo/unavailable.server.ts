import { AsyncLocalStorage } from "node:async_hooks";
import { data } from "react-router";
import { UnavailableParts } from "../unavailable-parts.js";

/**
 * One UnavailableParts per page request, shared by its loaders, its data pass and its render:
 * the web server runs each request in it (server/main.ts). The storage lives on globalThis
 * because the server entry and the page build are two bundles that must share it.
 */
const KEY = Symbol.for("jobboard.web.unavailable-parts");

function storage(): AsyncLocalStorage<UnavailableParts> {
  const scope = globalThis as typeof globalThis & { [KEY]?: AsyncLocalStorage<UnavailableParts> };
  scope[KEY] ??= new AsyncLocalStorage<UnavailableParts>();
  return scope[KEY];
}

/** Runs one page request with its own record of missing parts. */
export function withUnavailableParts<T>(run: () => T): T {
  return storage().run(new UnavailableParts(), run);
}

/** The current page request's record (outside one, e.g. the dev server: a fresh, unshared one). */
export function requestUnavailableParts(): UnavailableParts {
  return storage().getStore() ?? new UnavailableParts();
}

/**
 * What a loader throws for a page whose own content did not come: the "unknown path" answer
 * (a redirect, a 404, the slug index's code), unless a part of the site did not answer during
 * this request. Then nothing is known about the path, and the page is a 503 (the shell, the
 * unavailable notice, try again): a 404 would tell visitors and search engines it is gone.
 */
export function unlessUnavailable<T>(answer: T): T | ReturnType<typeof data<null>> {
  const known = answer instanceof Response ? answer.status >= 300 && answer.status < 400 : false;
  if (known || requestUnavailableParts().list().length === 0) return answer;
  return data(null, { status: 503 });
}
