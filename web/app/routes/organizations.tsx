import type { Route } from "./+types/organizations";
import { OrganizationSearchPage } from "~/features/organizations/OrganizationSearchPage";
import { parseOrganizationSearchParams } from "~/features/organizations/search-params";

export function loader({ request }: Route.LoaderArgs) {
  return { params: parseOrganizationSearchParams(new URL(request.url).searchParams) };
}

export function meta() {
  return [{ title: "Organizations | Jobboard" }];
}

export default function OrganizationsRoute({ loaderData }: Route.ComponentProps) {
  return <OrganizationSearchPage params={loaderData.params} />;
}
