import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { ApolloClient } from "@apollo/client";
import { MockedProvider } from "@apollo/client/testing/react";
import { act, render, renderHook, screen } from "@testing-library/react";
import { Suspense } from "react";
import { describe, expect, it, vi } from "vitest";
import { BOOKMARK_JOB as BOOKMARK } from "~/components/BookmarkButton";
import {
  APOLLO_CLIENT_MODULE,
  apolloNeeded,
  LazyApolloProvider,
  loadedWhenRendered,
  loadRenderedParts,
  RenderedModulesProvider,
  setApolloClientLoader,
  useLazyMutation,
} from "./lazy-client";

describe("apolloNeeded", () => {
  const free = { hydratesWithoutApollo: true };
  it("spares only a visitor's page whose route hydrates without Apollo", () => {
    expect(apolloNeeded({ handles: [undefined, free], signedIn: false, failed: false })).toBe(false);
    expect(apolloNeeded({ handles: [undefined, undefined], signedIn: false, failed: false })).toBe(true);
    expect(apolloNeeded({ handles: [undefined, free], signedIn: true, failed: false })).toBe(true);
    expect(apolloNeeded({ handles: [undefined, free], signedIn: false, failed: true })).toBe(true);
  });
});

describe("useLazyMutation", () => {
  it("loads the client when the mutation first runs, and says loading meanwhile", async () => {
    const mutate = vi.fn(async () => ({ data: { bookmarkJob: { __typename: "JobSaved" } } }));
    const load = vi.fn(async () => ({ mutate }) as unknown as ApolloClient);
    setApolloClientLoader(load);
    const { result } = renderHook(() => useLazyMutation(BOOKMARK));
    expect(load).not.toHaveBeenCalled();
    expect(result.current[1]).toEqual({ loading: false, called: false });

    let answer: unknown;
    await act(async () => {
      answer = await result.current[0]({ variables: { jobId: "7" } });
    });
    expect(load).toHaveBeenCalledOnce();
    expect(mutate).toHaveBeenCalledWith({ mutation: BOOKMARK, variables: { jobId: "7" } });
    expect(answer).toEqual({ data: { bookmarkJob: { __typename: "JobSaved" } } });
    expect(result.current[1]).toMatchObject({ loading: false, called: true });
  });
});

describe("loadedWhenRendered", () => {
  it("tells the server's page what it rendered, Apollo's client too where a page needs it", async () => {
    const Part = loadedWhenRendered("app/test/Said.tsx", async () => () => <p>said</p>);
    const page = (needed: boolean, add: (module: string) => void) => (
      // the server's request client above, as in entry.server
      <MockedProvider>
        <RenderedModulesProvider modules={{ add }}>
          <LazyApolloProvider needed={needed}>
            <Suspense fallback={null}>
              <Part />
            </Suspense>
          </LazyApolloProvider>
        </RenderedModulesProvider>
      </MockedProvider>
    );
    const visitor = new Set<string>();
    const view = await act(async () => render(page(false, (module) => visitor.add(module))));
    expect(await screen.findByText("said")).toBeInTheDocument();
    expect([...visitor]).toEqual(["app/test/Said.tsx"]);
    view.unmount();

    const signedIn = new Set<string>();
    await act(async () => render(page(true, (module) => signedIn.add(module))));
    expect([...signedIn]).toEqual([APOLLO_CLIENT_MODULE, "app/test/Said.tsx"]);
  });

  it("renders at once, without suspending, once the entry loaded what the server rendered", async () => {
    const load = vi.fn(async () => () => <p>the menu</p>);
    const Part = loadedWhenRendered("app/test/Menu.tsx", load);
    expect(load).not.toHaveBeenCalled();
    await loadRenderedParts(["app/test/Menu.tsx", "app/test/Unknown.tsx"]);
    expect(load).toHaveBeenCalledOnce();
    // a fallback would show if it suspended: hydration would leave the server's HTML dead meanwhile
    render(
      <Suspense fallback={<p>waiting</p>}>
        <Part />
      </Suspense>,
    );
    expect(screen.getByText("the menu")).toBeInTheDocument();
    expect(screen.queryByText("waiting")).not.toBeInTheDocument();
  });

  it("does not hold hydration back when a part fails to load", async () => {
    loadedWhenRendered("app/test/Broken.tsx", () => Promise.reject(new Error("offline")));
    await expect(loadRenderedParts(["app/test/Broken.tsx"])).resolves.toBeUndefined();
  });

  // The server preloads a part's files by the name it gives (the build manifest's key): the name
  // must be the file it imports.
  it("is named by the file each part imports", () => {
    const app = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
    const web = resolve(app, "..");
    const files = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
        entry.isDirectory() ? files(join(dir, entry.name)) : /\.tsx?$/.test(entry.name) ? [join(dir, entry.name)] : [],
      );
    const parts: [string, string][] = [];
    for (const file of files(app)) {
      if (file.endsWith(".test.tsx") || file.endsWith("lazy-client.tsx")) continue;
      const code = readFileSync(file, "utf8");
      for (const match of code.matchAll(/loadedWhenRendered\(\s*"([^"]+)",\s*\(\)\s*=>\s*import\("([^"]+)"\)/g)) {
        const source = match[2] ?? "";
        const imported = source.startsWith("~/") ? join(app, source.slice(2)) : resolve(dirname(file), source);
        const named = match[1] ?? "";
        const extension = /\.tsx?$/.exec(named)?.[0] ?? "";
        parts.push([named, relative(web, imported) + extension]);
      }
    }
    expect(parts.length).toBeGreaterThanOrEqual(3);
    for (const [named, imported] of parts) expect(named).toBe(imported);
  });
});
