import { encode } from "uqr";
import { describe, expect, test } from "vitest";
import { qrCodeSvg } from "../../src/two-factor/qr-svg.js";

const URI = "otpauth://totp/Acme:ada%40example.com?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&issuer=Acme";

/** The dark modules the SVG draws, read back from its path. */
function darkModules(svg: string): Set<string> {
  const d = /<path[^>]* d="([^"]*)"/.exec(svg)?.[1] ?? "";
  return new Set([...d.matchAll(/M(\d+) (\d+)h1v1h-1z/g)].map((m) => `${m[1]},${m[2]}`));
}

describe("qrCodeSvg", () => {
  test("draws exactly the dark modules of the QR code, with a 4-module quiet zone", () => {
    const svg = qrCodeSvg(URI);
    const { data, size } = encode(URI, { ecc: "M", border: 4 });
    const expected = new Set<string>();
    data.forEach((row, y) => {
      row.forEach((dark, x) => {
        if (dark) expected.add(`${x},${y}`);
      });
    });
    expect(darkModules(svg)).toEqual(expected);
    // Nothing but those squares in the path.
    expect(/<path[^>]* d="([^"]*)"/.exec(svg)?.[1]).toMatch(/^(M\d+ \d+h1v1h-1z)+$/);
    expect(svg).toContain(`viewBox="0 0 ${size} ${size}"`);
    // The quiet zone: nothing dark in the first four rows and columns.
    for (const module of expected) {
      const [x, y] = module.split(",").map(Number) as [number, number];
      expect(Math.min(x, y, size - 1 - x, size - 1 - y)).toBeGreaterThanOrEqual(4);
    }
    // A finder pattern's top-left corner sits just inside the quiet zone.
    expect(expected.has("4,4")).toBe(true);
  });

  test("is a self-contained SVG: no external reference, and the title is escaped", () => {
    const svg = qrCodeSvg(URI, { title: `Scan <me> & "go"` });
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(svg).toContain("<title>Scan &#60;me&#62; &#38; &#34;go&#34;</title>");
    expect(svg).not.toMatch(/href|<script|<image/);
    expect(svg).not.toContain("secret=");
  });

  test('is titled "QR code" for assistive technology unless told otherwise', () => {
    expect(qrCodeSvg(URI)).toContain("<title>QR code</title>");
  });

  test("a higher error-correction level makes a larger code for the same text", () => {
    const size = (svg: string) => Number(/viewBox="0 0 (\d+)/.exec(svg)?.[1]);
    expect(size(qrCodeSvg(URI, { ecc: "H" }))).toBeGreaterThan(size(qrCodeSvg(URI, { ecc: "L" })));
  });
});
