import { encode } from "@auth/core/jwt";
import { beforeAll, describe, expect, it } from "vitest";
import { loader as overviewLoader } from "./resume";
import { loader as editLoader } from "./resume-edit";
import { loader as wizardLoader } from "./resume-wizard";
import { loader as stepLoader } from "./resume-wizard-step";

const SECRET = "resume-wizard-route-test-secret-0123456789";
const COOKIE = "authjs.session-token";

beforeAll(() => {
  process.env.AUTH_SECRET = SECRET;
  process.env.AUTH_URL = "http://127.0.0.1:3002";
});

async function request(path: string, roles: string[] | null): Promise<Request> {
  const headers = new Headers();
  if (roles) {
    const user = { id: "u1", name: "Ada", email: "ada@example.org", roles, emailVerified: true };
    const token = await encode({
      token: { sub: "u1", user, accessToken: "t", accessTokenExpiresAt: Math.floor(Date.now() / 1000) + 3600, masqueraded: false, isNewUserViaSocial: false },
      secret: SECRET,
      salt: COOKIE,
    });
    headers.set("cookie", `${COOKIE}=${token}`);
  }
  return new Request(`http://127.0.0.1:3002${path}`, { headers });
}

/** What a loader answers: its value, or the Response / data() it throws. */
async function outcome(run: () => Promise<unknown>): Promise<{ status: number; location?: string | null; value?: unknown }> {
  try {
    const value = await run();
    if (value instanceof Response) return { status: value.status, location: value.headers.get("location") };
    return { status: 200, value };
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, location: thrown.headers.get("location") };
    const init = (thrown as { init?: { status?: number } }).init;
    return { status: init?.status ?? 500 };
  }
}

type Loader = (args: { request: Request; params: Record<string, string>; context: unknown }) => Promise<unknown>;
const call = (loader: unknown, req: Request, params: Record<string, string> = {}) => () =>
  (loader as Loader)({ request: req, params, context: {} });

describe("the resume routes", () => {
  it("send visitors to log in with SessionRequired", async () => {
    const answer = await outcome(call(overviewLoader, await request("/resume", null)));
    expect(answer.status).toBe(303);
    expect(answer.location).toBe("/user/login?destination=%2Fresume&error=SessionRequired");
  });

  it.each([
    ["/resume", overviewLoader, {}],
    ["/resume/edit", editLoader, {}],
    ["/resume/wizard", wizardLoader, {}],
    ["/resume/wizard/skills", stepLoader, { step: "skills" }],
  ])("refuse %s to a recruiter without the applicant role", async (path, loader, params) => {
    const answer = await outcome(call(loader, await request(path, ["authenticated", "recruiter"]), params));
    expect(answer.status).toBe(403);
  });

  it("start the wizard at its first step and serve the steps by name", async () => {
    const applicant = ["authenticated", "applicant"];
    const start = await outcome(call(wizardLoader, await request("/resume/wizard", applicant)));
    expect(start).toMatchObject({ status: 303, location: "/resume/wizard/personal-info" });
    const step = await outcome(call(stepLoader, await request("/resume/wizard/languages", applicant), { step: "languages" }));
    expect(step).toEqual({ status: 200, value: { step: "languages" } });
    const unknown = await outcome(call(stepLoader, await request("/resume/wizard/hobbies", applicant), { step: "hobbies" }));
    expect(unknown.status).toBe(404);
  });
});
