import { freshSqliteDatabase } from "./support/databases.js";
import { describePrismaAdapter } from "./support/prisma-suite.js";

// SQLite is embedded: Prisma cannot join there and reads the session and its user with two
// queries, which cost no network round trip.
await describePrismaAdapter("PrismaAdapter on SQLite", await freshSqliteDatabase(), {
  flavor: "sqlite",
  sessionLookupQueries: 2,
  sessionExtensionQueries: 3,
});
