import {
  Alert,
  type CSSVariablesResolver,
  createTheme,
  Modal,
  type MantineThemeOther,
  TableScrollContainer,
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
    // A table wider than a phone scrolls sideways (natively): keyboard users can focus it to scroll.
    // Positioned, so what is absolutely placed inside (a visually hidden column label) stays in
    // its box instead of widening the page.
    TableScrollContainer: TableScrollContainer.extend({
      defaultProps: { type: "native", tabIndex: 0 },
      styles: { scrollContainer: { position: "relative" } },
    }),
  },
});

/** Colours whose light variant (badges, light buttons) shows text on a tinted background. */
const TINTED = ["blue", "red", "grape", "violet", "indigo", "cyan", "gray"] as const;

/**
 * WCAG AA (4.5:1) for the text Mantine greys or tints by default, in both schemes: "dimmed" is
 * gray 6 on white (3.3:1) and dark 2 on the dark body (4.1:1); a light variant's text is shade 8
 * on its tint (4.4:1), shade 9 is 5.3:1; teal's outline (remote badges) is shade 9 too. In the
 * dark scheme the primary shade 4 suits links, but white on a shade 4 button is 2.5:1: filled
 * blue stays shade 8 (4.9:1).
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    "--mantine-color-dimmed": "var(--mantine-color-gray-7)",
    "--mantine-color-teal-outline": "var(--mantine-color-teal-9)",
    // Green and teal are light even at shade 9 (3.7:1 and 4.3:1 on their tint): darker still.
    "--mantine-color-green-light-color": "#206830",
    "--mantine-color-teal-light-color": "#06604a",
    ...Object.fromEntries(TINTED.map((color) => [`--mantine-color-${color}-light-color`, `var(--mantine-color-${color}-9)`])),
  },
  dark: {
    "--mantine-color-dimmed": "var(--mantine-color-dark-1)",
    "--mantine-primary-color-filled": "var(--mantine-color-blue-8)",
    "--mantine-primary-color-filled-hover": "var(--mantine-color-blue-9)",
    "--mantine-color-blue-filled": "var(--mantine-color-blue-8)",
    "--mantine-color-blue-filled-hover": "var(--mantine-color-blue-9)",
  },
});
