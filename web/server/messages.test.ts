// @vitest-environment node
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createWebApp } from "./app";
import { messagesEndpoint, readCatalogues } from "./messages";

const CATALOGUES = readCatalogues(
  new URL("../app/lib/i18n/messages/", import.meta.url),
);

let server: Server;
let base: string;

beforeEach(async () => {
  const app = createWebApp({
    gatewayUrl: "http://127.0.0.1:9/graphql",
    pageHandler: (_req, res) => {
      res.status(200).send("page");
    },
    messages: CATALOGUES,
  });
  server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterEach(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe("GET /api/messages/{locale}", () => {
  it.each(["en", "en-GB", "de", "fr"])(
    "answers the %s catalogue as a JSON string",
    async (locale) => {
      const response = await fetch(`${base}/api/messages/${locale}`);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toMatch(
        /^application\/json/,
      );
      expect(response.headers.get("cache-control")).toBe("public, max-age=300");
      const text = (await response.json()) as unknown;
      expect(typeof text).toBe("string");
      const body = JSON.parse(text as string) as Record<string, string>;
      expect(body).toEqual(CATALOGUES[locale]);
      expect(typeof body["shell.skipLink"]).toBe("string");
    },
  );

  it("says which catalogue: en's texts are the defaults, de's are German", async () => {
    const read = async (locale: string) =>
      JSON.parse(
        (await (
          await fetch(`${base}/api/messages/${locale}`)
        ).json()) as string,
      ) as Record<string, string>;
    const [en, de] = [await read("en"), await read("de")];
    expect(en["shell.skipLink"]).toBe("Skip to content");
    expect(de["shell.skipLink"]).toBe("Zum Inhalt springen");
  });

  it.each(["xx", "EN", "__proto__", "constructor", "de-AT"])(
    "answers 404 with a JSON error for %s",
    async (locale) => {
      const response = await fetch(`${base}/api/messages/${locale}`);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({
        error: "unknown_locale",
        message: `No messages for locale ${locale}.`,
      });
    },
  );

  it("keeps the site's other headers (frame restriction) on the answer", async () => {
    const response = await fetch(`${base}/api/messages/en`);
    expect(response.headers.get("x-frame-options")).toBe("SAMEORIGIN");
  });

  it("is gzipped for a browser that accepts it, as every answer of the web server", async () => {
    const response = await fetch(`${base}/api/messages/en`, {
      headers: { "Accept-Encoding": "gzip" },
    });
    expect(response.headers.get("content-encoding")).toBe("gzip");
    expect(JSON.parse((await response.json()) as string)).toEqual(
      CATALOGUES.en,
    );
  });

  it("leaves other paths to the pages", async () => {
    const response = await fetch(`${base}/api/messages`);
    expect(await response.text()).toBe("page");
  });
});

describe("messagesEndpoint alone", () => {
  it("answers only the catalogues it was given", async () => {
    const app = express().use("/m", messagesEndpoint({ en: { a: "A" } }));
    const alone = createServer(app);
    await new Promise<void>((resolve) => alone.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(alone.address() as AddressInfo).port}/m`;
    expect(await (await fetch(`${url}/en`)).json()).toEqual(JSON.stringify({ a: "A" }));
    expect((await fetch(`${url}/de`)).status).toBe(404);
    await new Promise<void>((resolve) => alone.close(() => resolve()));
  });
});
