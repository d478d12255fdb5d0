import { describe, expect, it } from "vitest";
import { isCurrentMenuItem, menuLink } from "./menu";

describe("the menu's current item (spec 2)", () => {
  it("is current on its own path, the query ignored", () => {
    expect(isCurrentMenuItem("/jobs", "/jobs")).toBe(true);
    expect(isCurrentMenuItem("/jobs", "/jobs?search=nurse&page=2")).toBe(true);
    expect(isCurrentMenuItem("/jobs?sorting=publish_date_desc", "/jobs")).toBe(true);
  });

  it("is current beneath its path, not beside it", () => {
    expect(isCurrentMenuItem("/jobs", "/jobs/software-development")).toBe(true);
    expect(isCurrentMenuItem("/job", "/jobs")).toBe(false);
    expect(isCurrentMenuItem("/organization", "/organizations")).toBe(false);
    expect(isCurrentMenuItem("/", "/jobs")).toBe(false);
    expect(isCurrentMenuItem("/", "/")).toBe(true);
  });

  it("never counts links to other sites", () => {
    expect(isCurrentMenuItem("https://jobboard.example/jobs", "/jobs")).toBe(false);
    expect(isCurrentMenuItem("http://jobboard.example/", "/")).toBe(false);
  });

  it("strips the internal: prefix", () => {
    expect(menuLink("internal:/my-products")).toBe("/my-products");
    expect(menuLink("internal:")).toBe("/");
    expect(menuLink("/jobs")).toBe("/jobs");
    expect(isCurrentMenuItem("internal:/job-manager", "/job-manager/")).toBe(true);
  });
});
