/** Only applicants keep a resume (the resumes service refuses everyone else): recruiters and admins without the applicant role get a 403 page. */
export function keepsAResume(roles: readonly string[]): boolean {
  return roles.includes("applicant");
}
