import { isbot } from "isbot";
import { serverEnv } from "~/env.server";

/** The pages whose visits analytics counts for recruiters (ADR 0037). */
export type VisitedPage = "job" | "organization";

const REPORT_TIMEOUT_MS = 2_000;

/** A browser fetching a page it may never show (a link's prefetch, a speculation rule). */
function isPrefetch(request: Request): boolean {
  const purpose = [request.headers.get("sec-purpose"), request.headers.get("purpose"), request.headers.get("x-moz")]
    .filter(Boolean)
    .join(",")
    .toLowerCase();
  return purpose.includes("prefetch") || purpose.includes("prerender");
}

/** Whether this request is a person opening the page (not a crawler, not a prefetch). */
export function isPersonVisit(request: Request): boolean {
  if (request.method !== "GET") return false;
  const browser = request.headers.get("user-agent") ?? "";
  return browser !== "" && !isbot(browser) && !isPrefetch(request);
}

/**
 * Reports a job page or an organization profile rendered for a person to analytics, which
 * counts it once per visitor and day with no cookie and no personal data kept (ADR 0037), so a
 * recruiter's figures do not depend on the visitor's tracking consent. The page never waits for
 * it and never fails because of it: a lost report is a visit not counted.
 */
export function reportVisit(
  request: Request,
  page: VisitedPage,
  id: string | null | undefined,
  analyticsUrl: string = serverEnv().ANALYTICS_URL,
): Promise<void> {
  if (!id || !isPersonVisit(request)) return Promise.resolve();
  const headers: Record<string, string> = {
    "content-type": "application/json",
    "user-agent": request.headers.get("user-agent") ?? "",
  };
  // the address the web server set (request-guards' clientAddress), never the browser's own
  const address = request.headers.get("x-forwarded-for");
  if (address) headers["x-forwarded-for"] = address;
  return fetch(new URL("/visits", analyticsUrl), {
    method: "POST",
    headers,
    body: JSON.stringify({ page, id }),
    signal: AbortSignal.timeout(REPORT_TIMEOUT_MS),
  }).then(
    (answer) => void answer.body?.cancel(),
    () => undefined,
  );
}
