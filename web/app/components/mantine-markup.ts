import {
  Anchor,
  Badge,
  Button,
  DEFAULT_THEME,
  defaultVariantColorsResolver,
  getFontSize,
  getLineHeight,
  getRadius,
  getSize,
  getSpacing,
  Group,
  type MantineColor,
  type MantineRadius,
  type MantineSize,
  type MantineSpacing,
  mergeMantineTheme,
  Paper,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from "@mantine/core";
import type { CSSProperties } from "react";
import { BADGE_ROOT_STYLE, theme } from "~/lib/theme";

/*
 * Mantine's markup for what a page renders many times (a job teaser and its badges, a job's key
 * facts and terms, a menu item), written as plain elements: the classes, data attributes and
 * variables Mantine's components give those elements, so they look the same under Mantine's
 * stylesheets, without each component's work at every server render (the theme's defaults merged
 * into its props, its style props parsed, its class names and variables resolved: a quarter of a
 * page's render, ADR 0064). Importing the components for their class names keeps their
 * stylesheets in the page's CSS. Cards and avatars are in mantine-card-markup: the shell's menu
 * imports this module, and their stylesheets stay with the pages that show them. Only what those
 * places use is here; anything else stays a Mantine component.
 */

/** CSS custom properties beside ordinary style properties, as Mantine writes them inline. */
export type MarkupStyle = CSSProperties & { [variable: `--${string}`]: string | undefined };

/** What an element needs to look like one of Mantine's components. */
export interface Markup {
  className: string;
  style: MarkupStyle;
}

const RESOLVED_THEME = mergeMantineTheme(DEFAULT_THEME, theme);

function classes(...names: (string | false | null | undefined)[]): string {
  return names.filter(Boolean).join(" ");
}

const TEXT = `${Text.classes.root} mantine-Text-root`;
const ANCHOR = `${Anchor.classes.root} ${Text.classes.root} mantine-Text-root mantine-Anchor-root`;

/** Text: `<Text size className style>`, on whichever element the caller writes. */
export function text(size?: MantineSize, className?: string, style?: CSSProperties): Markup {
  return {
    className: classes("mantine-focus-auto", className, TEXT),
    style: (size ? { "--text-fz": getFontSize(size), "--text-lh": getLineHeight(size), ...style } : { ...style }) as MarkupStyle,
  };
}

/** A link that looks like `<Anchor size className style>` (underlined on hover). */
export function anchor(size?: MantineSize, className?: string, style?: CSSProperties): Markup & { "data-underline": "hover" } {
  return { ...text(size, className, style), className: classes("mantine-focus-auto", className, ANCHOR), "data-underline": "hover" };
}

const TITLE = `${Title.classes.root} mantine-Title-root`;

/**
 * A heading that looks like `<Title order size style>` (its element is `h{order}`), for a size of
 * a heading (`h1`..`h6`, the default: the order's) or a named font size.
 */
export function title(
  order: 1 | 2 | 3 | 4 | 5 | 6,
  size?: `h${1 | 2 | 3 | 4 | 5 | 6}` | MantineSize,
  style?: CSSProperties,
): Markup & { "data-order": number } {
  const heading = size === undefined || size.startsWith("h") ? (size ?? `h${order}`) : null;
  return {
    className: TITLE,
    style: {
      "--title-fw": `var(--mantine-${heading ?? `h${order}`}-font-weight)`,
      "--title-lh": `var(--mantine-${heading ?? `h${order}`}-line-height)`,
      "--title-fz": heading ? `var(--mantine-${heading}-font-size)` : `var(--mantine-font-size-${size})`,
      ...style,
    } as MarkupStyle,
    "data-order": order,
  };
}

const GROUP = `${Group.classes.root} mantine-Group-root`;

/** A row: `<Group gap align justify wrap className>` (Mantine's defaults: md, center, flex-start, wrap). */
export function group(
  {
    gap = "md",
    align = "center",
    justify = "flex-start",
    wrap = "wrap",
    className,
  }: {
    gap?: MantineSpacing;
    align?: CSSProperties["alignItems"];
    justify?: CSSProperties["justifyContent"];
    wrap?: CSSProperties["flexWrap"];
    className?: string;
  } = {},
  style?: CSSProperties,
): Markup {
  return {
    className: classes(className, GROUP),
    style: {
      "--group-gap": getSpacing(gap),
      "--group-align": align,
      "--group-justify": justify,
      "--group-wrap": wrap,
      ...style,
    } as MarkupStyle,
  };
}

/** A column: `<Stack gap align justify className>` (Mantine's defaults: md, stretch, flex-start). */
export function stack(
  {
    gap = "md",
    align = "stretch",
    justify = "flex-start",
    className,
  }: {
    gap?: MantineSpacing;
    align?: CSSProperties["alignItems"];
    justify?: CSSProperties["justifyContent"];
    className?: string;
  } = {},
  style?: CSSProperties,
): Markup {
  return {
    className: classes(className, `${Stack.classes.root} mantine-Stack-root`),
    style: { "--stack-gap": getSpacing(gap), "--stack-align": align, "--stack-justify": justify, ...style } as MarkupStyle,
  };
}

/** `<Paper withBorder radius shadow className style>`. */
export function paper(
  { radius, shadow, className }: { radius?: MantineRadius; shadow?: MantineSize; className?: string },
  style?: CSSProperties,
): Markup & { "data-with-border": true } {
  return {
    className: classes(className, `${Paper.classes.root} mantine-Paper-root`),
    style: {
      "--paper-radius": radius === undefined ? undefined : getRadius(radius),
      "--paper-shadow": shadow === undefined ? undefined : `var(--mantine-shadow-${shadow})`,
      ...style,
    } as MarkupStyle,
    "data-with-border": true,
  };
}

export type BadgeVariant = "filled" | "light" | "outline";

/** The root of `<Badge variant color size radius style>` (its label: BADGE_LABEL, a section: BADGE_SECTION). */
export function badge(
  {
    variant,
    color,
    size,
    radius,
    withLeftSection = false,
  }: { variant: BadgeVariant; color?: MantineColor; size?: MantineSize; radius?: MantineRadius; withLeftSection?: boolean },
  style?: CSSProperties,
): Markup & { "data-variant": BadgeVariant; "data-with-left-section"?: true } {
  const colors = defaultVariantColorsResolver({ color: color ?? RESOLVED_THEME.primaryColor, theme: RESOLVED_THEME, variant });
  return {
    className: `${Badge.classes.root} mantine-Badge-root`,
    style: {
      "--badge-height": getSize(size, "badge-height"),
      "--badge-padding-x": getSize(size, "badge-padding-x"),
      "--badge-fz": getSize(size, "badge-fz"),
      "--badge-radius": radius === undefined ? undefined : getRadius(radius),
      "--badge-bg": colors.background,
      "--badge-color": colors.color,
      "--badge-bd": colors.border,
      ...BADGE_ROOT_STYLE,
      ...style,
    } as MarkupStyle,
    "data-variant": variant,
    ...(withLeftSection ? { "data-with-left-section": true as const } : {}),
  };
}

/** A badge's label element's class (a `<span>` inside the root). */
export const BADGE_LABEL = `${Badge.classes.label} mantine-Badge-label`;
/** A badge's section element's class (a `<span data-position="left">` before the label). */
export const BADGE_SECTION = `${Badge.classes.section} mantine-Badge-section`;

const BUTTON = `mantine-focus-auto mantine-active ${Button.classes.root} mantine-Button-root ${UnstyledButton.classes.root} mantine-UnstyledButton-root`;

/** `<UnstyledButton className>`'s class (a `<button>` also needs `type="button"`). */
export function unstyledButton(className?: string): string {
  return classes("mantine-focus-auto", className, `${UnstyledButton.classes.root} mantine-UnstyledButton-root`);
}

export type ButtonVariant = "filled" | "light" | "default" | "subtle";

/**
 * The root of `<Button variant color size radius leftSection rightSection fullWidth style>`, never
 * loading (its inner element: BUTTON_INNER, holding BUTTON_LABEL and BUTTON_SECTION elements).
 * A `<button>` also needs `type="button"`.
 */
export function button(
  {
    variant,
    color,
    size,
    radius,
    withLeftSection = false,
    withRightSection = false,
    fullWidth = false,
  }: {
    variant?: ButtonVariant;
    color?: MantineColor;
    size?: MantineSize | `compact-${MantineSize}`;
    radius?: MantineRadius;
    withLeftSection?: boolean;
    withRightSection?: boolean;
    fullWidth?: boolean;
  } = {},
  style?: CSSProperties,
): Markup & { "data-variant"?: ButtonVariant } {
  const colors = defaultVariantColorsResolver({
    color: color ?? RESOLVED_THEME.primaryColor,
    theme: RESOLVED_THEME,
    variant: variant ?? "filled",
  });
  // as Mantine's Button: without a colour or a variant, its stylesheet's defaults
  const chosen = color !== undefined || variant !== undefined;
  return {
    className: BUTTON,
    style: {
      "--button-height": getSize(size, "button-height"),
      "--button-padding-x": getSize(size, "button-padding-x"),
      "--button-fz": getFontSize(size?.startsWith("compact-") ? size.slice("compact-".length) : size),
      "--button-radius": radius === undefined ? undefined : getRadius(radius),
      "--button-bg": chosen ? colors.background : undefined,
      "--button-hover": chosen ? colors.hover : undefined,
      "--button-color": colors.color,
      "--button-bd": chosen ? colors.border : undefined,
      "--button-hover-color": chosen ? colors.hoverColor : undefined,
      ...style,
    } as MarkupStyle,
    ...(variant ? { "data-variant": variant } : {}),
    ...(fullWidth ? { "data-block": true } : {}),
    ...(withLeftSection ? { "data-with-left-section": true } : {}),
    ...(withRightSection ? { "data-with-right-section": true } : {}),
  };
}

/** A button's inner element's class (a `<span>` inside the root). */
export const BUTTON_INNER = `${Button.classes.inner} mantine-Button-inner`;
/** A button's label element's class (a `<span>` inside the inner one). */
export const BUTTON_LABEL = `${Button.classes.label} mantine-Button-label`;
/** A button's section element's class (a `<span data-position="left|right">` beside the label). */
export const BUTTON_SECTION = `${Button.classes.section} mantine-Button-section`;
