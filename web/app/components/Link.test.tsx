import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub, useLocation } from "react-router";
import { describe, expect, it } from "vitest";
import { renderWithMantine } from "../../test/render";
import { siteLocales, type SiteLocales } from "~/lib/routes-i18n";
import { SiteLocaleProvider, useNavigate } from "~/lib/site-locale";
import { Link, NavLink } from "./Link";

function Links() {
  const navigate = useNavigate();
  return (
    <>
      <Link to="/organizations">Organizations</Link>
      <Link to="/jobs/nursing?page=2">Nursing</Link>
      <NavLink to={{ pathname: "/resumes", search: "?q=1" }}>Resumes</NavLink>
      <Link to="https://elsewhere.example/jobs">Elsewhere</Link>
      <Link to="apply">Relative</Link>
      <button type="button" onClick={() => void navigate("/organizations")}>
        Go
      </button>
    </>
  );
}

function Where() {
  return <p>at {useLocation().pathname}</p>;
}

function render(locale: string, site: SiteLocales, at = "/") {
  const Stub = createRoutesStub([
    {
      path: "*",
      Component: () => (
        <SiteLocaleProvider locale={locale} site={site}>
          <Links />
          <Where />
        </SiteLocaleProvider>
      ),
    },
  ]);
  return renderWithMantine(<Stub initialEntries={[at]} />);
}

const href = (name: string) => screen.getByRole("link", { name }).getAttribute("href");

describe("links follow the page's locale (spec 2)", () => {
  it("are prefixed and translated on a page of a second locale", async () => {
    const site = siteLocales(["en", "de", "fr"]);
    render("de", site, "/de");
    expect(href("Organizations")).toBe("/de/arbeitgeber-suchen");
    expect(href("Nursing")).toBe("/de/jobs/nursing?page=2");
    expect(href("Resumes")).toBe("/de/bewerbersuche?q=1");
    expect(href("Elsewhere")).toBe("https://elsewhere.example/jobs");
    expect(href("Relative")).toBe("/de/apply");
    await userEvent.click(screen.getByRole("button", { name: "Go" }));
    expect(await screen.findByText("at /de/arbeitgeber-suchen")).toBeInTheDocument();
  });

  it("use fr's route names under /fr", () => {
    render("fr", siteLocales(["en", "fr"]), "/fr");
    expect(href("Nursing")).toBe("/fr/emploi/nursing?page=2");
    expect(href("Organizations")).toBe("/fr/organizations");
  });

  it("stay as they are in the default locale and on this en-only site", () => {
    render("en", siteLocales(["en", "de"]));
    expect(href("Organizations")).toBe("/organizations");
    render("de", siteLocales(["en"]));
    expect(screen.getAllByRole("link", { name: "Organizations" }).map((link) => link.getAttribute("href"))).toEqual([
      "/organizations",
      "/organizations",
    ]);
  });
});
