// @vitest-environment node
import { describe, expect, it } from "vitest";
import { InvalidEnvError, parseServerEnv } from "./env.server";

describe("parseServerEnv", () => {
  it("applies the documented defaults", () => {
    expect(parseServerEnv({})).toEqual({
      NODE_ENV: "development",
      HOST: "127.0.0.1",
      PORT: 3002,
      GATEWAY_URL: "http://127.0.0.1:4000/graphql",
      FRONTEND_NAME: "jobboard",
    });
  });

  it("coerces the port and keeps explicit values", () => {
    const env = parseServerEnv({
      PORT: "4010",
      GATEWAY_URL: "http://gateway.internal:4000/graphql",
      NODE_ENV: "production",
    });
    expect(env.PORT).toBe(4010);
    expect(env.GATEWAY_URL).toBe("http://gateway.internal:4000/graphql");
    expect(env.NODE_ENV).toBe("production");
  });

  it("rejects bad values with one error naming each variable", () => {
    expect(() => parseServerEnv({ PORT: "http", GATEWAY_URL: "not a url" })).toThrow(
      InvalidEnvError,
    );
    expect(() => parseServerEnv({ PORT: "http", GATEWAY_URL: "not a url" })).toThrow(
      /PORT.*GATEWAY_URL/,
    );
  });
});
