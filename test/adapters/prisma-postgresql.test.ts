import { freshPostgresSchema } from "./support/databases.js";
import { describePrismaAdapter } from "./support/prisma-suite.js";

await describePrismaAdapter("PrismaAdapter on PostgreSQL", await freshPostgresSchema(), {
  flavor: "postgresql",
  sessionLookupQueries: 1,
  sessionExtensionQueries: 2,
});
