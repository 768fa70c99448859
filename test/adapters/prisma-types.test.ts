import { mkdirSync, writeFileSync } from "node:fs";
import ts from "typescript";
import { expect, test } from "vitest";
import { generatedClientEntry, REPOSITORY_ROOT } from "./support/prisma-clients.js";

// PrismaClientLike is structural: this pins that real generated clients satisfy it, plain, with
// query and result extensions, and inside an interactive transaction.
const usage = (clientModule: string, adapterModule: string) => `
import { PrismaAdapter } from ${JSON.stringify(adapterModule)};
import type { PrismaClient } from ${JSON.stringify(clientModule)};

declare const prisma: PrismaClient;
PrismaAdapter(prisma);
PrismaAdapter(prisma.$extends({ query: { account: { create: ({ args, query }) => query(args) } } }));
PrismaAdapter(prisma.$extends({ result: { user: { label: { needs: { name: true }, compute: (user) => user.name ?? "" } } } }));
`;

// A whole TypeScript program over a generated client: seconds alone, far more on a loaded machine.
test("PrismaAdapter accepts generated clients, plain and extended, without casts", {
  timeout: 120_000,
}, () => {
  const directory = `${REPOSITORY_ROOT}generated/prisma-clients/type-usage`;
  mkdirSync(directory, { recursive: true });
  const file = `${directory}/usage.ts`;
  writeFileSync(
    file,
    usage(
      generatedClientEntry("postgresql").replace(/\.ts$/, ".js"),
      `${REPOSITORY_ROOT}src/adapters/prisma/index.js`,
    ),
  );
  const program = ts.createProgram([file], {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    types: ["node"],
  });
  const errors = ts
    .getPreEmitDiagnostics(program)
    .map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n"));
  expect(errors).toEqual([]);
});
