import { beforeEach, describe, expect, it, vi } from "vitest";
import type { Route } from "./+types/resume-detail";
import { loader } from "./resume-detail";

const query = vi.fn();
const requireSession = vi.fn();

vi.mock("~/lib/apollo/request-client.server", () => ({ requestApolloClient: () => ({ query }) }));
vi.mock("~/lib/session.server", () => ({ requireSession: (request: Request) => requireSession(request) }));

const RESUME_ID = "3f1c2a55-8d1e-4c0b-9b7a-0c2d4e6f8a10";

function load(id: string) {
  return loader({
    request: new Request(`http://site.test/resume/${id}`),
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

describe("resume detail route loader", () => {
  beforeEach(() => {
    query.mockReset();
    requireSession.mockReset();
    requireSession.mockResolvedValue({ user: { id: "u1", roles: ["recruiter"] } });
  });

  it("answers 404 for a path segment that is no resume id, without asking the API", async () => {
    expect(await status(load("edit"))).toBe(404);
    expect(await status(load("contact-requests"))).toBe(404);
    expect(query).not.toHaveBeenCalled();
  });

  it("answers 404 when the API has no resume the caller may see", async () => {
    query.mockResolvedValue({ data: { resume: null } });
    expect(await status(load(RESUME_ID))).toBe(404);
    expect(query).toHaveBeenCalledWith(expect.objectContaining({ variables: { id: RESUME_ID } }));
  });

  it("answers the resume, with Request contact for recruiters only", async () => {
    const resume = { id: RESUME_ID, title: "Youth worker" };
    query.mockResolvedValue({ data: { resume } });
    await expect(load(RESUME_ID)).resolves.toEqual({ resume, canRequestContact: true });
    requireSession.mockResolvedValue({ user: { id: "u2", roles: ["applicant"] } });
    await expect(load(RESUME_ID)).resolves.toEqual({ resume, canRequestContact: false });
  });
});
