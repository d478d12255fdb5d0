import { LOCALES } from "./lib/i18n/locales";
import { localizedPatterns } from "./lib/routes-i18n";

/**
 * The site's pages: route path (no leading slash) and module. `routes.ts` serves each at its
 * path and at every locale's form of it (spec 2's prefixes and translated names); the root
 * loader answers 404 for the forms the site does not use (`lib/routes-i18n.ts`).
 */
export const PAGE_ROUTES: readonly (readonly [path: string, file: string])[] = [
  // `/jobs` and `/jobs/[[...taxonomy]]`: the splat is the optional category path.
  ["jobs/*", "routes/jobs.tsx"],
  ["job/wizard", "routes/job-wizard.tsx"],
  ["job/:slug", "routes/job.tsx"],
  ["job-manager", "routes/job-manager.tsx"],
  ["organizations", "routes/organizations.tsx"],
  ["organization/:slug", "routes/organization.tsx"],
  ["organization-invitation", "routes/organization-invitation.tsx"],
  ["resumes", "routes/resumes.tsx"],
  // a recruiter's saved resume search (spec 2)
  ["resume-alert/edit/:id", "routes/resume-alert-edit.tsx"],
  // the applicant's contact requests (the link of the resumes service's contact request mails)
  ["resume/contact-requests", "routes/resume-contact-requests.tsx"],
  // the applicant's own resume: overview, wizard (its steps by name) and edit form
  ["resume", "routes/resume.tsx"],
  ["resume/edit", "routes/resume-edit.tsx"],
  ["resume/wizard", "routes/resume-wizard.tsx"],
  ["resume/wizard/:step", "routes/resume-wizard-step.tsx"],
  ["resume/wizard/import", "routes/resume-wizard-import.tsx"],
  // a recruiter's view of one resume; /resume/{edit,wizard,contact-requests} are static and win
  ["resume/:id", "routes/resume-detail.tsx"],
  ["user/login", "routes/user-login.tsx"],
  ["user/logout", "routes/user-logout.tsx"],
  ["user/register", "routes/user-register.tsx"],
  ["user/auth-error", "routes/user-auth-error.tsx"],
  ["user/account", "routes/user-account.tsx"],
  ["admin/masquerade", "routes/admin-masquerade.tsx"],
  ["admin/audit-log", "routes/admin-audit-log.tsx"],
  ["admin/erasure-requests", "routes/admin-erasure-requests.tsx"],
  ["admin/billing", "routes/admin-billing.tsx"],
  ["admin/consent", "routes/admin-consent.tsx"],
  ["privacy-policy", "routes/privacy-policy.tsx"],
  ["admin/jobs-review", "routes/admin-jobs-review.tsx"],
  ["user/verify-email", "routes/user-verify-email.tsx"],
  ["user/password", "routes/user-password.tsx"],
  ["user/reset-password", "routes/user-reset-password.tsx"],
  ["my-products", "routes/my-products.tsx"],
  ["dashboard", "routes/dashboard.tsx"],
  ["dashboard/organization", "routes/dashboard-organization.tsx"],
  ["dashboard/organization/contact-requests", "routes/dashboard-organization-contact-requests.tsx"],
  ["dashboard/organization/:id/edit", "routes/dashboard-organization-edit.tsx"],
  ["dashboard/organization/:id/members", "routes/dashboard-organization-members.tsx"],
  ["dashboard/organization/:id/api-keys", "routes/dashboard-organization-api-keys.tsx"],
  ["dashboard/organization/:id/webhooks", "routes/dashboard-organization-webhooks.tsx"],
  ["dashboard/organization/:id/feeds", "routes/dashboard-organization-feeds.tsx"],
  ["job/:slug/apply/:step", "routes/job-apply.tsx"],
  ["recruiter/applications", "routes/recruiter-applications.tsx"],
  ["my-applications", "routes/my-applications.tsx"],
  ["my-bookmarks", "routes/my-bookmarks.tsx"],
  ["job-bookmarks-anon", "routes/job-bookmarks-anon.tsx"],
  ["router", "routes/router.tsx"],
  // the links of job alert mails (search's alerts/render.py)
  ["alerts/confirm", "routes/alerts-confirm.tsx"],
  ["alerts/manage", "routes/alerts-manage.tsx"],
  ["alerts/unsubscribe", "routes/alerts-unsubscribe.tsx"],
];

/** The home page (the index route) and its module. */
export const HOME_ROUTE = "routes/home.tsx";

export interface LocalizedRoute {
  /** The route path (no leading slash), e.g. `de/arbeitgeber-suchen`. */
  path: string;
  file: string;
  /** A route id of its own (a module serves several paths). */
  id: string;
  /** The pattern it is a form of, e.g. `/organizations`. */
  base: string;
}

/** Every page's other-locale forms, for every locale with a catalogue. */
export const LOCALIZED_ROUTES: readonly LocalizedRoute[] = [["", HOME_ROUTE] as const, ...PAGE_ROUTES].flatMap(
  ([path, file]) =>
    localizedPatterns(`/${path}`, LOCALES).map(({ pattern }) => ({
      path: pattern.slice(1),
      file,
      id: `${file.replace(/\.tsx$/, "")}@${pattern}`,
      base: `/${path}`,
    })),
);

const BASES = new Map(LOCALIZED_ROUTES.map((route) => [`/${route.path}`, route.base]));

/** The pattern a request matched (React Router's `pattern`) as the page's own pattern. */
export function basePattern(pattern: string): string {
  return BASES.get(pattern) ?? pattern;
}
