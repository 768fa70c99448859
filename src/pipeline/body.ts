/**
 * Reading request bodies: capped while streaming (a large body is refused before it is buffered),
 * strictly UTF-8, and only JSON or URL-encoded forms, parsed into flat records.
 */
import { InvalidRequest, PayloadTooLarge, UnsupportedMediaType } from "../core/errors.js";
import { concatBytes } from "../runtime/bytes.js";

export type FieldRecord = Record<string, unknown>;

const strictUtf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false });

async function readCapped(request: Request, maxBytes: number): Promise<Uint8Array> {
  const declared = request.headers.get("content-length");
  if (declared !== null && Number(declared) > maxBytes) {
    throw new PayloadTooLarge(`The request body is larger than ${maxBytes} bytes.`);
  }
  if (request.body === null) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw new PayloadTooLarge(`The request body is larger than ${maxBytes} bytes.`);
    }
    chunks.push(value);
  }
  return concatBytes(...chunks);
}

function decodeUtf8(bytes: Uint8Array): string {
  try {
    return strictUtf8.decode(bytes);
  } catch {
    throw new InvalidRequest("The request body is not valid UTF-8.");
  }
}

/**
 * Parses `a=1&b=2` strictly: percent-escapes must decode to valid UTF-8 (URLSearchParams would
 * silently substitute U+FFFD), and a field named twice is an error rather than a guess.
 */
export function parseUrlEncoded(input: string, where: "body" | "query"): Record<string, string> {
  const fields: Record<string, string> = Object.create(null);
  if (input === "") return fields; // most GETs carry no query
  for (const pair of input.split("&")) {
    if (pair === "") continue;
    const eq = pair.indexOf("=");
    const rawKey = eq === -1 ? pair : pair.slice(0, eq);
    const rawValue = eq === -1 ? "" : pair.slice(eq + 1);
    let key: string;
    let value: string;
    try {
      key = decodeURIComponent(rawKey.replace(/\+/g, " "));
      value = decodeURIComponent(rawValue.replace(/\+/g, " "));
    } catch {
      throw new InvalidRequest(`The ${where} has a malformed percent-escape or bytes that are not UTF-8.`);
    }
    if (key in fields) throw new InvalidRequest(`The ${where} names the field "${key}" more than once.`);
    fields[key] = value;
  }
  return fields;
}

/** Fields whose value may be a JSON object (the session update's `data`); every other field is a scalar. */
const OBJECT_FIELDS = new Set(["data"]);

/**
 * The first top-level key of a JSON object text that appears twice, if any. JSON.parse keeps the
 * last of two equal keys silently; a body that names a field twice is ambiguous and is refused
 * instead. The text has already parsed as a JSON object: its strings close and its brackets balance.
 */
function repeatedTopLevelKey(text: string): string | undefined {
  const seen = new Set<string>();
  let depth = 0;
  // A string right after "{" or "," is a key; only those directly inside the outer object count.
  let expectingKey = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (char === '"') {
      let end = i + 1;
      while (end < text.length && text[end] !== '"') end += text[end] === "\\" ? 2 : 1;
      if (depth === 1 && expectingKey) {
        const key = JSON.parse(text.slice(i, end + 1)) as string;
        if (seen.has(key)) return key;
        seen.add(key);
      }
      expectingKey = false;
      i = end;
    } else if (char === "{" || char === "[") {
      depth++;
      expectingKey = true;
    } else if (char === "}" || char === "]") {
      depth--;
    } else if (char === ",") {
      expectingKey = true;
    }
  }
  return undefined;
}

function parseJsonObject(text: string): FieldRecord {
  let value: unknown;
  try {
    value = text.trim() === "" ? {} : JSON.parse(text);
  } catch {
    throw new InvalidRequest("The request body is not valid JSON.");
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new InvalidRequest("The JSON body must be an object.");
  }
  const repeated = repeatedTopLevelKey(text);
  if (repeated !== undefined) {
    throw new InvalidRequest(`The body names the field "${repeated}" more than once.`);
  }
  for (const [key, field] of Object.entries(value)) {
    if (Array.isArray(field)) throw new InvalidRequest(`The field "${key}" must not be an array.`);
    if (typeof field === "object" && field !== null && !OBJECT_FIELDS.has(key)) {
      throw new InvalidRequest(`The field "${key}" must be a string, number, boolean or null.`);
    }
  }
  return Object.assign(Object.create(null), value);
}

/** Reads and parses a POST body: JSON or a URL-encoded form, at most `maxBytes`. */
export async function readBody(request: Request, maxBytes: number): Promise<FieldRecord> {
  const contentType = request.headers.get("content-type");
  const mediaType = contentType?.split(";")[0]?.trim().toLowerCase() ?? "";
  const charset = /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(contentType ?? "")?.[1]?.toLowerCase();
  if (charset !== undefined && charset !== "utf-8" && charset !== "utf8") {
    throw new UnsupportedMediaType(`The body must be UTF-8; the request declared charset=${charset}.`);
  }
  const isJson = mediaType === "application/json";
  const isForm = mediaType === "application/x-www-form-urlencoded";
  if (!isJson && !isForm && mediaType !== "") {
    throw new UnsupportedMediaType(
      `Send the body as application/json or application/x-www-form-urlencoded, not ${mediaType}.`,
    );
  }
  const text = decodeUtf8(await readCapped(request, maxBytes));
  if (mediaType === "") {
    if (text.trim() !== "") throw new UnsupportedMediaType("A request body needs a Content-Type header.");
    return Object.create(null);
  }
  return isJson ? parseJsonObject(text) : parseUrlEncoded(text, "body");
}
