import {
  BottomMenu,
  type MenuItem,
  Sidebar,
  type SidebarKind,
} from "~/components/Sidebar";
import { hasRecruiterAccess, isAdminLike } from "./roles";
import { useSession } from "./session";

const ORGANIZATION: readonly MenuItem[] = [
  { label: "Dashboard", to: "/dashboard", mark: "◧" },
  { label: "Job manager", to: "/job-manager", mark: "☰" },
  { label: "Post a job", to: "/job/wizard", mark: "✚" },
  { label: "Applications", to: "/recruiter/applications", mark: "✉" },
  { label: "My organization", to: "/dashboard/organization", mark: "⌂" },
  { label: "My products", to: "/my-products", mark: "▣" },
  { label: "Resumes", to: "/resumes", mark: "◎" },
  { label: "Account", to: "/user/account", mark: "⚙" },
];

const ADMINISTRATION: readonly MenuItem[] = [
  { label: "Jobs to review", to: "/admin/jobs-review", mark: "✔" },
  { label: "Billing", to: "/admin/billing", mark: "€" },
  { label: "Consent texts", to: "/admin/consent", mark: "§" },
  { label: "Audit log", to: "/admin/audit-log", mark: "☷" },
];

const JOB_SEEKER: readonly MenuItem[] = [
  { label: "Dashboard", to: "/dashboard", mark: "◧" },
  { label: "Find jobs", to: "/jobs", mark: "◎" },
  { label: "My applications", to: "/my-applications", mark: "✉" },
  { label: "My bookmarks", to: "/my-bookmarks", mark: "★" },
  { label: "Organizations", to: "/organizations", mark: "⌂" },
  { label: "Account", to: "/user/account", mark: "⚙" },
];

const VISITOR: readonly MenuItem[] = [
  { label: "Find jobs", to: "/jobs", mark: "◎" },
  { label: "Organizations", to: "/organizations", mark: "⌂" },
  { label: "Post a job", to: "/job/wizard", mark: "✚" },
  { label: "Create an account", to: "/user/register", mark: "✚" },
];

export interface DashboardMenu {
  kind: SidebarKind;
  items: readonly MenuItem[];
  signedIn: boolean;
}

/** Whose menu: organization users (recruiters, administrators), job seekers, or visitors. */
export function dashboardMenu(roles: readonly string[] | null): DashboardMenu {
  if (roles === null)
    return { kind: "visitor", items: VISITOR, signedIn: false };
  if (hasRecruiterAccess(roles)) {
    return {
      kind: "organization",
      items: isAdminLike(roles)
        ? [...ORGANIZATION, ...ADMINISTRATION]
        : ORGANIZATION,
      signedIn: true,
    };
  }
  return { kind: "jobseeker", items: JOB_SEEKER, signedIn: true };
}

function useDashboardMenu(): DashboardMenu {
  const session = useSession();
  const user =
    session.status === "authenticated" ? session.data?.user : undefined;
  return dashboardMenu(user ? user.roles : null);
}

/** The sidebar of wider screens, per user kind. */
export function DashboardSidebar() {
  const menu = useDashboardMenu();
  return (
    <Sidebar
      kind={menu.kind}
      items={menu.items}
      label="Dashboard"
      autoOnLargeScreens={menu.signedIn}
    />
  );
}

/** Phones: the bottom menu, for signed-in people only. */
export function DashboardBottomMenu() {
  const menu = useDashboardMenu();
  return menu.signedIn ? (
    <BottomMenu items={menu.items} label="Dashboard" />
  ) : null;
}
