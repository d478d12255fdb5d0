import type { ApolloClient } from "@apollo/client";
import type { NormalizedCacheObject } from "@apollo/client/cache";
import { ApolloProvider } from "@apollo/client/react";
import { prerenderStatic } from "@apollo/client/react/ssr";
import { createReadableStreamFromReadable } from "@react-router/node";
import type { ReactElement } from "react";
import { preloadModule } from "react-dom";
import { renderToPipeableStream, renderToString } from "react-dom/server";
import type { AppLoadContext, EntryContext } from "react-router";
import { ServerRouter } from "react-router";
import { serverEnv } from "~/env.server";
import { ApolloBootstrapProvider, bootstrapState, serializeBootstrap } from "~/lib/apollo/bootstrap";
import { AppConfig, AppConfigProvider } from "~/lib/app-config";
import {
  APOLLO_CLIENT_MODULE,
  apolloNeeded,
  type RenderedModules,
  RenderedModulesProvider,
} from "~/lib/apollo/lazy-client";
import { browserFiles } from "~/lib/browser-files.server";
import { NonceProvider } from "~/lib/csp-nonce";
import { pageRenderOf } from "~/lib/apollo/page-render.server";
import { requestUnavailableParts } from "~/lib/apollo/unavailable.server";
import { UnavailablePartsProvider } from "~/components/UnavailableNotice";
import { finishedPage } from "~/lib/script-priority.server";
import { requestPathLocale } from "~/lib/site-locales.server";
import { serverRouterContext } from "~/lib/server-router.server";

/** Give up waiting for GraphQL data after this long and render what the cache has. */
const DATA_TIMEOUT_MS = 5_000;
/** Abort the final render if it has not finished by then. */
export const streamTimeout = 10_000;

/** Whether a query of the render is still waiting for its answer. */
function waitsForNetwork(client: ApolloClient): boolean {
  for (const query of client.getObservableQueries("active").values()) {
    if (query.getCurrentResult().loading) return true;
  }
  return false;
}

/**
 * The data pass: prerenderStatic re-renders until every query has settled (a failed query, e.g.
 * gateway down, settles as an error and the page still renders). It runs without React Router's
 * loader-data stream, which can be read only once, by the render that answers. prerenderStatic
 * renders again whenever a pass created a query, even one the cache answered; a pass after which
 * no query waits for the network ends the loop instead (its data is all in the cache), which
 * spares most pages a full render.
 */
async function fillApolloCache(tree: ReactElement, client: ApolloClient, request: Request): Promise<void> {
  const settled = new AbortController();
  try {
    await prerenderStatic({
      tree,
      context: { client },
      renderFunction: async (element: Parameters<typeof renderToString>[0]) => {
        const html = renderToString(element);
        await new Promise((resolve) => setImmediate(resolve)); // the pass's requests are off
        if (!waitsForNetwork(client)) settled.abort();
        return html;
      },
      ignoreResults: true,
      signal: AbortSignal.any([
        request.signal,
        AbortSignal.timeout(DATA_TIMEOUT_MS),
        settled.signal,
      ]),
    });
  } catch (error: unknown) {
    // A render error here also happens in the render that answers, which reports it the usual way.
    console.error("data pass failed", error);
  }
}

/** What decides whether the browser needs Apollo to hydrate the page (lazy-client). */
function pageOf(context: EntryContext) {
  const { matches, loaderData, errors } = context.staticHandlerContext;
  const root = loaderData.root as { session?: unknown } | undefined;
  return {
    handles: matches.map((match) => context.routeModules[match.route.id]?.handle),
    signedIn: Boolean(root?.session),
    failed: errors !== null && Object.keys(errors).length > 0,
  };
}

/** The browser files React Router already preloads for the page: its entry's and its routes'. */
function routeFilesOf(context: EntryContext): Set<string> {
  const { manifest, staticHandlerContext } = context;
  const files = new Set([manifest.entry.module, ...manifest.entry.imports]);
  for (const match of staticHandlerContext.matches) {
    const route = manifest.routes[match.route.id];
    if (!route) continue;
    files.add(route.module);
    for (const file of route.imports ?? []) files.add(file);
  }
  return files;
}

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  requestContext: EntryContext,
  loadContext?: AppLoadContext,
) {
  // the routes the page can use, not the site's every route (lib/server-router.server)
  const routerContext = serverRouterContext(requestContext);
  const env = serverEnv();
  // The web server's Content-Security-Policy nonce: every inline script of the page carries it.
  const nonce = loadContext?.cspNonce;
  // The site's configuration is read by most pages (useAppConfig): asked for once per page (by
  // the root loader, beside the loaders' queries), it reaches the components through
  // AppConfigProvider and the browser in the bootstrap (no Apollo needed for it there); in the
  // render's cache too, for the pages that query with it.
  const started = pageRenderOf(request, loadContext?.pageRender);
  const client = started.client;
  const appConfig = new AppConfig(await started.appConfig);
  // what the loaders and the data pass could not get: the page says so (and the browser, too)
  const unavailable = requestUnavailableParts();
  // What the page renders with beyond its routes' imports (Apollo's client, a part loaded where it
  // renders; lib/apollo/lazy-client): preloaded with the page's other scripts, and named in the
  // bootstrap so that the browser has them before it hydrates (no extra round trip, no part
  // still waiting for its code when the visitor clicks it).
  const rendered = new Set<string>();
  const routeFiles = routeFilesOf(routerContext);
  const renderedModules: RenderedModules = {
    add(module) {
      rendered.add(module);
      for (const href of browserFiles(loadContext?.clientManifest ?? {}, module)) {
        if (!routeFiles.has(href)) preloadModule(href, { as: "script" });
      }
    },
  };
  // The browser hydrates the page with Apollo (the bootstrap says so), and the server fills its
  // cache before the render that answers (the data pass).
  const withApollo = apolloNeeded(pageOf(routerContext));
  // createApolloClient always builds an InMemoryCache, whose extract() is a NormalizedCacheObject.
  const bootstrapText = () => {
    const apollo = withApollo || rendered.has(APOLLO_CLIENT_MODULE);
    return serializeBootstrap({
      frontendName: env.FRONTEND_NAME,
      locale: requestPathLocale(request),
      state: bootstrapState(client.extract() as NormalizedCacheObject, apollo),
      apollo,
      parts: [...rendered].filter((module) => module !== APOLLO_CLIENT_MODULE),
      appConfig: [...appConfig.entries],
      unavailable: unavailable.list(),
    });
  };

  const tree = (context: EntryContext) => (
    <ApolloProvider client={client}>
      <AppConfigProvider config={appConfig}>
        <RenderedModulesProvider modules={renderedModules}>
          <ApolloBootstrapProvider text={bootstrapText}>
            <UnavailablePartsProvider parts={unavailable}>
              <NonceProvider nonce={nonce}>
                <ServerRouter context={context} url={request.url} nonce={nonce} />
              </NonceProvider>
            </UnavailablePartsProvider>
          </ApolloBootstrapProvider>
        </RenderedModulesProvider>
      </AppConfigProvider>
    </ApolloProvider>
  );

  // Pass 1 fills the Apollo cache (fillApolloCache). A page that renders from its loaders alone
  // (a route that hydrates without Apollo, for a visitor, not an error page: ADR 0050) makes no
  // query at render, so it skips that pass: the pass was a full render of the page, as long as
  // pass 2 (ADR 0056).
  if (withApollo) await fillApolloCache(tree({ ...routerContext, serverHandoffStream: undefined }), client, request);

  // Pass 2 renders the page from the warm cache, streaming loader data to the browser, and
  // embeds the cache so hydration does not query again.
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    // React's abort for a render still streaming after streamTimeout; cleared once the page is
    // sent: the timer held the whole render (its Apollo client and cache, the loaders' data, the
    // router context) for 11 s after every page (ADR 0059)
    let abortTimer: NodeJS.Timeout | undefined = undefined;
    const { pipe, abort } = renderToPipeableStream(tree(routerContext), {
      ...(nonce ? { nonce } : {}),
      onAllReady() {
        shellRendered = true;
        // a query at render on a page without the data pass rendered its loading state: a bug of
        // the route (its handle says it renders from its loaders), said where it can be found
        if (!withApollo && waitsForNetwork(client)) {
          console.error(`${new URL(request.url).pathname}: a query at render on a page rendered without the data pass`);
        }
        // The HTML as React writes it, in one piece. A page read more than filled in (the home
        // page, /jobs, a job, for a visitor: rendered from its loaders, without Apollo) starts its
        // scripts after its first paint (ADR 0061); the others (forms, a signed-in visitor's
        // pages) hydrate as early as they can, their scripts preloaded at low priority.
        const body = finishedPage({ afterPaint: !withApollo });
        body.once("close", () => clearTimeout(abortTimer));
        responseHeaders.set("Content-Type", "text/html; charset=utf-8");
        resolve(
          new Response(createReadableStreamFromReadable(body), {
            status: responseStatusCode,
            headers: responseHeaders,
          }),
        );
        pipe(body);
      },
      onShellError(error: unknown) {
        clearTimeout(abortTimer);
        reject(error);
      },
      onError(error: unknown) {
        responseStatusCode = 500;
        // Errors before the shell is done reject above; later ones are only worth a log line.
        if (shellRendered) console.error(error);
      },
    });
    abortTimer = setTimeout(abort, streamTimeout + 1_000);
  });
}
