import {
  Alert,
  Badge,
  DEFAULT_THEME,
  darken,
  luminance,
  type CSSVariablesResolver,
  createTheme,
  Modal,
  type MantineThemeOther,
  TableScrollContainer,
  toRgba,
} from "@mantine/core";

/**
 * Spec 9's display constants. Breakpoints in px: mobile up to 899, tablet to 1199, desktop to
 * 1499, large above.
 */
export const BREAKPOINTS_PX = { mobile: 899, tablet: 1199, desktop: 1499 } as const;
/** Spec 9: no dialog is wider than this. */
export const MODAL_MAX_WIDTH_PX = 750;
/** Spec 9: alerts fade in and out in 0.25 s (none when the visitor prefers reduced motion). */
export const ALERT_FADE_MS = 250;
/** Spec 9's spacing sizes, in steps of the 8 px grid: small 4 (32 px), medium 6, large 8. */
export const SPACING_SIZES = { small: 4, medium: 6, large: 8 } as const;
export const GRID_STEP_PX = 8;

const em = (px: number) => `${px / 16}em`;

export interface JobboardThemeOther extends MantineThemeOther {
  modalMaxWidth: number;
  alertFadeMs: number;
  spacingSizes: typeof SPACING_SIZES;
}

/** Every badge's own style (the theme gives Badge this; plain markup of a badge, too: components/mantine-markup). */
export const BADGE_ROOT_STYLE = { minWidth: "max-content" } as const;

export const theme = createTheme({
  // Shade 8 keeps links and primary text at WCAG AA contrast (4.5:1) on white; in the dark
  // scheme shade 4 does on the dark body (Mantine's default shade 6 does neither).
  primaryShade: { light: 8, dark: 4 },
  // Mantine's min-width breakpoints, placed at spec 9's edges: `md` is where the tablet starts
  // (900 px: the facets leave the mobile filter panel), `lg` the desktop, `xl` large screens.
  // `sm` stays Mantine's 48em for two-column forms.
  breakpoints: {
    xs: "36em",
    sm: "48em",
    md: em(BREAKPOINTS_PX.mobile + 1),
    lg: em(BREAKPOINTS_PX.tablet + 1),
    xl: em(BREAKPOINTS_PX.desktop + 1),
  },
  other: {
    modalMaxWidth: MODAL_MAX_WIDTH_PX,
    alertFadeMs: ALERT_FADE_MS,
    spacingSizes: SPACING_SIZES,
  } satisfies JobboardThemeOther,
  components: {
    Modal: Modal.extend({
      defaultProps: { size: MODAL_MAX_WIDTH_PX },
      // spec 9's maximum, but never wider than the screen (Mantine's own max-width is 100%)
      styles: { content: { maxWidth: `min(${MODAL_MAX_WIDTH_PX}px, 100%)` } },
    }),
    Alert: Alert.extend({ classNames: { root: "alert-fade" } }),
    // A badge keeps its words: Mantine's label may shrink to nothing behind an ellipsis (its
    // overflow makes its minimum width zero), so a narrow table column showed "Ex…" for Expired.
    Badge: Badge.extend({ styles: { root: BADGE_ROOT_STYLE } }),
    // A table wider than a phone scrolls sideways (natively): keyboard users can focus it to scroll.
    // Positioned, so what is absolutely placed inside (a visually hidden column label) stays in
    // its box instead of widening the page.
    TableScrollContainer: TableScrollContainer.extend({
      defaultProps: { type: "native", tabIndex: 0 },
      styles: { scrollContainer: { position: "relative" } },
    }),
  },
});

/** WCAG AA for normal text, with a little room for rounding in the browser's colour maths. */
export const TEXT_CONTRAST = 4.6;

/** The WCAG contrast ratio of two opaque colours. */
export function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** `color` over `background` at `opacity`, as one opaque colour (a light variant's tint). */
function over(color: string, opacity: number, background: string): string {
  const front = toRgba(color);
  const back = toRgba(background);
  const mix = (f: number, b: number) => Math.round(f * opacity + b * (1 - opacity));
  return `rgb(${mix(front.r, back.r)}, ${mix(front.g, back.g)}, ${mix(front.b, back.b)})`;
}

/** `color`, darkened in small steps until it reaches TEXT_CONTRAST on every background. */
export function readableOn(color: string, backgrounds: string[]): string {
  let result = color;
  for (let step = 1; step <= 50 && backgrounds.some((background) => contrast(result, background) < TEXT_CONTRAST); step += 1) {
    result = darken(color, step * 0.02);
  }
  return result;
}

/** Where light-scheme text sits: the body and the grey of cards and table stripes. */
const LIGHT_SURFACES = ["#ffffff", DEFAULT_THEME.colors.gray[0], DEFAULT_THEME.colors.gray[1]];

/**
 * The colour variables of every theme colour, made to pass WCAG AA (4.5:1) in both schemes:
 * Mantine's filled shade 8 carries white text at 3.4:1 for green, 2.2:1 for yellow (and shade 4
 * in the dark scheme at 1.5-1.7:1), a light variant's shade 8 on its own tint is 2.2:1 for
 * yellow. Each is its own shade, darkened just enough; blue (the primary) passes as it is.
 */
function accessibleColors(): { light: Record<string, string>; dark: Record<string, string> } {
  const light: Record<string, string> = {};
  const dark: Record<string, string> = {};
  for (const [name, shades] of Object.entries(DEFAULT_THEME.colors)) {
    if (name === "dark") continue;
    const shade8 = shades[8];
    const filled = readableOn(shade8, ["#ffffff"]);
    const filledHover = darken(filled, 0.1);
    // text in the colour sits on the body or on its own light tint (shade 8 at 10 %)
    const onTint = readableOn(shades[9], LIGHT_SURFACES.flatMap((surface) => [surface, over(shade8, 0.12, surface)]));
    Object.assign(light, {
      [`--mantine-color-${name}-filled`]: filled,
      [`--mantine-color-${name}-filled-hover`]: filledHover,
      [`--mantine-color-${name}-text`]: onTint,
      [`--mantine-color-${name}-light-color`]: onTint,
      [`--mantine-color-${name}-outline`]: onTint,
    });
    // the dark scheme fills with shade 4, too light for white text: the light scheme's fill
    Object.assign(dark, {
      [`--mantine-color-${name}-filled`]: filled,
      [`--mantine-color-${name}-filled-hover`]: filledHover,
    });
  }
  return { light, dark };
}

const ACCESSIBLE = accessibleColors();

/**
 * WCAG AA (4.5:1) for the text Mantine greys or tints by default, in both schemes: "dimmed" is
 * gray 6 on white (3.3:1) and dark 2 on the dark body (4.1:1); every colour's filled, light and
 * outline variants and its text as above. In the dark scheme the primary shade 4 suits links.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    "--mantine-color-dimmed": "var(--mantine-color-gray-7)",
    ...ACCESSIBLE.light,
  },
  dark: {
    "--mantine-color-dimmed": "var(--mantine-color-dark-1)",
    "--mantine-primary-color-filled": ACCESSIBLE.dark["--mantine-color-blue-filled"] as string,
    "--mantine-primary-color-filled-hover": ACCESSIBLE.dark["--mantine-color-blue-filled-hover"] as string,
    ...ACCESSIBLE.dark,
  },
});
