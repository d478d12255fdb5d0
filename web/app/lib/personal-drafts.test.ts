import { describe, expect, it } from "vitest";

import {
  forgetPersonalDrafts,
  QUICK_APPLY_DRAFT_PREFIX,
} from "./personal-drafts";

describe("forgetPersonalDrafts", () => {
  it("removes every quick-apply draft and nothing else", () => {
    window.localStorage.clear();
    window.localStorage.setItem(`${QUICK_APPLY_DRAFT_PREFIX}nurse`, "{}");
    window.localStorage.setItem(`${QUICK_APPLY_DRAFT_PREFIX}developer`, "{}");
    window.localStorage.setItem("jobboard.sidebar.visitor", "collapsed");
    forgetPersonalDrafts();
    expect(Object.keys(window.localStorage)).toEqual([
      "jobboard.sidebar.visitor",
    ]);
  });
});
