import { defineMessages } from "~/lib/i18n/define-messages";

/** The names of the account pages in the account menu, the sidebar and the bottom menu. */
export const MENU_LABELS = defineMessages({
  accountSettings: { id: "menu.accountSettings", defaultMessage: "Account settings" },
  account: { id: "menu.account", defaultMessage: "Account" },
  myApplications: { id: "menu.myApplications", defaultMessage: "My applications" },
  myBookmarks: { id: "menu.myBookmarks", defaultMessage: "My bookmarks" },
  postJob: { id: "menu.postJob", defaultMessage: "Post a job" },
  jobManager: { id: "menu.jobManager", defaultMessage: "Job manager" },
  myOrganization: { id: "menu.myOrganization", defaultMessage: "My organization" },
  applications: { id: "menu.applications", defaultMessage: "Applications" },
  myProducts: { id: "menu.myProducts", defaultMessage: "My products" },
  resumes: { id: "menu.resumes", defaultMessage: "Resumes" },
  contactRequests: { id: "menu.contactRequests", defaultMessage: "Contact requests" },
  masquerade: { id: "menu.masquerade", defaultMessage: "Act as another user" },
  auditLog: { id: "menu.auditLog", defaultMessage: "Audit log" },
  billing: { id: "menu.billing", defaultMessage: "Billing" },
  consentTexts: { id: "menu.consentTexts", defaultMessage: "Consent texts" },
  jobsReview: { id: "menu.jobsReview", defaultMessage: "Jobs to review" },
  findJobs: { id: "menu.findJobs", defaultMessage: "Find jobs" },
  organizations: { id: "menu.organizations", defaultMessage: "Organizations" },
  createAccount: { id: "menu.createAccount", defaultMessage: "Create an account" },
  logIn: { id: "menu.logIn", defaultMessage: "Log in" },
  signUp: { id: "menu.signUp", defaultMessage: "Sign up" },
  logOut: { id: "menu.logOut", defaultMessage: "Log out" },
  accountMenu: { id: "menu.accountMenu", defaultMessage: "Account menu for {name}" },
  dashboard: { id: "menu.dashboard", defaultMessage: "Dashboard" },
});
