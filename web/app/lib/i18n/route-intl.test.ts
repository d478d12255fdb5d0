import { describe, expect, it } from "vitest";
import { routeIntl } from "./route-intl";
import { SITE_INTL } from "./site-intl";

const title = { id: "test.title", defaultMessage: "My products" };

describe("routeIntl", () => {
  it("formats with the locale and catalogue the root loader chose", () => {
    const intl = routeIntl([{ id: "root", loaderData: { locale: "de", messages: { "test.title": "Meine Produkte" } } }]);
    expect(intl.locale).toBe("de");
    expect(intl.formatMessage(title)).toBe("Meine Produkte");
    expect(intl.formatNumber(1234.5)).toBe("1.234,5");
  });

  it("answers the site's language without root data", () => {
    expect(routeIntl(undefined)).toBe(SITE_INTL);
    expect(routeIntl([{ id: "root", loaderData: undefined }]).formatMessage(title)).toBe("My products");
  });
});
