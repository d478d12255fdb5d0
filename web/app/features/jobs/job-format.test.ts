import { describe, expect, it } from "vitest";
import { canPublish, isGone, jobJsonLdScript, PUBLISH_HIDDEN_STATES, SHARE_NETWORKS, shareUrl } from "./job-format";

describe("jobJsonLdScript", () => {
  it("escapes every < so a </script> in the data cannot close the element", () => {
    const script = jobJsonLdScript(JSON.stringify({ title: "A </script><script>alert(1)</script>" }));
    expect(script).not.toContain("</script");
    expect(script).not.toContain("<");
    expect(JSON.parse(script ?? "null")).toEqual({ title: "A </script><script>alert(1)</script>" });
  });

  it("answers nothing for no JSON-LD or unparsable text", () => {
    expect(jobJsonLdScript(null)).toBeNull();
    expect(jobJsonLdScript("")).toBeNull();
    expect(jobJsonLdScript("{not json</script>")).toBeNull();
  });
});

describe("workflow states", () => {
  it("hides publishing in the states spec 4 names", () => {
    expect(PUBLISH_HIDDEN_STATES).toEqual(["NEEDS_REVIEW", "PUBLISHED", "ARCHIVED", "SCHEDULED"]);
    for (const state of PUBLISH_HIDDEN_STATES) expect(canPublish(state)).toBe(false);
    expect(canPublish("DRAFT")).toBe(true);
    expect(canPublish("AWAITING_SLOT")).toBe(false);
  });

  it("treats expired and archived jobs as gone", () => {
    expect(isGone("EXPIRED")).toBe(true);
    expect(isGone("ARCHIVED")).toBe(true);
    expect(isGone("PUBLISHED")).toBe(false);
    expect(isGone("SCHEDULED")).toBe(false);
  });
});

describe("shareUrl", () => {
  const page = "https://jobs.example/job/gardener-berlin";
  const title = "Gardener & helper";

  it("covers the site's networks in order (spec 9)", () => {
    expect(SHARE_NETWORKS).toEqual(["facebook", "linkedin", "email", "twitter", "whatsapp"]);
  });

  it("builds each network's real share address with the page encoded", () => {
    const encoded = encodeURIComponent(page);
    expect(shareUrl("facebook", page, title)).toBe(`https://www.facebook.com/sharer/sharer.php?u=${encoded}`);
    expect(shareUrl("linkedin", page, title)).toBe(`https://www.linkedin.com/sharing/share-offsite/?url=${encoded}`);
    expect(shareUrl("twitter", page, title)).toBe(`https://twitter.com/intent/tweet?url=${encoded}&text=Gardener%20%26%20helper`);
    expect(shareUrl("whatsapp", page, title)).toBe(`https://wa.me/?text=${encodeURIComponent(`${title} ${page}`)}`);
    const mail = new URL(shareUrl("email", page, title));
    expect(mail.protocol).toBe("mailto:");
    expect(mail.searchParams.get("subject")).toBe(title);
    expect(mail.searchParams.get("body")).toContain(page);
  });
});
