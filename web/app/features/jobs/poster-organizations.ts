import { useQuery } from "@apollo/client/react";
import { useMemo } from "react";
import { JOB_POSTER_CONTEXT } from "./documents";

/**
 * The organizations the caller posts for, as select options: the active one first, then every
 * editable profile's organization (admin-like users: all of them).
 */
export function usePosterOrganizations() {
  const { data, loading, error } = useQuery(JOB_POSTER_CONTEXT);
  const options = useMemo(() => {
    const seen = new Map<string, string>();
    const active = data?.currentUser?.activeOrganization;
    if (active) seen.set(active.id, active.name);
    for (const profile of data?.updatableOrganizationProfiles ?? []) {
      if (profile.organization && !seen.has(profile.organization.id)) seen.set(profile.organization.id, profile.organization.name);
    }
    return [...seen].map(([value, label]) => ({ value, label }));
  }, [data]);
  return {
    options,
    loaded: Boolean(data),
    loading: loading && !data,
    error,
    activeId: data?.currentUser?.activeOrganization?.id ?? options[0]?.value ?? "",
  };
}
