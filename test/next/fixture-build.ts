/**
 * Builds the Next.js fixture app (test/fixtures/next-app) as a user's app is built: latchkey
 * installed by `npm install` from the packed tarball, next, react and the types at the versions
 * this repository runs, then plain `next build` (Turbopack, Next.js 16's default builder). The
 * install and build are cached by content hash (test/support/packed-app.ts), so a run with
 * nothing changed reuses them.
 */
import { join } from "node:path";
import { installFixtureApp, REPO, repositoryVersion } from "../support/packed-app.js";

export { REPO };
export const FIXTURE = join(REPO, "test/fixtures/next-app");
/** Where the built app lives (under generated/, ignored by git). */
export const APP_DIR = join(REPO, "generated/apps/next-app");
/** The Pages Router app (test/fixtures/next-pages-app), next-auth v4 style. */
export const PAGES_FIXTURE = join(REPO, "test/fixtures/next-pages-app");

const pinned = (names: string[]) => Object.fromEntries(names.map((name) => [name, repositoryVersion(name)]));

export interface FixtureBuild {
  /** Whether a build ran (false: an earlier one was reused). */
  built: boolean;
  /** Milliseconds spent, building or checking. */
  milliseconds: number;
}

/** The Pages Router app with the Prisma adapter and database sessions (test/fixtures/next-pages-prisma-app). */
export const PAGES_PRISMA_FIXTURE = join(REPO, "test/fixtures/next-pages-prisma-app");

interface NextAppExtras {
  dependencies?: string[];
  devDependencies?: string[];
  /** Commands before `next build` (e.g. `prisma generate`). */
  prebuild?: string[][];
  env?: Record<string, string>;
}

/** Installs and builds a Next.js app from `source` into generated/apps/<name>, unless already built from the same inputs. */
async function buildNextApp(
  name: string,
  source: string,
  extras: NextAppExtras = {},
): Promise<FixtureBuild & { dir: string }> {
  return installFixtureApp({
    name,
    source,
    dependencies: pinned(["next", "react", "react-dom", ...(extras.dependencies ?? [])]),
    devDependencies: pinned([
      "typescript",
      "@types/react",
      "@types/react-dom",
      "@types/node",
      ...(extras.devDependencies ?? []),
    ]),
    build: [...(extras.prebuild ?? []), ["npx", "next", "build"]],
    env: extras.env,
  });
}

/** Installs and builds the App Router app unless generated/apps/next-app holds a build of the same inputs. */
export async function buildNextFixture(): Promise<FixtureBuild> {
  const { built, milliseconds } = await buildNextApp("next-app", FIXTURE);
  return { built, milliseconds };
}

/** The same for the Pages Router app; returns where it was built. */
export function buildNextPagesFixture(): Promise<FixtureBuild & { dir: string }> {
  return buildNextApp("next-pages-app", PAGES_FIXTURE);
}

/**
 * The same for the Pages Router app on Prisma and PostgreSQL: `prisma generate` writes its client
 * into the app, then `next build`. Generating needs no database; Prisma only wants the schema
 * engine's path to name a file, which it never runs for `generate` (test/adapters/global-setup.ts).
 */
export function buildNextPagesPrismaFixture(): Promise<FixtureBuild & { dir: string }> {
  return buildNextApp("next-pages-prisma-app", PAGES_PRISMA_FIXTURE, {
    dependencies: ["@prisma/client", "@prisma/adapter-pg", "pg", "nodemailer"],
    devDependencies: ["prisma", "@types/pg"],
    prebuild: [["npx", "prisma", "generate"]],
    env: {
      PRISMA_SCHEMA_ENGINE_BINARY: "/bin/true",
      PRISMA_HIDE_UPDATE_MESSAGE: "1",
      CHECKPOINT_DISABLE: "1",
    },
  });
}
