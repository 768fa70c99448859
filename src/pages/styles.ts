/**
 * The one stylesheet the default pages share. Colours are CSS custom properties so the theme only
 * swaps variables; the light/dark palettes are chosen here from `colorScheme`.
 */
import { readableTextOn, type SafeTheme } from "./theme.js";

const LIGHT_PALETTE = `--bg:#f3f4f6;--surface:#fff;--text:#1c2024;--muted:#5c6570;--border:#d4d9df;--input-bg:#fff;--error-bg:#fdeeec;--error-text:#8c1d13;--error-border:#f3c3bd;--shadow:0 1px 2px rgb(16 24 40 / .05),0 12px 32px rgb(16 24 40 / .08);`;

const DARK_PALETTE = `--bg:#0e1013;--surface:#181b20;--text:#e7e9ec;--muted:#9ca5b0;--border:#323842;--input-bg:#111418;--error-bg:#3b1814;--error-text:#ffb9ad;--error-border:#6d2b22;--shadow:0 1px 2px rgb(0 0 0 / .4),0 12px 32px rgb(0 0 0 / .35);`;

function palette(scheme: SafeTheme["colorScheme"]): string {
  if (scheme === "light") return `:root { color-scheme: light; ${LIGHT_PALETTE} }`;
  if (scheme === "dark") return `:root { color-scheme: dark; ${DARK_PALETTE} }`;
  return `:root { color-scheme: light dark; ${LIGHT_PALETTE} }
@media (prefers-color-scheme: dark) { :root { ${DARK_PALETTE} } }`;
}

// Written compact: every byte of it is in the edge bundle of every app.
const LAYOUT = `

*,::before,::after{box-sizing:border-box}
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;padding:2rem 1rem;background:var(--bg);color:var(--text);font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif}
main{width:100%;max-width:24rem}
.logo{display:block;max-width:12rem;max-height:3.5rem;margin:0 auto 1.5rem}
.card{background:var(--surface);border:1px solid var(--border);border-radius:12px;padding:2rem 1.75rem;box-shadow:var(--shadow)}
h1{margin:0 0 1.25rem;font-size:1.5rem;line-height:1.25;text-align:center;font-weight:650}
p{margin:0 0 1rem;color:var(--muted)}
p strong{color:var(--text);font-weight:600;overflow-wrap:anywhere}
a{color:var(--link,var(--text));text-underline-offset:2px}
form{margin:0}
form+form{margin-top:.75rem}
.field{margin-bottom:.875rem}
label{display:block;margin-bottom:.3rem;font-size:.875rem;font-weight:600}
input{width:100%;padding:.625rem .75rem;font:inherit;color:var(--text);background:var(--input-bg);border:1px solid var(--border);border-radius:8px}
:focus-visible{outline:2px solid var(--text);outline-offset:2px}
.button{display:flex;align-items:center;justify-content:center;gap:.625rem;width:100%;min-height:2.75rem;padding:.625rem 1rem;font:inherit;font-weight:600;text-decoration:none;color:var(--brand-text);background:var(--brand);border:1px solid transparent;border-radius:8px;cursor:pointer;transition:filter .15s ease}
.button:hover{filter:brightness(1.08)}
.button.provider{color:var(--provider-text,var(--text));background:var(--provider-bg,var(--surface));border-color:var(--border)}
.button.provider:hover{filter:brightness(.96)}
.button img{width:1.25rem;height:1.25rem;flex:none}
.button.secondary{color:var(--text);background:transparent;border-color:var(--border)}
.passkey .button+.button{margin-top:.5rem}
.divider{display:flex;align-items:center;gap:.75rem;margin:1.25rem 0;color:var(--muted);font-size:.8125rem;text-transform:uppercase;letter-spacing:.04em}
.divider::before,.divider::after{content:"";flex:1;border-top:1px solid var(--border)}
.alert{margin:0 0 1.25rem;padding:.75rem 1rem;border-radius:8px;font-size:.9375rem;color:var(--error-text);background:var(--error-bg);border:1px solid var(--error-border)}
.note{margin:.5rem 0 0;font-size:.8125rem;color:var(--muted);text-align:center}
.center{text-align:center}
.actions{margin-top:1.5rem}
`;

/**
 * A theme colour, set only where the browser parses it as one: a keyword that names no colour
 * (`brandColor: "bleu"`) leaves the default in place instead of an unset, transparent button.
 */
const themeColor = (property: string, color: string | undefined) =>
  color === undefined ? "" : `\n@supports (color: ${color}) { :root { ${property}: ${color}; } }`;

/** Links in the brand's hue, at an OKLCH lightness readable on the card of a dark or light scheme. */
const link = (dark: boolean) =>
  `:root{--link:oklch(from var(--brand) ${dark ? "max(l,.8)" : "min(l,.5)"} c h)}`;

/**
 * Colours worked out from the brand colour where the browser can (CSS Color 5 relative colours),
 * each meeting WCAG 2.2 contrast (1.4.3): the link colour, and `--auto-text`, black or white by the
 * brand's OKLCH lightness, .564 being where both have equal contrast on a grey. Browsers without
 * relative colours show links in the text colour.
 */
function derivedColors(scheme: SafeTheme["colorScheme"]): string {
  const links =
    scheme === "auto"
      ? `${link(false)}@media (prefers-color-scheme:dark){${link(true)}}`
      : link(scheme === "dark");
  return `@supports (color:oklch(from red l c h)){${links}:root{--auto-text:oklch(from var(--brand) clamp(0,(.564 - l)*1e3,1) 0 0)}}`;
}

/**
 * The button text on the brand colour: the app's `buttonText`, else black or white by contrast,
 * computed here for a hex colour and by the browser for any other shape (`--auto-text`).
 */
function brandText(theme: SafeTheme): string {
  if (theme.buttonText !== undefined) return themeColor("--brand-text", theme.buttonText);
  if (theme.brandColor === undefined) return "";
  const hex = readableTextOn(theme.brandColor);
  return `:root{--brand-text:${hex ?? "var(--auto-text,#fff)"}}`;
}

/** The complete stylesheet for a page rendered with `theme`. */
export function pageStylesheet(theme: SafeTheme): string {
  const brand = `:root { --brand: #3451d1; --brand-text: #ffffff; }${themeColor("--brand", theme.brandColor)}${brandText(theme)}`;
  return `${palette(theme.colorScheme)}\n${brand}\n${derivedColors(theme.colorScheme)}\n${LAYOUT}`;
}
