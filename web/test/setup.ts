import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { afterEach, vi } from "vitest";

// findBy*/waitFor give up after one second by default. On a busy 2-core machine a Mantine menu
// or modal can take longer than that to open (transitions, lazy styles): waiting longer never
// makes a wrong render pass, it only stops a slow right one from failing (a job manager menu
// took 11 s once, with the whole test run sharing the machine).
configure({ asyncUtilTimeout: 20_000 });

afterEach(() => {
  cleanup();
});

// The test files share their workers' DOM and packages (vitest.config.ts: isolate false), so each
// file starts from the app's modules imported afresh (a file's vi.mock must reach the components
// it renders, which the file before may have imported with the real module), an empty page and
// empty storage, as in a browser tab of its own: a Mantine portal node or a stored choice left by
// the file before must not answer this file's queries. (This file runs before each test file.)
vi.resetModules();
if (typeof document !== "undefined") {
  document.body.innerHTML = "";
  for (const cookie of document.cookie.split(";")) {
    const name = cookie.split("=")[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
  window.localStorage.clear();
  window.sessionStorage.clear();
}

// Mantine reads these browser APIs that jsdom does not implement.
if (typeof window !== "undefined") {
  window.matchMedia ??= (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
  window.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
