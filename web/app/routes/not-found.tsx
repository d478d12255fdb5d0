import { data } from "react-router";

// Any path no other route claims: the root ErrorBoundary renders "Page not found" with 404.
export function loader() {
  throw data(null, { status: 404 });
}

export default function NotFound() {
  return null;
}
