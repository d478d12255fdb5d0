import { forwardRef } from "react";
import {
  Link as RouterLink,
  type LinkProps,
  NavLink as RouterNavLink,
  type NavLinkProps,
} from "react-router";
import { useLocalizeTo } from "~/lib/site-locale";

/**
 * React Router's links, to the path as the page's locale spells it (spec 2: a prefix and
 * translated route names when the site has several locales; unchanged on this en-only site).
 * Every link of the app is one of these (ESLint keeps it so).
 */
export const Link = forwardRef<HTMLAnchorElement, LinkProps>(function Link({ to, ...props }, ref) {
  return <RouterLink ref={ref} to={useLocalizeTo()(to)} {...props} />;
});

export const NavLink = forwardRef<HTMLAnchorElement, NavLinkProps>(function NavLink({ to, ...props }, ref) {
  return <RouterNavLink ref={ref} to={useLocalizeTo()(to)} {...props} />;
});
