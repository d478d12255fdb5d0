import { MyBookmarksPage } from "~/features/bookmarks/MyBookmarksPage";
import { requireSession } from "~/lib/session.server";
import type { Route } from "./+types/my-bookmarks";

export function meta() {
  return [
    { title: "My bookmarks | Jobboard" },
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
