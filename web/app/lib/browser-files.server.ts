import { readFileSync } from "node:fs";

declare module "react-router" {
  interface AppLoadContext {
    /** The client build's manifest (the web server reads it at start; absent in development). */
    clientManifest?: ClientManifest;
  }
}

/** One chunk of the build's manifest (Vite's `build.manifest`, kept in `build/client/.vite/`). */
export interface ManifestChunk {
  file: string;
  imports?: string[];
}

export type ClientManifest = Record<string, ManifestChunk>;

/**
 * The browser files of a module the page renders with beyond its routes (lib/apollo/lazy-client's
 * RenderedModules): its chunk and the chunks it imports, as the browser's dynamic import fetches
 * them. `module` is the manifest's key, the file's path in `web/`; an unknown one (the dev
 * server, which has no manifest) has none.
 */
export function browserFiles(manifest: ClientManifest, module: string, base = "/"): string[] {
  const files: string[] = [];
  const seen = new Set<string>();
  const walk = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    files.push(`${base}${chunk.file}`);
    for (const imported of chunk.imports ?? []) walk(imported);
  };
  walk(module);
  return files;
}

/**
 * The client build's manifest (`build/client/.vite/manifest.json`), read once when the web server
 * starts; none (nothing preloaded) where the build has none.
 */
export function readClientManifest(path: URL): ClientManifest {
  try {
    return JSON.parse(readFileSync(path, "utf8")) as ClientManifest;
  } catch {
    return {};
  }
}
