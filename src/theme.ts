/**
 * The `theme` option, in a module of its own because the configuration, the provider types and the
 * page renderers all name it, and none of them should import another for it.
 */

/** The `theme` option of the configuration, as users write it. */
export interface Theme {
  /** `"auto"` (default) follows the browser's `prefers-color-scheme`. */
  colorScheme?: "auto" | "light" | "dark";
  /**
   * Accent colour for primary buttons and links: `#abc`, `#aabbcc`, `rgb(…)`, `hsl(…)` or a CSS colour
   * name. A name the browser does not know as a colour keeps the default. Links take its hue at a
   * lightness readable on the page (docs/pages.md, "Accessibility").
   */
  brandColor?: string;
  /** Logo shown above the card: an `https:` URL or a path on the app's own origin. */
  logo?: string;
  /**
   * Text colour on brand-coloured buttons; same accepted shapes as `brandColor`. Without it, the
   * text is black or white, whichever has more contrast on `brandColor`.
   */
  buttonText?: string;
}
