export { CookieJar } from "../support/cookie-jar.js";

/** The attributes of one Set-Cookie string (everything after the name=value pair), as a sorted list. */
export function attributesOf(setCookie: string): string[] {
  return setCookie
    .split(";")
    .slice(1)
    .map((part) => part.trim())
    .sort();
}
