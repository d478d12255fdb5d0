import { index, route, type RouteConfig } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  // `/jobs` and `/jobs/[[...taxonomy]]`: the splat is the optional category path.
  route("jobs/*", "routes/jobs.tsx"),
  route("organizations", "routes/organizations.tsx"),
  route("organization/:slug", "routes/organization.tsx"),
  route("organization-invitation", "routes/organization-invitation.tsx"),
  route("resumes", "routes/resumes.tsx"),
  route("user/login", "routes/user-login.tsx"),
  route("user/logout", "routes/user-logout.tsx"),
  route("user/register", "routes/user-register.tsx"),
  route("user/auth-error", "routes/user-auth-error.tsx"),
  route("user/account", "routes/user-account.tsx"),
  route("admin/masquerade", "routes/admin-masquerade.tsx"),
  route("admin/audit-log", "routes/admin-audit-log.tsx"),
  route("admin/billing", "routes/admin-billing.tsx"),
  route("admin/consent", "routes/admin-consent.tsx"),
  route("privacy-policy", "routes/privacy-policy.tsx"),
  route("user/verify-email", "routes/user-verify-email.tsx"),
  route("user/password", "routes/user-password.tsx"),
  route("user/reset-password", "routes/user-reset-password.tsx"),
  route("my-products", "routes/my-products.tsx"),
  route("dashboard/organization", "routes/dashboard-organization.tsx"),
  route(
    "dashboard/organization/:id/edit",
    "routes/dashboard-organization-edit.tsx",
  ),
  route(
    "dashboard/organization/:id/members",
    "routes/dashboard-organization-members.tsx",
  ),
  route("job/:slug/apply/:step", "routes/job-apply.tsx"),
  route("recruiter/applications", "routes/recruiter-applications.tsx"),
  route("my-applications", "routes/my-applications.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
