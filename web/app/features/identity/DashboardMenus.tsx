import {
  BottomMenu,
  type MenuItem,
  Sidebar,
  type SidebarKind,
} from "~/components/Sidebar";
import {
  IconAddressBook,
  IconBookmark,
  IconBriefcase,
  IconBuilding,
  IconChecklist,
  IconFileCv,
  IconFileSearch,
  IconHistory,
  IconInbox,
  IconLayoutDashboard,
  IconPackage,
  IconReceipt,
  IconSearch,
  IconSend,
  IconSettings,
  IconShieldCheck,
  IconSquarePlus,
  IconUserPlus,
  IconUserX,
} from "@tabler/icons-react";
import { type IntlShape, useIntl } from "react-intl";
import type { Message } from "~/lib/i18n/define-messages";
import { SITE_INTL } from "~/lib/i18n/site-intl";
import { FEATURE_DEFAULTS, type SiteFeatures, useSiteFeatures } from "~/lib/site-features";
import { MENU_LABELS } from "./menu-labels";
import { hasRecruiterAccess, isAdminLike } from "./roles";
import { useSession } from "./session";

/** A menu item whose label is a message, formatted in the reader's language. */
type LabelledItem = Omit<MenuItem, "label"> & {
  label: Message;
  /** Shown only when the site has this feature on (spec 4's flags). */
  feature?: keyof SiteFeatures;
};

// Tabler icons, one per item: no two items of a menu (the administration's added to the
// organization's) share one (DashboardMenus.test.ts).
const ORGANIZATION: readonly LabelledItem[] = [
  { label: MENU_LABELS.dashboard, to: "/dashboard", icon: IconLayoutDashboard },
  { label: MENU_LABELS.jobManager, to: "/job-manager", icon: IconBriefcase },
  { label: MENU_LABELS.postJob, to: "/job/wizard", icon: IconSquarePlus },
  { label: MENU_LABELS.applications, to: "/recruiter/applications", icon: IconInbox },
  { label: MENU_LABELS.myOrganization, to: "/dashboard/organization", icon: IconBuilding },
  { label: MENU_LABELS.myProducts, to: "/my-products", icon: IconPackage },
  { label: MENU_LABELS.resumes, to: "/resumes", icon: IconFileSearch, feature: "resume" },
  { label: MENU_LABELS.contactRequests, to: "/dashboard/organization/contact-requests", icon: IconAddressBook, feature: "resume" },
  { label: MENU_LABELS.account, to: "/user/account", icon: IconSettings },
];

const ADMINISTRATION: readonly LabelledItem[] = [
  { label: MENU_LABELS.jobsReview, to: "/admin/jobs-review", icon: IconChecklist },
  { label: MENU_LABELS.billing, to: "/admin/billing", icon: IconReceipt },
  { label: MENU_LABELS.consentTexts, to: "/admin/consent", icon: IconShieldCheck },
  { label: MENU_LABELS.auditLog, to: "/admin/audit-log", icon: IconHistory },
  { label: MENU_LABELS.erasureRequests, to: "/admin/erasure-requests", icon: IconUserX },
];

const JOB_SEEKER: readonly LabelledItem[] = [
  { label: MENU_LABELS.dashboard, to: "/dashboard", icon: IconLayoutDashboard },
  { label: MENU_LABELS.findJobs, to: "/jobs", icon: IconSearch },
  { label: MENU_LABELS.myApplications, to: "/my-applications", icon: IconSend },
  { label: MENU_LABELS.myResume, to: "/resume", icon: IconFileCv, feature: "resume" },
  { label: MENU_LABELS.contactRequests, to: "/resume/contact-requests", icon: IconAddressBook, feature: "resume" },
  { label: MENU_LABELS.myBookmarks, to: "/my-bookmarks", icon: IconBookmark },
  { label: MENU_LABELS.organizations, to: "/organizations", icon: IconBuilding },
  { label: MENU_LABELS.account, to: "/user/account", icon: IconSettings },
];

const VISITOR: readonly LabelledItem[] = [
  { label: MENU_LABELS.findJobs, to: "/jobs", icon: IconSearch },
  { label: MENU_LABELS.organizations, to: "/organizations", icon: IconBuilding },
  { label: MENU_LABELS.postJob, to: "/job/wizard", icon: IconSquarePlus },
  { label: MENU_LABELS.createAccount, to: "/user/register", icon: IconUserPlus },
];

export interface DashboardMenu {
  kind: SidebarKind;
  items: readonly MenuItem[];
  signedIn: boolean;
}

/** Spec 6 and 4: recruiters (and admin-like users) search resumes, on a site with resumes. */
export function canSearchResumes(roles: readonly string[] | null, features: SiteFeatures): boolean {
  return roles !== null && features.resume && hasRecruiterAccess(roles);
}

/**
 * Whose menu: organization users (recruiters, administrators), job seekers, or visitors; the
 * items of features the site has turned off are left out.
 */
export function dashboardMenu(
  roles: readonly string[] | null,
  intl: IntlShape = SITE_INTL,
  features: SiteFeatures = FEATURE_DEFAULTS,
): DashboardMenu {
  const labelled = (items: readonly LabelledItem[]): MenuItem[] =>
    items
      .filter((item) => item.feature === undefined || features[item.feature])
      .map(({ feature: _feature, ...item }) => ({ ...item, label: intl.formatMessage(item.label) }));
  if (roles === null)
    return { kind: "visitor", items: labelled(VISITOR), signedIn: false };
  if (hasRecruiterAccess(roles)) {
    return {
      kind: "organization",
      items: labelled(isAdminLike(roles) ? [...ORGANIZATION, ...ADMINISTRATION] : ORGANIZATION),
      signedIn: true,
    };
  }
  return { kind: "jobseeker", items: labelled(JOB_SEEKER), signedIn: true };
}

function useDashboardMenu(): DashboardMenu {
  const intl = useIntl();
  const session = useSession();
  const features = useSiteFeatures();
  const user =
    session.status === "authenticated" ? session.data?.user : undefined;
  return dashboardMenu(user ? user.roles : null, intl, features);
}

/** The sidebar of wider screens, per user kind. */
export function DashboardSidebar() {
  const intl = useIntl();
  const menu = useDashboardMenu();
  return (
    <Sidebar
      kind={menu.kind}
      items={menu.items}
      label={intl.formatMessage(MENU_LABELS.dashboard)}
      autoOnLargeScreens={menu.signedIn}
    />
  );
}

/** Phones: the bottom menu, for signed-in people only. */
export function DashboardBottomMenu() {
  const intl = useIntl();
  const menu = useDashboardMenu();
  return menu.signedIn ? (
    <BottomMenu items={menu.items} label={intl.formatMessage(MENU_LABELS.dashboard)} />
  ) : null;
}
