import type { SessionStrategy } from "../config.js";
import { databaseSessions } from "./database.js";
import { jwtSessions } from "./jwt.js";
import type { SessionStrategyImpl } from "./types.js";

export const sessionStrategies: Record<SessionStrategy, SessionStrategyImpl> = {
  jwt: jwtSessions,
  database: databaseSessions,
};

export type { SessionResult, SessionStrategyImpl, SignInSession } from "./types.js";
