import type { ApolloClient } from "@apollo/client";
import { APP_CONFIG, type AppConfigEntry } from "~/lib/app-config";
import { requestApolloClient } from "./request-client.server";

declare module "react-router" {
  interface AppLoadContext {
    /**
     * A page (document) request's render, begun by the root loader (absent for the data
     * requests of client-side navigations, which render nothing on the server).
     */
    pageRender?: PageRender;
  }
}

/** What the server render of one page needs before it starts, asked for as early as possible. */
export interface PageRender {
  started?: { client: ApolloClient; appConfig: Promise<AppConfigEntry[]> };
}

/**
 * The site's configuration through the render's own client; its cache keeps the answer (the page
 * embeds it). Written into the cache as the answer came, not read back from it: a cache-first
 * query writes its answer, then reads the whole of it back from the new cache to return it,
 * which for the configuration's 39 entries was some 2 ms of CPU on every page (more than the
 * write itself), for the same entries.
 */
export function askAppConfig(client: ApolloClient): Promise<AppConfigEntry[]> {
  return client
    .query({ query: APP_CONFIG, fetchPolicy: "no-cache" })
    .then(({ data }): AppConfigEntry[] => {
      if (!data) return [];
      client.cache.writeQuery({ query: APP_CONFIG, data });
      // each entry's fields in the order the cache gave them (the page's bootstrap prints them:
      // Apollo's __typename first, as the cache gives it)
      return data.getAppConfig.map(({ name, key, value, ...typename }) => ({ ...typename, name, key, value }));
    })
    .catch((): AppConfigEntry[] => []);
}

/**
 * The root loader: on a page request, makes the render's Apollo client and asks for the site's
 * configuration now, beside the loaders' own queries, instead of after them (entry.server used to
 * ask once every loader had answered: one more round trip to the gateway on every page).
 */
export function beginPageRender(request: Request, pageRender: PageRender | undefined): void {
  if (!pageRender || pageRender.started) return;
  const client = requestApolloClient(request);
  pageRender.started = { client, appConfig: askAppConfig(client) };
}

/** entry.server: the render's client and configuration the root loader began, else begun now. */
export function pageRenderOf(
  request: Request,
  pageRender: PageRender | undefined,
): { client: ApolloClient; appConfig: Promise<AppConfigEntry[]> } {
  if (pageRender?.started) return pageRender.started;
  const client = requestApolloClient(request);
  return { client, appConfig: askAppConfig(client) };
}
