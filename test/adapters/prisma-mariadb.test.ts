import { freshMariaDbDatabase } from "./support/databases.js";
import { describePrismaAdapter } from "./support/prisma-suite.js";

// MariaDB has no LATERAL joins, so Prisma's relationJoins falls back to two queries there
// (MySQL 8 gets one). MySQL has no UPDATE … RETURNING either: Prisma runs updateSession as a
// transaction of SELECT, UPDATE, SELECT and COMMIT.
await describePrismaAdapter("PrismaAdapter on MariaDB", await freshMariaDbDatabase(), {
  flavor: "mysql",
  sessionLookupQueries: 2,
  sessionExtensionQueries: 6,
});
