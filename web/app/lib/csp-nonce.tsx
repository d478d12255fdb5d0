import { createContext, useContext, type ReactNode } from "react";

declare module "react-router" {
  interface AppLoadContext {
    /** This response's Content-Security-Policy nonce (the web server's, ADR 0022). */
    cspNonce?: string;
  }
}

/**
 * The response's Content-Security-Policy nonce, for the inline scripts a page writes itself
 * (Mantine's color scheme script; React Router's own take it from ServerRouter). Only the
 * server knows it: browsers hide a nonce from scripts, and hydration keeps the server's markup.
 */
const NonceContext = createContext<string | undefined>(undefined);

export function NonceProvider({ nonce, children }: { nonce: string | undefined; children: ReactNode }) {
  return <NonceContext.Provider value={nonce}>{children}</NonceContext.Provider>;
}

export function useNonce(): string | undefined {
  return useContext(NonceContext);
}
