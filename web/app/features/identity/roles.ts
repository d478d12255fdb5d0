/** Spec section 6: the roles the platform knows, and the client's coarse role names. */
export const ADMIN_LIKE_ROLES = ["administrator", "site_admin", "job_editor"] as const;

export type ClientRole = "ANON" | "APPLICANT" | "RECRUITER" | "ADMIN";

export function isAdminLike(roles: readonly string[]): boolean {
  return roles.some((role) => (ADMIN_LIKE_ROLES as readonly string[]).includes(role));
}

/** Recruiter-type access: recruiters, and admin-like users who act for any organization. */
export function hasRecruiterAccess(roles: readonly string[]): boolean {
  return roles.includes("recruiter") || isAdminLike(roles);
}

export function clientRole(roles: readonly string[] | null | undefined): ClientRole {
  if (!roles) return "ANON";
  if (isAdminLike(roles)) return "ADMIN";
  if (roles.includes("recruiter")) return "RECRUITER";
  if (roles.includes("applicant")) return "APPLICANT";
  return "ANON";
}
