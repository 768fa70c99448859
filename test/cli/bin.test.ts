/**
 * The `latchkey` command as an app runs it: built once into a project's node_modules (see
 * installed-package.ts), run as a separate process, judged by its output and exit status.
 * 0: done, no errors; 1: problems found (doctor) or the job failed; 2: a command line it cannot run.
 */
import { copyFileSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type InstalledProject, installBuiltPackage, ROOT, type Run, run } from "./installed-package.js";

let project: InstalledProject;

beforeAll(async () => {
  project = await installBuiltPackage(["ioredis"]);
  for (const fixture of [
    "incomplete.config.mjs",
    "memory-store.config.mjs",
    "shared-store.config.mjs",
    "throws.config.mjs",
    "factory.config.mjs",
  ]) {
    copyFileSync(join(ROOT, "test/cli/fixtures", fixture), join(project.dir, fixture));
  }
}, 180_000);

afterAll(() => {
  if (project) rmSync(project.dir, { recursive: true, force: true });
});

const STRONG_SECRET = "Zq3v8Rk1Tw6Ny0Lp5Hs9Bd2Mf7Xc4Ga1Je8Uo3Wi6Q";

const latchkey = (args: string[], env: Record<string, string> = {}): Promise<Run> =>
  run([process.execPath, project.bin, ...args], { cwd: project.dir, env });

interface Finding {
  severity: "error" | "warning" | "info";
  code: string;
  message: string;
}
interface DoctorReport {
  ok: boolean;
  errors: number;
  warnings: number;
  findings: Finding[];
}

async function doctor(
  args: string[],
  env: Record<string, string> = {},
): Promise<DoctorReport & { status: number }> {
  const result = await latchkey(["doctor", "--json", ...args], env);
  expect(result.stderr).toBe("");
  return { status: result.status, ...(JSON.parse(result.stdout) as DoctorReport) };
}

const codesOf = (report: DoctorReport) => report.findings.map(({ severity, code }) => `${severity} ${code}`);

const shipped = (path: string) => readFileSync(join(ROOT, "prisma", path), "utf8");

describe("latchkey", () => {
  it("lists its commands with --help and exits 0", async () => {
    const result = await latchkey(["--help"]);
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/^ {2}secret +print a new AUTH_SECRET/m);
    expect(result.stdout).toMatch(/^ {2}doctor +report/m);
    expect(result.stdout).toMatch(/^ {2}schema +print the Prisma schema/m);
  });

  it.each(["secret", "doctor", "schema"])(
    "shows the usage of %s with --help and exits 0",
    async (command) => {
      const result = await latchkey([command, "--help"]);
      expect(result.status).toBe(0);
      expect(result.stdout).toMatch(new RegExp(`^Usage: latchkey ${command}`));
      expect(result.stderr).toBe("");
    },
  );

  it("answers an unknown command with the list of commands and exit status 2", async () => {
    const result = await latchkey(["sercet"]);
    expect(result).toEqual({
      status: 2,
      stdout: "",
      stderr:
        'latchkey: unknown command "sercet". Commands: secret, doctor, schema.\nRun "latchkey --help" for usage.\n',
    });
  });

  it.each([
    ["secret", "--length"],
    ["doctor", "--fix"],
    ["schema", "--database"],
  ])("answers %s with an unknown option %s by naming it, with exit status 2", async (command, option) => {
    const result = await latchkey([command, option]);
    expect(result.status).toBe(2);
    expect(result.stdout).toBe("");
    expect(result.stderr).toBe(
      `latchkey ${command}: unknown option ${option}\nRun "latchkey ${command} --help" for usage.\n`,
    );
  });

  it("runs through npm's .bin link, by its #!/usr/bin/env node line", async () => {
    const result = await run([project.binLink, "--version"], { cwd: project.dir });
    const { version } = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { version: string };
    expect(result).toEqual({ status: 0, stdout: `${version}\n`, stderr: "" });
  });
});

describe("latchkey secret", () => {
  it("prints a new 33-byte secret in base64, different each time", async () => {
    const first = await latchkey(["secret"]);
    const second = await latchkey(["secret"]);
    expect(first.status).toBe(0);
    expect(first.stdout).toMatch(/^[A-Za-z0-9+/]{44}\n$/);
    expect(Buffer.from(first.stdout.trim(), "base64")).toHaveLength(33);
    expect(second.stdout).not.toBe(first.stdout);
  });

  it("--write creates .env.local readable by its owner only, and does not print the secret", async () => {
    const result = await latchkey(["secret", "--write"]);
    const file = join(project.dir, ".env.local");
    const content = readFileSync(file, "utf8");
    expect(result.status).toBe(0);
    expect(content).toMatch(/^AUTH_SECRET=[A-Za-z0-9+/]{44}\n$/);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(result.stdout).toBe("Created .env.local (readable by you only) with a new AUTH_SECRET.\n");
    rmSync(file);
  });

  it("--write <file> adds the line to a file without AUTH_SECRET, keeping what it holds", async () => {
    const file = join(project.dir, "app.env");
    writeFileSync(file, "DATABASE_URL=postgres://localhost/app\n# AUTH_SECRET=commented-out");
    const result = await latchkey(["secret", "--write", "app.env"]);
    expect(result).toEqual({ status: 0, stdout: "Added a new AUTH_SECRET to app.env.\n", stderr: "" });
    expect(readFileSync(file, "utf8")).toMatch(
      /^DATABASE_URL=postgres:\/\/localhost\/app\n# AUTH_SECRET=commented-out\nAUTH_SECRET=[A-Za-z0-9+/]{44}\n$/,
    );
  });

  it("--write never replaces an AUTH_SECRET the file sets, says so, and exits 0", async () => {
    const file = join(project.dir, "existing.env");
    const content = `export AUTH_SECRET="${STRONG_SECRET}"\nAUTH_URL=https://app.example.com\n`;
    writeFileSync(file, content);
    const result = await latchkey(["secret", "--write", "existing.env"]);
    expect(result.status).toBe(0);
    expect(result.stdout).toContain("existing.env already sets AUTH_SECRET; left it unchanged.");
    expect(readFileSync(file, "utf8")).toBe(content);
  });

  it("refuses a file name without --write, and a file it cannot write, without a stack trace", async () => {
    const stray = await latchkey(["secret", ".env"]);
    expect(stray.status).toBe(2);
    expect(stray.stderr).toContain('unexpected argument ".env"; to write the secret to it, use --write .env');

    const unwritable = await latchkey(["secret", "--write", "no-such-folder/.env"]);
    expect(unwritable.status).toBe(1);
    expect(unwritable.stderr).toMatch(
      /^latchkey secret: ENOENT: no such file or directory, open '.*no-such-folder\/\.env'\n$/,
    );
  });
});

describe("latchkey doctor", () => {
  it("names each provider variable missing and the adapter methods database sessions need; exit 1", async () => {
    const report = await doctor(["--config", "incomplete.config.mjs"], {
      AUTH_SECRET: STRONG_SECRET,
      AUTH_GITHUB_ID: "github-client-id",
    });
    expect(report.status).toBe(1);
    expect(report.ok).toBe(false);
    const errors = report.findings.filter((finding) => finding.severity === "error");
    expect(errors).toEqual([
      {
        severity: "error",
        code: "InvalidConfig",
        message: expect.stringMatching(
          /^Provider "github" authenticates with client_secret_\w+ but has no clientSecret; set `clientSecret` or AUTH_GITHUB_SECRET/,
        ),
      },
      {
        severity: "error",
        code: "InvalidConfig",
        message: 'Provider "google" has no clientId; set `clientId` or AUTH_GOOGLE_ID.',
      },
      {
        severity: "error",
        code: "MissingAdapterMethods",
        message:
          "The adapter lacks methods this configuration calls: createSession, getSessionAndUser, updateSession, deleteSession.",
      },
    ]);
    // The adapter also lacks latchkey's optional extensions: warnings, as Auth() logs them.
    expect(report.findings.filter((finding) => finding.code === "AdapterExtensionMissing")).toHaveLength(4);
  });

  it("prints the same findings as lines for a person", async () => {
    const result = await latchkey(["doctor", "--config", "incomplete.config.mjs"], {
      AUTH_SECRET: STRONG_SECRET,
    });
    expect(result.status).toBe(1);
    expect(result.stdout).toContain(
      'error   InvalidConfig: Provider "github" has no clientId; set `clientId` or AUTH_GITHUB_ID.\n',
    );
    expect(result.stdout).toContain("error   MissingAdapterMethods: The adapter lacks methods");
    expect(result.stdout).toMatch(/^3 errors, 4 warnings\./m);
  });

  it("passes a complete configuration: exit 0, no errors or warnings", async () => {
    const report = await doctor(["--config", "shared-store.config.mjs", "--instances", "3"], {
      AUTH_SECRET: STRONG_SECRET,
      NODE_ENV: "production",
      AUTH_URL: "https://app.example.com/auth",
    });
    expect(report).toEqual({ status: 0, ok: true, errors: 0, warnings: 0, findings: [] });
  });

  it("warns when several instances share no store, and fails on it only with --strict", async () => {
    const env = { AUTH_SECRET: STRONG_SECRET, WEB_CONCURRENCY: "4" };
    const report = await doctor(["--config", "memory-store.config.mjs"], env);
    expect(report.status).toBe(0);
    expect(report.findings).toEqual([
      {
        severity: "warning",
        code: "ProcessLocalStore",
        message: expect.stringContaining("Several instances may run (WEB_CONCURRENCY=4)"),
      },
    ]);
    expect((await doctor(["--config", "memory-store.config.mjs", "--strict"], env)).status).toBe(1);
    expect(
      (await doctor(["--config", "memory-store.config.mjs"], { AUTH_SECRET: STRONG_SECRET })).findings,
    ).toEqual([]);
  });

  it("reports a missing secret as an error, a short one and a guessable one as warnings", async () => {
    expect(codesOf(await doctor([]))).toEqual(["error MissingSecret", "info NoConfig"]);
    expect(codesOf(await doctor([], { AUTH_SECRET: "short" }))).toEqual([
      "warning WeakSecret",
      "info NoConfig",
    ]);
    for (const guessable of [
      "our-app-secret-please-change-me-in-prod",
      "abcdabcdabcdabcdabcdabcdabcdabcdabcd",
    ]) {
      const report = await doctor([], { AUTH_SECRET: guessable });
      expect(report.status).toBe(0);
      expect(codesOf(report)).toEqual(["warning GuessableSecret", "info NoConfig"]);
    }
    // An older secret kept for rotation is looked at too.
    const rotated = await doctor([], { AUTH_SECRET: "x".repeat(40), AUTH_SECRET_1: STRONG_SECRET });
    expect(rotated.findings[0]?.message).toMatch(/^Older secret #1 \(kept for rotation\)/);
  });

  it("reports a production app with neither AUTH_URL nor trustHost, and an http AUTH_URL", async () => {
    const production = { AUTH_SECRET: STRONG_SECRET, NODE_ENV: "production" };
    const untrusted = await doctor([], production);
    expect(untrusted.status).toBe(1);
    expect(codesOf(untrusted)).toEqual(["error UntrustedHost", "info NoConfig"]);
    expect(codesOf(await doctor([], { ...production, AUTH_TRUST_HOST: "true" }))).toEqual(["info NoConfig"]);
    const http = await doctor([], { ...production, AUTH_URL: "http://app.example.com" });
    expect(http.status).toBe(0);
    expect(codesOf(http)).toEqual(["warning InsecureAuthUrl", "info NoConfig"]);
  });

  it("reads --env-file, with the environment winning", async () => {
    writeFileSync(join(project.dir, "doctor.env"), `AUTH_SECRET=${STRONG_SECRET}\nNODE_ENV=production\n`);
    expect(codesOf(await doctor(["--env-file", "doctor.env"]))).toEqual([
      "error UntrustedHost",
      "info NoConfig",
    ]);
    const overridden = await doctor(["--env-file", "doctor.env"], { NODE_ENV: "development" });
    expect(codesOf(overridden)).toEqual(["info NoConfig"]);
  });

  it("reports a config module that throws, exports a function, or is TypeScript, without a stack trace", async () => {
    const env = { AUTH_SECRET: STRONG_SECRET };
    const thrown = await doctor(["--config", "throws.config.mjs"], env);
    expect(thrown.status).toBe(1);
    expect(thrown.findings).toEqual([
      {
        severity: "error",
        code: "ConfigNotLoaded",
        message: "Could not load throws.config.mjs: DATABASE_URL is not set",
      },
    ]);

    const factory = await doctor(["--config", "factory.config.mjs"], env);
    expect(factory.findings[0]?.message).toContain("a function that builds it per request cannot be checked");

    writeFileSync(join(project.dir, "auth.config.ts"), "export default { providers: [] as never[] };\n");
    const typescript = await latchkey(["doctor", "--config", "auth.config.ts"], env);
    expect(typescript.status).toBe(1);
    expect(typescript.stdout).toContain(
      'latchkey loads JavaScript modules only. Run a TypeScript config through your own loader, e.g. NODE_OPTIONS="--import tsx"',
    );
    expect(`${typescript.stdout}${typescript.stderr}`).not.toMatch(/^\s+at /m);
  });

  it("refuses a config path with no file and a bad --instances with exit status 2", async () => {
    const missing = await latchkey(["doctor", "--config", "nowhere.mjs"]);
    expect(missing.status).toBe(2);
    expect(missing.stderr).toContain("latchkey doctor: --config: no file at nowhere.mjs");
    const instances = await latchkey(["doctor", "--instances", "many"]);
    expect(instances.status).toBe(2);
    expect(instances.stderr).toContain('--instances takes a whole number of at least 1, not "many"');
  });
});

describe("latchkey schema", () => {
  it.each(["postgresql", "mysql", "sqlite"])(
    "prints the shipped Prisma schema and SQL for %s",
    async (db) => {
      const result = await latchkey(["schema", "--db", db]);
      expect(result.status).toBe(0);
      const prismaAt = result.stdout.indexOf(shipped(`${db}/schema.prisma`));
      const sqlAt = result.stdout.indexOf(shipped(`${db}/schema.sql`));
      expect(prismaAt).toBeGreaterThan(0);
      expect(sqlAt).toBeGreaterThan(prismaAt);
      expect(result.stdout).toMatch(
        new RegExp(`^// schema.prisma for .+ \\(latchkey/prisma/${db}/schema.prisma\\)$`, "m"),
      );
      expect(result.stdout).toMatch(
        new RegExp(`^-- schema.sql for .+ \\(latchkey/prisma/${db}/schema.sql\\)$`, "m"),
      );
    },
  );

  it("--only sql prints the SQL alone, which creates the adapter's tables", async () => {
    const result = await latchkey(["schema", "--db", "sqlite", "--only", "sql"]);
    expect(result.stdout).toBe(shipped("sqlite/schema.sql"));
    const db = new Database(":memory:");
    db.exec(result.stdout);
    const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all();
    expect(tables.map((row) => (row as { name: string }).name)).toEqual(
      expect.arrayContaining(["Account", "Authenticator", "Session", "User", "VerificationToken"]),
    );
    db.close();
  });

  it("prints only the Prisma schema for MongoDB, and refuses --only sql for it", async () => {
    const result = await latchkey(["schema", "--db", "mongodb"]);
    expect(result).toEqual({ status: 0, stdout: shipped("mongodb/schema.prisma"), stderr: "" });
    const sql = await latchkey(["schema", "--db", "mongodb", "--only", "sql"]);
    expect(sql.status).toBe(2);
    expect(sql.stderr).toContain("MongoDB has no SQL schema");
  });

  it("--out writes both files, and replaces existing ones only with --force", async () => {
    const first = await latchkey(["schema", "--db", "postgresql", "--out", "db"]);
    expect(first).toEqual({ status: 0, stdout: "Wrote db/schema.prisma\nWrote db/schema.sql\n", stderr: "" });
    expect(readFileSync(join(project.dir, "db/schema.sql"), "utf8")).toBe(shipped("postgresql/schema.sql"));

    writeFileSync(join(project.dir, "db/schema.prisma"), "// edited by the app\n");
    const again = await latchkey(["schema", "--db", "postgresql", "--out", "db"]);
    expect(again.status).toBe(1);
    expect(again.stderr).toContain(
      "db/schema.prisma, db/schema.sql already exist; pass --force to replace them.",
    );
    expect(readFileSync(join(project.dir, "db/schema.prisma"), "utf8")).toBe("// edited by the app\n");

    const forced = await latchkey(["schema", "--db", "postgresql", "--out", "db", "--force"]);
    expect(forced.status).toBe(0);
    expect(readFileSync(join(project.dir, "db/schema.prisma"), "utf8")).toBe(
      shipped("postgresql/schema.prisma"),
    );
  });

  it("refuses a missing or unknown --db with exit status 2", async () => {
    const missing = await latchkey(["schema"]);
    expect(missing.status).toBe(2);
    expect(missing.stderr).toContain("--db is required: one of postgresql, mysql, sqlite, mongodb");
    const unknown = await latchkey(["schema", "--db", "oracle"]);
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toContain('unknown database "oracle"');
  });
});
