/**
 * Reads the models of a .prisma file into what a database must contain: tables, columns with
 * their type and nullability, primary keys, unique sets and foreign keys, by database name
 * (after @@map/@map). Covers the schema language the shipped schemas use, nothing more.
 */

export interface SchemaField {
  name: string;
  /** Database column name: @map or the field name. */
  column: string;
  type: string;
  optional: boolean;
  list: boolean;
  attributes: string;
  /** `@db.Text` → "Text". */
  nativeType: string | null;
}

export interface SchemaRelation {
  columns: string[];
  referencedModel: string;
  referencedFields: string[];
  onDelete: string | null;
}

export interface SchemaModel {
  name: string;
  /** Database table name: @@map or the model name. */
  table: string;
  /** Scalar fields only (relation fields are in `relations`). */
  fields: SchemaField[];
  primaryKey: string[];
  /** Unique column sets, from @unique and @@unique (by column name, declared order). */
  uniques: string[][];
  relations: SchemaRelation[];
}

const SCALAR_TYPES = new Set([
  "String",
  "Int",
  "BigInt",
  "Float",
  "Decimal",
  "Boolean",
  "DateTime",
  "Json",
  "Bytes",
]);

function quotedArgument(attributes: string, attribute: string): string | null {
  const match = attributes.match(new RegExp(`${attribute}\\("([^"]+)"\\)`));
  return match?.[1] ?? null;
}

function fieldList(text: string): string[] {
  return text
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean);
}

function stripComment(line: string): string {
  const comment = line.indexOf("//");
  return (comment === -1 ? line : line.slice(0, comment)).trim();
}

export function parsePrismaSchema(source: string): SchemaModel[] {
  const models: SchemaModel[] = [];
  for (const block of source.matchAll(/^model\s+(\w+)\s*\{([\s\S]*?)^\}/gm)) {
    const [, name = "", body = ""] = block;
    const lines = body.split("\n").map(stripComment).filter(Boolean);
    const fieldLines = lines.filter((line) => !line.startsWith("@@"));
    const blockAttributes = lines.filter((line) => line.startsWith("@@")).join(" ");

    const rawFields = fieldLines.map((line) => {
      const match = line.match(/^(\w+)\s+(\w+)(\[\])?(\?)?\s*(.*)$/);
      if (!match) throw new Error(`Cannot parse field line in model ${name}: ${line}`);
      const [, fieldName = "", type = "", list, optional, attributes = ""] = match;
      return { fieldName, type, list: Boolean(list), optional: Boolean(optional), attributes };
    });

    const columnOf = new Map<string, string>();
    const fields: SchemaField[] = [];
    const relations: SchemaRelation[] = [];
    for (const raw of rawFields) {
      if (!SCALAR_TYPES.has(raw.type)) {
        const relation = raw.attributes.match(/@relation\(([^)]*)\)/)?.[1];
        const columns = relation?.match(/fields:\s*\[([^\]]*)\]/)?.[1];
        const references = relation?.match(/references:\s*\[([^\]]*)\]/)?.[1];
        if (relation && columns && references) {
          relations.push({
            columns: fieldList(columns),
            referencedModel: raw.type,
            referencedFields: fieldList(references),
            onDelete: relation.match(/onDelete:\s*(\w+)/)?.[1] ?? null,
          });
        }
        continue;
      }
      const column = quotedArgument(raw.attributes, "@map") ?? raw.fieldName;
      columnOf.set(raw.fieldName, column);
      fields.push({
        name: raw.fieldName,
        column,
        type: raw.type,
        optional: raw.optional,
        list: raw.list,
        attributes: raw.attributes,
        nativeType: raw.attributes.match(/@db\.(\w+)/)?.[1] ?? null,
      });
    }

    const toColumns = (names: string[]) => names.map((field) => columnOf.get(field) ?? field);
    const compoundId = blockAttributes.match(/@@id\(\[([^\]]*)\]/)?.[1];
    const primaryKey = compoundId
      ? toColumns(fieldList(compoundId))
      : fields.filter((field) => /@id\b/.test(field.attributes)).map((field) => field.column);
    const uniques = [
      ...fields.filter((field) => /@unique\b/.test(field.attributes)).map((field) => [field.column]),
      ...[...blockAttributes.matchAll(/@@unique\(\[([^\]]*)\]/g)].map((match) =>
        toColumns(fieldList(match[1] ?? "")),
      ),
    ];
    for (const relation of relations) relation.columns = toColumns(relation.columns);

    models.push({
      name,
      table: quotedArgument(blockAttributes, "@@map") ?? name,
      fields,
      primaryKey,
      uniques,
      relations,
    });
  }
  return models;
}

/** The generator and datasource settings, e.g. `provider` of the datasource block. */
export function datasourceProvider(source: string): string | null {
  return source.match(/datasource\s+\w+\s*\{[^}]*provider\s*=\s*"(\w+)"/)?.[1] ?? null;
}
