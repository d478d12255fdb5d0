import { describe, expect, it } from "vitest";
import { dashboardMenu } from "./DashboardMenus";

describe("whose menu", () => {
  it("visitors, job seekers and organization users each have their own kind", () => {
    expect(dashboardMenu(null).kind).toBe("visitor");
    expect(dashboardMenu(["applicant"]).kind).toBe("jobseeker");
    expect(dashboardMenu(["recruiter"]).kind).toBe("organization");
    expect(dashboardMenu(["administrator"]).kind).toBe("organization");
  });

  it("administrators get the administration items too", () => {
    const labels = (roles: string[]) =>
      dashboardMenu(roles).items.map((item) => item.label);
    expect(labels(["administrator"])).toContain("Jobs to review");
    expect(labels(["recruiter"])).not.toContain("Jobs to review");
  });
});
