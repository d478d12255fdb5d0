import { describe, expect, it, vi } from "vitest";
import { loadMessages, messagesPath } from "./load-messages";

function answer(body: unknown, status = 200): typeof fetch {
  return vi.fn(async () => new Response(JSON.stringify(body), { status })) as unknown as typeof fetch;
}

describe("loadMessages", () => {
  it("asks /api/messages/{locale} and answers its catalogue", async () => {
    const fetcher = answer({ "shell.skipLink": "Zum Inhalt springen" });
    expect(await loadMessages("de", fetcher)).toEqual({ "shell.skipLink": "Zum Inhalt springen" });
    expect(fetcher).toHaveBeenCalledWith("/api/messages/de", expect.anything());
    expect(messagesPath("en-GB")).toBe("/api/messages/en-GB");
  });

  it("accepts the catalogue sent as a JSON string", async () => {
    const fetcher = answer(JSON.stringify({ "shell.nav.jobs": "Emplois" }));
    expect(await loadMessages("fr", fetcher)).toEqual({ "shell.nav.jobs": "Emplois" });
  });

  it.each([
    ["an error status", answer({ error: "unknown_locale" }, 404)],
    ["a body that is no catalogue", answer([1, 2])],
    ["a network failure", vi.fn(async () => Promise.reject(new TypeError("offline"))) as unknown as typeof fetch],
  ])("leaves the set empty and logs to the console on %s", async (_case, fetcher) => {
    const log = vi.spyOn(console, "error").mockImplementation(() => undefined);
    expect(await loadMessages("de", fetcher)).toEqual({});
    expect(log).toHaveBeenCalledOnce();
    expect(String(log.mock.calls[0]?.[0])).toContain("Messages for de failed to load");
  });

  it("does not ask for a locale the site does not know", async () => {
    const fetcher = answer({});
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    expect(await loadMessages("xx", fetcher)).toEqual({});
    expect(fetcher).not.toHaveBeenCalled();
  });
});
