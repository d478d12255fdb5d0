import type { ReactNode } from "react";
import { Link } from "~/components/Link";
import { BUTTON_INNER, BUTTON_LABEL, BUTTON_SECTION, type button } from "~/components/mantine-markup";

/**
 * A link that looks like `<Button component={Link} to leftSection>` (ADR 0064): `markup` is the
 * root's, made once with `button(...)` (`withLeftSection` when there is a `leftSection`).
 */
export function ButtonLink({
  to,
  markup,
  leftSection,
  children,
}: {
  to: string;
  markup: ReturnType<typeof button>;
  leftSection?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Link to={to} {...markup}>
      <span className={BUTTON_INNER}>
        {leftSection ? (
          <span className={BUTTON_SECTION} data-position="left">
            {leftSection}
          </span>
        ) : null}
        <span className={BUTTON_LABEL}>{children}</span>
      </span>
    </Link>
  );
}
