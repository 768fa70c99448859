import { freshPostgresSchema } from "./support/databases.js";
import { describePrismaAdapter } from "./support/prisma-suite.js";

// Remapped table and column names (@@map/@map) must not change anything the adapter does.
await describePrismaAdapter(
  "PrismaAdapter on PostgreSQL with snake_case table and column names",
  await freshPostgresSchema("prisma/examples/snake-case/schema.sql"),
  { flavor: "snakeCase", sessionLookupQueries: 1, sessionExtensionQueries: 2 },
);
