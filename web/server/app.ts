import express, { type Express, type RequestHandler } from "express";
import { graphqlProxy } from "./graphql-proxy.js";
import { securityHeaders } from "./security-headers.js";

export interface CreateWebAppOptions {
  gatewayUrl: string;
  /** Renders pages: the React Router request handler in production. */
  pageHandler: RequestHandler;
  /** The built browser assets (`build/client`); omitted in tests. */
  clientBuildDir?: string;
}

export function createWebApp(options: CreateWebAppOptions): Express {
  const app = express();
  app.disable("x-powered-by");
  app.use(securityHeaders());

  app.all("/graphql", graphqlProxy({ gatewayUrl: options.gatewayUrl }));

  if (options.clientBuildDir) {
    // Fingerprinted file names, so these can be cached for good.
    app.use(
      "/assets",
      express.static(`${options.clientBuildDir}/assets`, { immutable: true, maxAge: "1y" }),
    );
    app.use(express.static(options.clientBuildDir, { maxAge: "1h" }));
  }

  app.use(options.pageHandler);
  return app;
}
