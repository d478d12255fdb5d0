import { beforeEach, describe, expect, it, vi } from "vitest";
import type { Route } from "./+types/resume-alert-edit";
import { loader } from "./resume-alert-edit";

const query = vi.fn();
const requireSession = vi.fn();

vi.mock("~/lib/apollo/request-client.server", () => ({ requestApolloClient: () => ({ query }) }));
vi.mock("~/lib/session.server", () => ({
  requireSession: (request: Request, allow?: (user: { roles: string[] }) => boolean) => requireSession(request, allow),
}));

const ALERT_ID = "0b8f5c8e-1d2a-4c3b-9e4f-5a6b7c8d9e0f";

function load(id: string) {
  return loader({
    request: new Request(`http://site.test/resume-alert/edit/${id}`),
    params: { id },
  } as unknown as Route.LoaderArgs);
}

async function status(promise: Promise<unknown>): Promise<number> {
  try {
    await promise;
  } catch (error: unknown) {
    return (error as { init?: { status?: number } }).init?.status ?? -1;
  }
  throw new Error("expected the loader to throw");
}

describe("resume alert edit route loader", () => {
  beforeEach(() => {
    query.mockReset();
    requireSession.mockReset();
    requireSession.mockResolvedValue({ user: { id: "u1", roles: ["recruiter"] } });
  });

  it("lets only recruiters (and administrators) in", async () => {
    query.mockResolvedValue({ data: { resumeAlert: { id: ALERT_ID, name: "Nurses" } } });
    await load(ALERT_ID);
    const allow = requireSession.mock.calls[0]?.[1] as (user: { roles: string[] }) => boolean;
    expect(allow({ roles: ["recruiter"] })).toBe(true);
    expect(allow({ roles: ["administrator"] })).toBe(true);
    expect(allow({ roles: ["applicant"] })).toBe(false);
  });

  it("answers 404 for an id that is no alert id, without asking the API", async () => {
    expect(await status(load("latest"))).toBe(404);
    expect(query).not.toHaveBeenCalled();
  });

  it("answers 404 when the API has no such alert of the caller (or the site offers none)", async () => {
    query.mockResolvedValue({ data: { resumeAlert: null } });
    expect(await status(load(ALERT_ID))).toBe(404);
    expect(query).toHaveBeenCalledWith(expect.objectContaining({ variables: { id: ALERT_ID } }));
  });

  it("answers the recruiter's alert", async () => {
    const alert = { id: ALERT_ID, name: "Nurses" };
    query.mockResolvedValue({ data: { resumeAlert: alert } });
    await expect(load(ALERT_ID)).resolves.toEqual({ alert });
  });
});
