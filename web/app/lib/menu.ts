/**
 * Spec 2's menu rules. A link value may carry an `internal:` prefix (menus edited by people),
 * which is stripped; a link to another site (starting with http) is never the current item; an
 * item is current when its path equals the current path, query ignored, or the current path lies
 * beneath it.
 */
export function menuLink(value: string): string {
  return value.startsWith("internal:") ? value.slice("internal:".length) || "/" : value;
}

function pathOf(link: string): string {
  const path = link.split(/[?#]/)[0] ?? "";
  return path.length > 1 ? path.replace(/\/+$/, "") : path || "/";
}

export function isCurrentMenuItem(link: string, currentPath: string): boolean {
  const target = menuLink(link);
  if (target.startsWith("http")) return false;
  const item = pathOf(target);
  const current = pathOf(currentPath);
  if (item === current) return true;
  return item !== "/" && current.startsWith(`${item}/`);
}
