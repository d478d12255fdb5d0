import type { ApolloClient } from "@apollo/client";
import { act, renderHook } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { BOOKMARK_JOB as BOOKMARK } from "~/components/BookmarkButton";
import { apolloNeeded, setApolloClientLoader, useLazyMutation } from "./lazy-client";

describe("apolloNeeded", () => {
  const free = { hydratesWithoutApollo: true };
  it("spares only a visitor's page whose route hydrates without Apollo", () => {
    expect(apolloNeeded({ handles: [undefined, free], signedIn: false, failed: false })).toBe(false);
    expect(apolloNeeded({ handles: [undefined, undefined], signedIn: false, failed: false })).toBe(true);
    expect(apolloNeeded({ handles: [undefined, free], signedIn: true, failed: false })).toBe(true);
    expect(apolloNeeded({ handles: [undefined, free], signedIn: false, failed: true })).toBe(true);
  });
});

describe("useLazyMutation", () => {
  it("loads the client when the mutation first runs, and says loading meanwhile", async () => {
    const mutate = vi.fn(async () => ({ data: { bookmarkJob: { __typename: "JobSaved" } } }));
    const load = vi.fn(async () => ({ mutate }) as unknown as ApolloClient);
    setApolloClientLoader(load);
    const { result } = renderHook(() => useLazyMutation(BOOKMARK));
    expect(load).not.toHaveBeenCalled();
    expect(result.current[1]).toEqual({ loading: false, called: false });

    let answer: unknown;
    await act(async () => {
      answer = await result.current[0]({ variables: { jobId: "7" } });
    });
    expect(load).toHaveBeenCalledOnce();
    expect(mutate).toHaveBeenCalledWith({ mutation: BOOKMARK, variables: { jobId: "7" } });
    expect(answer).toEqual({ data: { bookmarkJob: { __typename: "JobSaved" } } });
    expect(result.current[1]).toMatchObject({ loading: false, called: true });
  });
});
