import { useContext } from "react";
import { UNSAFE_FrameworkContext } from "react-router";

/**
 * The root route's stylesheets that a lazily loaded part needs too, linked once more under their
 * own address, before `<Links />`.
 *
 * React Router links such a stylesheet as `<file>#`, so that the part's loader (Vite's preload
 * helper), which looks for a link to `<file>`, adds a copy of its own that stays when the route
 * goes (remix-run/react-router#14447). For the root route's stylesheets (the libraries' one,
 * vendor) that copy came last in `<head>`, after the page's own stylesheets, and among rules of
 * equal weight the later one wins: UnstyledButton's `padding: 0` took the organization editor's
 * tabs' padding away and their labels ran together (remix-run/react-router#14754). The root
 * route never goes, so its stylesheets linked under their own address here are what the loader
 * finds, and it adds no copy; the browser fetches each file once (`#` is not sent).
 */
export function RootStylesheets({ nonce }: { nonce?: string }) {
  const framework = useContext(UNSAFE_FrameworkContext);
  const css = framework?.manifest.routes.root?.css ?? [];
  const hrefs = css.filter((href) => href.endsWith("#")).map((href) => href.slice(0, -1));
  return hrefs.map((href) => <link key={href} rel="stylesheet" href={href} nonce={nonce} />);
}
