/**
 * The migrations `Auth` brings itself where bundle size does not matter (package.json's
 * `#migrations` import under the `node` condition): `migrate: { nextAuthV4: true }` works with no
 * import.
 */
import type { NextAuthV4Sessions } from "../config.js";
import { nextAuthV4Sessions } from "./index.js";

export const builtInNextAuthV4: NextAuthV4Sessions | undefined = nextAuthV4Sessions;
