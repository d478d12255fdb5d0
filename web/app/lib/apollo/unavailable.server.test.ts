// @vitest-environment node
import { data, redirect } from "react-router";
import { describe, expect, it } from "vitest";
import { requestUnavailableParts, unlessUnavailable, withUnavailableParts } from "./unavailable.server";

describe("a page request's missing parts", () => {
  it("are the request's own: what one records, another does not see", async () => {
    const seen = await Promise.all(
      [["organizations"], []].map((parts) =>
        withUnavailableParts(async () => {
          await new Promise((resolve) => setTimeout(resolve, 5));
          requestUnavailableParts().add(parts);
          await new Promise((resolve) => setTimeout(resolve, 5));
          return requestUnavailableParts().list();
        }),
      ),
    );
    expect(seen).toEqual([["organizations"], []]);
  });

  it("turn a page's 404 into a 503 (nothing is known of the path), but leave redirects", async () => {
    await withUnavailableParts(async () => {
      expect(unlessUnavailable(data(null, { status: 404 }))).toMatchObject({ init: { status: 404 } });
      requestUnavailableParts().add(["organizations"]);
      expect(unlessUnavailable(data(null, { status: 404 }))).toMatchObject({ init: { status: 503 } });
      const moved = redirect("/organization/new-name", 301);
      expect(unlessUnavailable(moved)).toBe(moved);
    });
  });
});
