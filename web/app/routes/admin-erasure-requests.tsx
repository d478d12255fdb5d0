import { Stack } from "@mantine/core";
import { useSearchParams } from "react-router";
import { DataExportsAdmin } from "~/features/identity/DataExportsAdmin";
import { LegalHoldForm } from "~/features/identity/LegalHoldForm";
import { parsePage } from "~/features/identity/AuditLogPage";
import {
  ERASURE_REQUESTS_TITLE,
  ErasureRequestsPage,
} from "~/features/identity/ErasureRequestsPage";
import { isAdminLike } from "~/features/identity/roles";
import { documentTitle } from "~/lib/i18n/document-title";
import { routeIntl } from "~/lib/i18n/route-intl";
import { requireSession } from "~/lib/session.server";
import type { Route } from "./+types/admin-erasure-requests";

export function meta({ matches }: Route.MetaArgs) {
  return [
    { title: documentTitle(routeIntl(matches), ERASURE_REQUESTS_TITLE) },
    { name: "robots", content: "noindex" },
  ];
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireSession(request, (user) => isAdminLike(user.roles));
  return null;
}

export default function AdminErasureRequestsRoute() {
  const [params, setParams] = useSearchParams();
  const change = (edit: (next: URLSearchParams) => void) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      edit(next);
      return next;
    });
  const pendingOnly = params.get("pending") === "1";
  return (
    <Stack gap="xl">
      <ErasureRequestsPage
        page={parsePage(params.get("page"))}
        pendingOnly={pendingOnly}
        onPageChange={(page) =>
          change((next) => {
            if (page > 1) next.set("page", String(page));
            else next.delete("page");
          })
        }
        onPendingOnlyChange={(pending) =>
          change((next) => {
            next.delete("page");
            if (pending) next.set("pending", "1");
            else next.delete("pending");
          })
        }
      />
      <LegalHoldForm />
      <DataExportsAdmin pendingOnly={pendingOnly} />
    </Stack>
  );
}
