/**
 * Which of latchkey's optional session metadata columns (prisma/README.md) the app's Session model
 * has. Prisma rejects a write that names a field its model lacks, so PrismaAdapter writes only
 * these; a schema from Auth.js, without them, keeps working unchanged.
 *
 * The generated client describes its models (`_runtimeDataModel`, Prisma 5 and later); an older
 * client is learnt from the first session row it returns, which carries every scalar column.
 */
import { SESSION_METADATA_COLUMNS } from "../columns.js";

type MetadataColumn = (typeof SESSION_METADATA_COLUMNS)[number];

interface DescribedClient {
  _runtimeDataModel?: { models?: { Session?: { fields?: Array<{ name?: unknown }> } } };
}

export interface SessionMetadataColumns {
  /** The metadata columns to write; none while they are not known yet. */
  writable(): readonly MetadataColumn[];
  /** Learns the columns from a session row, when they are not known yet; returns the row. */
  learnFrom<Row>(row: Row): Row;
}

export function sessionMetadataColumns(prisma: unknown): SessionMetadataColumns {
  const fields = (prisma as DescribedClient)._runtimeDataModel?.models?.Session?.fields;
  let known: readonly MetadataColumn[] | undefined = Array.isArray(fields)
    ? SESSION_METADATA_COLUMNS.filter((column) => fields.some((field) => field.name === column))
    : undefined;
  return {
    writable: () => known ?? [],
    learnFrom(row) {
      if (known === undefined && typeof row === "object" && row !== null) {
        known = SESSION_METADATA_COLUMNS.filter((column) => column in row);
      }
      return row;
    },
  };
}
