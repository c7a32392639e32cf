/**
 * Spec §9 numbers that several floors share. One place, so a screen and its test read the same value.
 */

/** Display locale and currency (§9: US locale, currency USD). */
export const DISPLAY_LOCALE = 'en-US';
export const DISPLAY_CURRENCY = 'USD';

/** Missing numeric query identifiers default to -1 (§9). */
export const DEFAULT_ID = -1;

/** Avatar popover: opens after 500 ms hover, closes after 300 ms, 300 px wide (§9). */
export const AVATAR_POPOVER_OPEN_MS = 500;
export const AVATAR_POPOVER_CLOSE_MS = 300;
export const AVATAR_POPOVER_WIDTH = 300;

/** Lazy content loads when within 300 px of the viewport (§9). */
export const LAZY_MARGIN_PX = 300;

/** Sign-in popup size, 483x600 (§9). */
export const SIGN_IN_POPUP = { width: 483, height: 600 } as const;

/** Font-icon readiness is polled every 1 s (§9). */
export const FONT_ICON_POLL_MS = 1000;

/** Project name in the header is truncated in the middle at 50 characters (§9). */
export const PROJECT_NAME_MAX = 50;

/** The time zone whose midnight ends a timecard day (§9: "due at midnight Central"). */
export const TIMECARD_TIME_ZONE = 'America/Chicago';
