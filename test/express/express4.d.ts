/** `express4` is Express 4 installed under another name (package.json); it has Express's API and types. */
declare module "express4" {
  export { default } from "express";
}
