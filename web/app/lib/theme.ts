import { Alert, createTheme, Modal, type MantineThemeOther } from "@mantine/core";

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
      styles: { content: { maxWidth: MODAL_MAX_WIDTH_PX } },
    }),
    Alert: Alert.extend({ classNames: { root: "alert-fade" } }),
  },
});
