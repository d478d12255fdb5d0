import { Avatar, Card, getRadius, getSize, getSpacing, type MantineRadius, type MantineSpacing, Paper } from "@mantine/core";
import { type CSSProperties, type ReactNode, useState } from "react";
import type { Markup, MarkupStyle } from "~/components/mantine-markup";

/*
 * Mantine's Card and Avatar as plain elements, as components/mantine-markup does for text, rows
 * and badges (ADR 0064); a module of their own so that their stylesheets come with the pages that
 * show cards (the job teaser's lists), not with every page's shell.
 */

const CARD = `${Card.classes.root} mantine-Card-root ${Paper.classes.root} mantine-Paper-root`;

/** A bordered card: `<Card withBorder radius padding style>`. */
export function card(
  { radius, padding = "md" }: { radius?: MantineRadius; padding?: MantineSpacing },
  style?: CSSProperties,
): Markup & { "data-with-border": true } {
  return {
    className: CARD,
    style: {
      "--paper-radius": radius === undefined ? undefined : getRadius(radius),
      "--card-padding": getSpacing(padding),
      ...style,
    } as MarkupStyle,
    "data-with-border": true,
  };
}

const AVATAR = `${Avatar.classes.root} mantine-Avatar-root`;
const AVATAR_IMAGE = `${Avatar.classes.image} mantine-Avatar-image`;
const AVATAR_PLACEHOLDER = `${Avatar.classes.placeholder} mantine-Avatar-placeholder`;

/**
 * `<Avatar src alt size radius>`: the image, or (no image, or it failed to load) the
 * placeholder with `children` (an initial) titled by `alt`, as Mantine's Avatar does.
 */
export function AvatarMarkup({
  src,
  alt,
  size,
  radius,
  style,
  children,
  ...others
}: {
  src?: string | null;
  alt: string;
  size: number;
  radius?: MantineRadius;
  style?: CSSProperties;
  children: ReactNode;
  "data-testid"?: string;
}) {
  // the image that failed to load (a new src is tried again)
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const failed = !src || failedSrc === src;
  const rootStyle = {
    "--avatar-size": getSize(size, "avatar-size"),
    "--avatar-radius": radius === undefined ? undefined : getRadius(radius),
    ...style,
  } as MarkupStyle;
  return (
    <div className={AVATAR} style={rootStyle} {...others}>
      {failed ? (
        <span className={AVATAR_PLACEHOLDER} title={alt}>
          {children}
        </span>
      ) : (
        <img className={AVATAR_IMAGE} src={src} alt={alt} onError={() => setFailedSrc(src)} />
      )}
    </div>
  );
}
