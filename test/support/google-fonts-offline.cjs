/**
 * The Google Fonts stylesheets the Next.js apps under test ask for, for builds on machines that cannot
 * reach fonts.googleapis.com. `next build` reads this file when NEXT_FONT_GOOGLE_MOCKED_RESPONSES
 * names it (Next.js's own hook for building without the network): each key is the stylesheet URL
 * `next/font/google` requests, each value the CSS it gets. The stylesheets declare no font file
 * (those would be fetched from fonts.gstatic.com), so the pages show the fallback font Next.js
 * derives; nothing else of the build changes.
 */
const noFontFiles = (family) => `/* ${family}: no font files offline; the fallback font stands in. */\n`;

module.exports = {
  // Auth.js's Next.js example apps: `Inter({ subsets: ["latin"] })`.
  "https://fonts.googleapis.com/css2?family=Inter:wght@100..900&display=swap": noFontFiles("Inter"),
};
