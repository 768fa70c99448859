/**
 * The QR code of the enrolment page, drawn here as SVG so the secret in the `otpauth://` URI never
 * leaves the server for a third-party QR service. uqr does the encoding (ISO/IEC 18004); this
 * module only draws the modules.
 */
import { encode } from "uqr";

interface QrCodeSvgOptions {
  /**
   * Error correction level (ISO/IEC 18004 §7.5.1); "M" by default, which survives a smudged
   * screen photo and keeps a typical `otpauth://` URI at a size phones read easily.
   */
  ecc?: "L" | "M" | "Q" | "H";
  /** Light modules around the code; 4 by default, the quiet zone the standard asks for. */
  border?: number;
  /** Text for assistive technology, written as the SVG's title; "QR code" by default. */
  title?: string;
}

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/**
 * An SVG image of the QR code for `text`: one path of dark squares on a white background, sized
 * by its viewBox so it scales to any width without blurring.
 *
 * @example
 * ```ts
 * const svg = qrCodeSvg("otpauth://totp/Acme:ada%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=Acme");
 * // "<svg xmlns=\"http://www.w3.org/2000/svg\" …"
 * ```
 */
export function qrCodeSvg(text: string, options: QrCodeSvgOptions = {}): string {
  const border = options.border ?? 4;
  const { data, size } = encode(text, { ecc: options.ecc ?? "M", border });
  let path = "";
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      if (data[y]?.[x]) path += `M${x} ${y}h1v1h-1z`;
    }
  }
  const title = escapeXml(options.title ?? "QR code");
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${size} ${size}" shape-rendering="crispEdges" role="img">` +
    `<title>${title}</title><rect width="${size}" height="${size}" fill="#fff"/><path fill="#000" d="${path}"/></svg>`
  );
}
