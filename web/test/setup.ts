import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { afterEach } from "vitest";

// findBy*/waitFor give up after one second by default. On a busy 2-core machine a Mantine menu
// or modal can take longer than that to open (transitions, lazy styles): waiting longer never
// makes a wrong render pass, it only stops a slow right one from failing (a job manager menu
// took 11 s once, with the whole test run sharing the machine).
configure({ asyncUtilTimeout: 20_000 });

afterEach(() => {
  cleanup();
});

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
