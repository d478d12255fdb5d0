import { MY_BOOKMARKS_TITLE, MyBookmarksPage } from "~/features/bookmarks/MyBookmarksPage";
import { documentTitle } from "~/lib/i18n/document-title";
import { routeIntl } from "~/lib/i18n/route-intl";
import { requireSession } from "~/lib/session.server";
import type { Route } from "./+types/my-bookmarks";

export function meta({ matches }: Route.MetaArgs) {
  return [
    { title: documentTitle(routeIntl(matches), MY_BOOKMARKS_TITLE) },
    { name: "robots", content: "noindex" },
  ];
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireSession(request);
  return null;
}

export default function MyBookmarksRoute() {
  return <MyBookmarksPage />;
}
