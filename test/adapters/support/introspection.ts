/**
 * What a database really contains, read from its catalog (information_schema, pg_catalog,
 * SQLite pragmas), in the same shape as the expectations built from a .prisma file, so one
 * `toEqual` compares them.
 */

import type { FreshDatabase } from "./databases.js";
import type { SchemaModel } from "./prisma-schema.js";

export type Dialect = "postgresql" | "mysql" | "sqlite";

export interface TableShape {
  /** "column type [null]", sorted. */
  columns: string[];
  primaryKey: string[];
  /** Unique column sets other than the primary key, each "a,b", sorted. */
  uniques: string[];
  /** "columns -> table(columns) on delete RULE", sorted. */
  foreignKeys: string[];
}

export type DatabaseShape = Record<string, TableShape>;

/** Column types the shipped DDL uses for each Prisma scalar, as each catalog reports them. */
function expectedColumnType(dialect: Dialect, type: string, nativeType: string | null): string {
  const types: Record<Dialect, Record<string, string>> = {
    postgresql: {
      String: "text",
      Int: "integer",
      Boolean: "boolean",
      DateTime: "timestamp(3) without time zone",
    },
    mysql: {
      String: nativeType === "Text" ? "text" : "varchar(191)",
      Int: "int",
      Boolean: "tinyint(1)",
      DateTime: "datetime(3)",
    },
    sqlite: { String: "TEXT", Int: "INTEGER", Boolean: "BOOLEAN", DateTime: "DATETIME" },
  };
  const mapped = types[dialect][type];
  if (!mapped) throw new Error(`No ${dialect} column type known for Prisma type ${type}`);
  return mapped;
}

function column(name: string, type: string, nullable: boolean): string {
  return `${name} ${type}${nullable ? " null" : ""}`;
}

function foreignKey(columns: string[], table: string, referenced: string[], onDelete: string): string {
  return `${columns.join(",")} -> ${table}(${referenced.join(",")}) on delete ${onDelete.toUpperCase()}`;
}

export function expectedShape(models: SchemaModel[], dialect: Dialect): DatabaseShape {
  const shape: DatabaseShape = {};
  for (const model of models) {
    shape[model.table] = {
      columns: model.fields
        .map((field) =>
          column(field.column, expectedColumnType(dialect, field.type, field.nativeType), field.optional),
        )
        .sort(),
      primaryKey: model.primaryKey,
      uniques: model.uniques.map((unique) => unique.join(",")).sort(),
      foreignKeys: model.relations
        .map((relation) => {
          const target = models.find((candidate) => candidate.name === relation.referencedModel);
          if (!target) throw new Error(`Relation to unknown model ${relation.referencedModel}`);
          const referenced = relation.referencedFields.map(
            (field) => target.fields.find((candidate) => candidate.name === field)?.column ?? field,
          );
          // Prisma's default for a required relation is Restrict; the seed asks for Cascade.
          return foreignKey(relation.columns, target.table, referenced, relation.onDelete ?? "RESTRICT");
        })
        .sort(),
    };
  }
  return shape;
}

function groupBy<T>(rows: T[], key: (row: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) groups.set(key(row), [...(groups.get(key(row)) ?? []), row]);
  return groups;
}

function tableIn(shape: DatabaseShape, name: string): TableShape {
  shape[name] ??= { columns: [], primaryKey: [], uniques: [], foreignKeys: [] };
  return shape[name];
}

function finish(shape: DatabaseShape): DatabaseShape {
  for (const table of Object.values(shape)) {
    table.columns.sort();
    table.uniques.sort();
    table.foreignKeys.sort();
  }
  return shape;
}

async function introspectPostgres(database: FreshDatabase): Promise<DatabaseShape> {
  const shape: DatabaseShape = {};
  const columns = await database.query(
    `SELECT table_name, column_name, is_nullable, data_type, datetime_precision
       FROM information_schema.columns WHERE table_schema = $1 ORDER BY ordinal_position`,
    [database.namespace],
  );
  for (const row of columns) {
    const table = tableIn(shape, String(row.table_name));
    const type =
      row.data_type === "timestamp without time zone"
        ? `timestamp(${row.datetime_precision}) without time zone`
        : String(row.data_type);
    table.columns.push(column(String(row.column_name), type, row.is_nullable === "YES"));
  }
  const indexes = await database.query(
    `SELECT t.relname AS table_name, i.relname AS index_name, ix.indisprimary AS is_primary,
            ix.indisunique AS is_unique, array_agg(a.attname::text ORDER BY k.ord) AS columns
       FROM pg_index ix
       JOIN pg_class t ON t.oid = ix.indrelid
       JOIN pg_class i ON i.oid = ix.indexrelid
       JOIN pg_namespace n ON n.oid = t.relnamespace
       CROSS JOIN LATERAL unnest(ix.indkey) WITH ORDINALITY AS k(attnum, ord)
       JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = k.attnum
      WHERE n.nspname = $1
      GROUP BY 1, 2, 3, 4`,
    [database.namespace],
  );
  for (const row of indexes) {
    const table = tableIn(shape, String(row.table_name));
    const indexColumns = row.columns as string[];
    if (row.is_primary) table.primaryKey = indexColumns;
    else if (row.is_unique) table.uniques.push(indexColumns.join(","));
  }
  const foreignKeys = await database.query(
    `SELECT src.relname AS table_name, dst.relname AS referenced_table, c.confdeltype AS on_delete,
            (SELECT array_agg(a.attname::text ORDER BY k.ord) FROM unnest(c.conkey) WITH ORDINALITY AS k(attnum, ord)
               JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.attnum) AS columns,
            (SELECT array_agg(a.attname::text ORDER BY k.ord) FROM unnest(c.confkey) WITH ORDINALITY AS k(attnum, ord)
               JOIN pg_attribute a ON a.attrelid = c.confrelid AND a.attnum = k.attnum) AS referenced_columns
       FROM pg_constraint c
       JOIN pg_class src ON src.oid = c.conrelid
       JOIN pg_class dst ON dst.oid = c.confrelid
       JOIN pg_namespace n ON n.oid = src.relnamespace
      WHERE c.contype = 'f' AND n.nspname = $1`,
    [database.namespace],
  );
  const deleteRules: Record<string, string> = {
    c: "CASCADE",
    r: "RESTRICT",
    a: "NO ACTION",
    n: "SET NULL",
    d: "SET DEFAULT",
  };
  for (const row of foreignKeys) {
    const table = tableIn(shape, String(row.table_name));
    table.foreignKeys.push(
      foreignKey(
        row.columns as string[],
        String(row.referenced_table),
        row.referenced_columns as string[],
        deleteRules[String(row.on_delete)] ?? String(row.on_delete),
      ),
    );
  }
  return finish(shape);
}

async function introspectMysql(database: FreshDatabase): Promise<DatabaseShape> {
  const shape: DatabaseShape = {};
  const columns = await database.query(
    `SELECT TABLE_NAME, COLUMN_NAME, IS_NULLABLE, COLUMN_TYPE FROM information_schema.COLUMNS
      WHERE TABLE_SCHEMA = ? ORDER BY ORDINAL_POSITION`,
    [database.namespace],
  );
  for (const row of columns) {
    const table = tableIn(shape, String(row.TABLE_NAME));
    // MariaDB and MySQL 5 report a display width on int ("int(11)"); MySQL 8 does not.
    const type = String(row.COLUMN_TYPE).replace(/^int\(\d+\)$/, "int");
    table.columns.push(column(String(row.COLUMN_NAME), type, row.IS_NULLABLE === "YES"));
  }
  const indexColumns = await database.query(
    `SELECT TABLE_NAME, INDEX_NAME, NON_UNIQUE, COLUMN_NAME FROM information_schema.STATISTICS
      WHERE TABLE_SCHEMA = ? ORDER BY TABLE_NAME, INDEX_NAME, SEQ_IN_INDEX`,
    [database.namespace],
  );
  for (const rows of groupBy(indexColumns, (row) => `${row.TABLE_NAME}.${row.INDEX_NAME}`).values()) {
    const [first] = rows;
    if (!first || Number(first.NON_UNIQUE) !== 0) continue;
    const table = tableIn(shape, String(first.TABLE_NAME));
    const names = rows.map((row) => String(row.COLUMN_NAME));
    if (first.INDEX_NAME === "PRIMARY") table.primaryKey = names;
    else table.uniques.push(names.join(","));
  }
  const foreignKeyColumns = await database.query(
    `SELECT k.TABLE_NAME, k.CONSTRAINT_NAME, k.COLUMN_NAME, k.REFERENCED_TABLE_NAME, k.REFERENCED_COLUMN_NAME, r.DELETE_RULE
       FROM information_schema.KEY_COLUMN_USAGE k
       JOIN information_schema.REFERENTIAL_CONSTRAINTS r
         ON r.CONSTRAINT_SCHEMA = k.CONSTRAINT_SCHEMA AND r.CONSTRAINT_NAME = k.CONSTRAINT_NAME
      WHERE k.TABLE_SCHEMA = ? AND k.REFERENCED_TABLE_NAME IS NOT NULL
      ORDER BY k.TABLE_NAME, k.CONSTRAINT_NAME, k.ORDINAL_POSITION`,
    [database.namespace],
  );
  for (const rows of groupBy(
    foreignKeyColumns,
    (row) => `${row.TABLE_NAME}.${row.CONSTRAINT_NAME}`,
  ).values()) {
    const [first] = rows;
    if (!first) continue;
    const table = tableIn(shape, String(first.TABLE_NAME));
    table.foreignKeys.push(
      foreignKey(
        rows.map((row) => String(row.COLUMN_NAME)),
        String(first.REFERENCED_TABLE_NAME),
        rows.map((row) => String(row.REFERENCED_COLUMN_NAME)),
        String(first.DELETE_RULE),
      ),
    );
  }
  return finish(shape);
}

async function introspectSqlite(database: FreshDatabase): Promise<DatabaseShape> {
  const shape: DatabaseShape = {};
  const tables = await database.query(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'",
  );
  for (const { name } of tables) {
    const tableName = String(name);
    const table = tableIn(shape, tableName);
    const columns = await database.query(`SELECT * FROM pragma_table_info(?) ORDER BY cid`, [tableName]);
    for (const row of columns) {
      table.columns.push(column(String(row.name), String(row.type), Number(row.notnull) === 0));
    }
    table.primaryKey = columns
      .filter((row) => Number(row.pk) > 0)
      .sort((a, b) => Number(a.pk) - Number(b.pk))
      .map((row) => String(row.name));
    const indexes = await database.query(`SELECT * FROM pragma_index_list(?)`, [tableName]);
    for (const index of indexes) {
      if (Number(index.unique) !== 1 || index.origin === "pk") continue;
      const indexColumns = await database.query(`SELECT name FROM pragma_index_info(?) ORDER BY seqno`, [
        String(index.name),
      ]);
      table.uniques.push(indexColumns.map((row) => String(row.name)).join(","));
    }
    const foreignKeys = await database.query(`SELECT * FROM pragma_foreign_key_list(?) ORDER BY id, seq`, [
      tableName,
    ]);
    for (const rows of groupBy(foreignKeys, (row) => String(row.id)).values()) {
      const [first] = rows;
      if (!first) continue;
      table.foreignKeys.push(
        foreignKey(
          rows.map((row) => String(row.from)),
          String(first.table),
          rows.map((row) => String(row.to)),
          String(first.on_delete),
        ),
      );
    }
  }
  return finish(shape);
}

export function introspect(database: FreshDatabase, dialect: Dialect): Promise<DatabaseShape> {
  const readers = { postgresql: introspectPostgres, mysql: introspectMysql, sqlite: introspectSqlite };
  return readers[dialect](database);
}
