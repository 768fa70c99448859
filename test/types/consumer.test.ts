/**
 * The published types, as an application sees them: the package's declarations are built once (as
 * `npm run build` builds them) into a temporary `node_modules/latchkey`, and small consumer programs
 * are compiled against it with `skipLibCheck: false`, so every shipped `.d.ts` is checked. Edge
 * projects have no Node types (`types: []`, DOM lib); only `latchkey/node` may need them.
 */
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import ts from "typescript";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authjsGitDirMissing } from "../support/authjs-git.js";
import { authjsEntries, authjsExports } from "./authjs-exports.js";
import { installPackedLatchkey, linkPackages, missingDeclarations } from "./built-package.js";
import { type Compiled, createCompiler, REPO_ROOT } from "./compile.js";
import { FIXTURES, FIXTURES_DIR } from "./fixtures.js";

const compiler = createCompiler();
const CONSUMER_DIR = join(REPO_ROOT, "test/types/consumer");

/** An edge project: ES2022 + DOM, no ambient types at all, every declaration file checked. */
const edge: ts.CompilerOptions = {
  target: ts.ScriptTarget.ES2022,
  lib: ["lib.es2022.d.ts", "lib.dom.d.ts"],
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  strict: true,
  skipLibCheck: false,
  types: [],
  noEmit: true,
};
const bundler: ts.CompilerOptions = {
  ...edge,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
};

let project: string;

beforeAll(async () => {
  project = mkdtempSync(join(tmpdir(), "latchkey-consumer-"));
  await installPackedLatchkey(project);
  // The frameworks the glue entries are for, as an app that uses one has them installed.
  linkPackages(project, FRAMEWORK_PACKAGES);
  cpSync(CONSUMER_DIR, project, { recursive: true });
  mkdirSync(join(project, "recipes"));
  for (const fixture of FIXTURES) cpSync(join(FIXTURES_DIR, fixture), join(project, "recipes", fixture));
}, 300_000); // a pack (one build) when no test has packed this tree yet, on a machine that may be busy

afterAll(() => {
  if (project) rmSync(project, { recursive: true, force: true });
});

const nodeTypesIn = (compiled: Compiled) =>
  compiled.program.getSourceFiles().filter((file) => file.fileName.includes("/@types/node/"));

/** Installed beside latchkey in the consumer project: the frameworks, and Express's types. */
const FRAMEWORK_PACKAGES = ["hono", "fastify", "express", "@sveltejs/kit", "svelte", "@types/express"];

/**
 * SvelteKit's own declarations name `CookieParseOptions` from cookie 0.6, whose types come from
 * `@types/cookie`; beside latchkey's cookie 1.x (typed itself, and higher in node_modules) the
 * compiler resolves the newer one, as it would in any app. That error is SvelteKit's, whatever
 * latchkey does, so only SvelteKit's files may have errors in that check.
 */
const notSvelteKits = (compiled: Compiled) =>
  compiled.raw.filter((diagnostic) => !diagnostic.file?.fileName.includes("/node_modules/@sveltejs/kit/"));

/** A Node project with the frameworks' types: Express, Fastify and SvelteKit apps. */
const withFrameworks: ts.CompilerOptions = {
  ...edge,
  types: ["node"],
  typeRoots: [join(REPO_ROOT, "node_modules/@types")],
  module: ts.ModuleKind.NodeNext,
  target: ts.ScriptTarget.ES2022,
};

/** `@auth/core/providers/oauth`'s internal types, which `@auth/core/providers` exports too. */
const OAUTH_INTERNALS = [
  "AccountCallback",
  "EndpointHandler",
  "OAuthChecks",
  "OAuthConfigInternal",
  "OAuthEndpointType",
  "OAuthProviderButtonStyles",
  "OAuthProviderId",
  "OIDCConfigInternal",
  "ProfileCallback",
];

/**
 * The names of Auth.js entries that latchkey's replacement does not export, and why (the common
 * ones and their replacements are in docs/migrating.md, "Type names").
 */
const NOT_EXPORTED: Record<string, string[]> = {
  // Auth.js's internals (its request and options objects, its provider lists and id unions), and
  // TypeScript's own `Awaited`. `Authenticator` is `AdapterAuthenticator` (latchkey/adapters),
  // `PublicProvider` is `AppProvider`, `CookiesOptions` is `CookiesOverrides`; the error-page
  // parameter unions and warning codes are latchkey's own (docs/errors.md).
  "@auth/core/types": [
    "Authenticator",
    "Awaited",
    "CookieOption",
    "CookiesOptions",
    "ErrorPageParam",
    "InternalOptions",
    "InternalProvider",
    "PublicProvider",
    "RequestInternal",
    "SemverString",
    "SignInPageErrorParam",
    "WarningCode",
    "WebAuthnOptionsResponseBody",
  ],
  // A helper for adapter authors, who build on @auth/core.
  "@auth/core/adapters": ["isDate"],
  "next-auth/adapters": ["isDate"],
  // Auth.js's provider internals and id unions; `EmailProviderSendVerificationRequestParams` is
  // `EmailVerificationRequest`, `OAuthProviderButtonStyles` is `ProviderButtonStyles`, and
  // `EmailUserConfig` is exported by latchkey/providers/email.
  ...Object.fromEntries(
    ["@auth/core/providers", "next-auth/providers"].map((entry) => [
      entry,
      [
        ...OAUTH_INTERNALS,
        "AppProviders",
        "BuiltInProviders",
        "CredentialsProviderId",
        "EmailProviderId",
        "EmailProviderSendVerificationRequestParams",
        "EmailProviderType",
        "EmailUserConfig",
        "ProviderId",
      ].sort(),
    ]),
  ),
  // next-auth/react's internals.
  "next-auth/react": ["GetSessionParams", "SessionContext", "__NEXTAUTH"],
  // Named `LatchkeyExpress` (docs/express.md: it also mounts without `/*`).
  "@auth/express": ["ExpressAuth"],
  // Parts of a few providers' profile types (the profile types themselves are exported), their
  // id unions, and the WebAuthn options latchkey refuses or spells differently (`RelyingParty` is
  // `RelyingPartyOptions`).
  "@auth/core/providers/42-school": [
    "Achievement",
    "Campus",
    "CampusUser",
    "CursusUser",
    "ExpertisesUser",
    "Image",
    "LanguagesUser",
    "ProjectUser",
    "TitlesUser",
    "UserData",
  ],
  "@auth/core/providers/apple": ["AppleNonConformUser"],
  "@auth/core/providers/credentials": ["CredentialsProviderId"],
  "@auth/core/providers/email": [
    "EmailProviderId",
    "EmailProviderSendVerificationRequestParams",
    "EmailProviderType",
  ],
  "@auth/core/providers/github": ["GitHubEmail"],
  "@auth/core/providers/kakao": ["AgeRange", "Birthday", "DateTime", "Gender"],
  "@auth/core/providers/netsuite": ["OAuthNetSuiteOptions"],
  "@auth/core/providers/notion": ["Owner", "Person", "User"],
  "@auth/core/providers/oauth": OAUTH_INTERNALS,
  "@auth/core/providers/osu": ["OsuUserCompact"],
  "@auth/core/providers/spotify": ["SpotifyImage"],
  "@auth/core/providers/webauthn": [
    "DEFAULT_SIMPLEWEBAUTHN_BROWSER_VERSION",
    "DEFAULT_WEBAUTHN_TIMEOUT",
    "GetUserInfo",
    "RelayingParty",
    "WebAuthnProviderType",
  ],
  "@auth/core/providers/wikimedia": ["WikimediaGrant", "WikimediaGroup", "WikimediaRight"],
};

/** The consumer file that imports an entry; edge.ts for the rest. */
const CONSUMER_OF: Record<string, string> = {
  "latchkey/node": "node.ts",
  "latchkey/hono": "hono.ts",
  "latchkey/express": "frameworks.ts",
  "latchkey/fastify": "frameworks.ts",
  "latchkey/sveltekit": "frameworks.ts",
  "latchkey/sveltekit/components": "frameworks.ts",
  // Compiled with a Next.js project's options by test/types/next.test.ts.
  "latchkey/next": "next.ts",
  "latchkey/next/pages": "next.ts",
  "latchkey/next/middleware": "next.ts",
};

/** `latchkey`, `latchkey/jwt`, … for every entry in package.json `exports`. */
function publicEntries(): string[] {
  const { exports } = JSON.parse(readFileSync(join(REPO_ROOT, "package.json"), "utf8")) as {
    exports: Record<string, { default?: string }>;
  };
  return Object.keys(exports)
    .filter((key) => key !== "./package.json")
    .flatMap((key) => {
      if (!key.endsWith("/*")) return [`latchkey${key.slice(1)}`];
      // The sources of `./dist/<folder>/*.js`: src/<folder>.
      const target = String(exports[key]?.default);
      const dir = join(REPO_ROOT, "src", target.slice("./dist/".length, target.lastIndexOf("/")));
      return readdirSync(dir)
        .filter((name) => name.endsWith(".ts") && name !== "types.ts")
        .map((name) => `latchkey${key.slice(1, -1)}${name.slice(0, -3)}`);
    });
}

describe("the built package, in a consumer project", { timeout: 120_000 }, () => {
  it("ships a declaration file for every entry", () => {
    expect(missingDeclarations(project)).toEqual([]);
    expect(readdirSync(join(project, "node_modules/latchkey/dist"))).toContain("index.d.ts");
  });

  it("the consumers between them import every public entry", () => {
    const imported = (name: string) => readFileSync(join(CONSUMER_DIR, name), "utf8");
    for (const entry of publicEntries()) {
      const consumer = imported(CONSUMER_OF[entry] ?? "edge.ts");
      expect(consumer, entry).toContain(`from "${entry}"`);
    }
  });

  it.each([
    ["NodeNext", edge],
    ["Bundler", bundler],
  ])("compiles without Node's types (moduleResolution %s)", (_, options) => {
    const compiled = compiler.compile([join(project, "edge.ts")], options);
    expect(compiled.diagnostics).toBe("");
    expect(nodeTypesIn(compiled)).toEqual([]);
    // Resolved to the build, not to the sources.
    expect(
      compiled.program.getSourceFile(join(project, "node_modules/latchkey/dist/index.d.ts")),
    ).toBeDefined();
  });

  it("latchkey/node compiles with Node's types", () => {
    const options = { ...edge, types: ["node"], typeRoots: [join(REPO_ROOT, "node_modules/@types")] };
    expect(compiler.compile([join(project, "node.ts")], options).diagnostics).toBe("");
  });

  it("latchkey/hono compiles without Node's types", () => {
    const compiled = compiler.compile([join(project, "hono.ts")], edge);
    expect(compiled.diagnostics).toBe("");
    expect(nodeTypesIn(compiled)).toEqual([]);
  });

  it("latchkey/express, latchkey/fastify, latchkey/sveltekit and its components compile with Node's types and their framework's", () => {
    const compiled = compiler.compile([join(project, "frameworks.ts")], withFrameworks);
    expect(
      notSvelteKits(compiled).map((diagnostic) =>
        ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n"),
      ),
    ).toEqual([]);
    // And the check above sees errors where there are some: the program reached SvelteKit's types.
    expect(compiled.program.getSourceFiles().some((file) => file.fileName.includes("/@sveltejs/kit/"))).toBe(
      true,
    );
  }, 120_000); // SvelteKit's types bring Vite's and Svelte's: the largest program here

  // Each a program of its own: both augment `Session`, each its own way.
  it.each(["authjs-express.ts", "authjs-sveltekit.ts"])(
    "%s: an Auth.js framework app's types, imports switched, compile",
    (file) => {
      const compiled = compiler.compile([join(project, file)], withFrameworks);
      expect(
        notSvelteKits(compiled).map((diagnostic) =>
          ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n"),
        ),
      ).toEqual([]);
    },
    120_000,
  );

  const authjsMissing = authjsGitDirMissing();
  if (authjsMissing) {
    console.warn(`[skipped] Auth.js's exported names are not compared: ${authjsMissing} (CONTRIBUTING.md).`);
  }
  it.skipIf(authjsMissing !== undefined)(
    "exports each name an Auth.js entry exports from the entry that replaces it, but those it replaces",
    () => {
      const entries = authjsEntries();
      const probe = join(project, "authjs-names.ts");
      writeFileSync(
        probe,
        entries.map((entry, index) => `import * as e${index} from "${entry.latchkey}";`).join("\n"),
      );
      // Names only: the declarations themselves are checked above.
      const { program } = compiler.compile([probe], { ...withFrameworks, skipLibCheck: true });
      const checker = program.getTypeChecker();
      const statements = program.getSourceFile(probe)?.statements ?? [];
      const missing: Record<string, string[]> = {};
      entries.forEach((entry, index) => {
        const module = checker.getSymbolAtLocation(
          (statements[index] as ts.ImportDeclaration).moduleSpecifier,
        );
        if (!module) throw new Error(`${entry.latchkey} does not resolve`);
        const exported = new Set(checker.getExportsOfModule(module).map((symbol) => symbol.name));
        const absent = authjsExports(entry.source).filter((name) => !exported.has(name));
        if (absent.length > 0) missing[entry.authjs] = absent;
      });
      expect(missing).toEqual(NOT_EXPORTED);
    },
    120_000,
  );

  it("latchkey/node does need Node's types (so the edge check above means something)", () => {
    expect(compiler.compile([join(project, "node.ts")], edge).diagnostics).toMatch(/node:http/);
  });

  it.each(FIXTURES)("type recipe %s compiles against the built package", (fixture) => {
    const compiled = compiler.compile([join(project, "recipes", fixture)], {
      ...edge,
      skipDefaultLibCheck: true,
    });
    expect(compiled.diagnostics).toBe("");
  });
});
