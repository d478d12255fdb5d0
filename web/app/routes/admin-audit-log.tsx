import { useSearchParams } from "react-router";
import { AUDIT_LOG_TITLE, AuditLogPage, parsePage } from "~/features/identity/AuditLogPage";
import { documentTitle } from "~/lib/i18n/document-title";
import { routeIntl } from "~/lib/i18n/route-intl";
import { isAdminLike } from "~/features/identity/roles";
import { requireSession } from "~/lib/session.server";
import type { Route } from "./+types/admin-audit-log";

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: documentTitle(routeIntl(matches), AUDIT_LOG_TITLE) }, { name: "robots", content: "noindex" }];
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireSession(request, (user) => isAdminLike(user.roles));
  return null;
}

export default function AdminAuditLogRoute() {
  const [params, setParams] = useSearchParams();
  return (
    <AuditLogPage
      page={parsePage(params.get("page"))}
      adminId={params.get("adminId")}
      userId={params.get("userId")}
      onPageChange={(page) =>
        setParams((current) => {
          const next = new URLSearchParams(current);
          if (page > 1) next.set("page", String(page));
          else next.delete("page");
          return next;
        })
      }
    />
  );
}
