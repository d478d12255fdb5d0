import { describe, expect, it } from "vitest";
import { redirectTo, SERVER_REDIRECT_STATUS } from "./redirect";

describe("the redirect helper", () => {
  it("answers 303 by default on the server", () => {
    const response = redirectTo("/user/login");
    expect(SERVER_REDIRECT_STATUS).toBe(303);
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/user/login");
  });

  it("takes the status a permanent move needs", () => {
    expect(redirectTo("/jobs", 301).status).toBe(301);
  });
});
