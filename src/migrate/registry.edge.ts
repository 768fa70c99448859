/**
 * The migrations `Auth` brings itself on edge runtimes (package.json's `#migrations` import for
 * every condition but `node`): none. An app that adopts next-auth v4's sessions there passes
 * `nextAuthV4Sessions` from `latchkey/migrate`, which brings the code; other apps bundle none of it.
 */
import type { NextAuthV4Sessions } from "../config.js";

export const builtInNextAuthV4: NextAuthV4Sessions | undefined = undefined;
