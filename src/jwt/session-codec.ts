/**
 * The process's one session-token codec, bound to the platform's crypto runtime. `latchkey/jwt`
 * and the handler share it, so they share one key cache: a key derived for a middleware's
 * `getToken` is already warm when the handler reads the same cookie.
 */
import { runtime } from "#crypto";
import { createJwtCodec, type JwtCodec } from "./codec.js";

export const sessionCodec: JwtCodec = createJwtCodec(runtime);
