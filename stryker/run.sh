#!/usr/bin/env bash
# `npm run mutate`: mutation testing of the security core, one part at a time.
#
# Stryker writes its results only when a run ends, and the whole tree takes hours on 2 cores. Run
# as one, a session that ends early keeps nothing. Run part by part against the one committed
# incremental file (stryker/incremental.json), every finished part is kept, and a run that was
# stopped picks up where it stopped: the parts already done are reused, and only their initial
# test run is paid again.
#
#   npm run mutate                      every part, in order
#   npm run mutate -- core flows-oauth  just those parts
#   STRYKER_CONCURRENCY=1 npm run mutate -- store   with one test runner (a busy machine)
#   npm run mutate -- --mutate src/x.ts one Stryker run with these options (add STRYKER_TESTS=… to
#                                       narrow the suites; see stryker/vitest.config.ts)
#
# Each part's clear-text report is kept in reports/mutation/<part>.log; the HTML and JSON reports
# of the last part cover every file (reused results included).
set -euo pipefail
cd "$(dirname "$0")/.."

declare -A PARTS=(
  [core]="src/core/**/*.ts"
  [pipeline]="src/pipeline/**/*.ts,src/rate-limit/**/*.ts"
  [actions-session-login]="src/actions/**/*.ts,src/session/**/*.ts,src/login/**/*.ts"
  [flows-oauth]="src/flows/oauth/**/*.ts"
  [flows-other]="src/flows/*.ts,src/flows/email/**/*.ts,src/flows/webauthn/**/*.ts"
  [crypto]="src/jwt/**/*.ts,src/runtime/**/*.ts,src/cookie/**/*.ts"
  [store]="src/store/**/*.ts"
  [two-factor-codes]="src/two-factor/totp.ts,src/two-factor/base32.ts,src/two-factor/qr-svg.ts,src/two-factor/recovery-codes.ts,src/two-factor/sealed-secret.ts,src/two-factor/second-factor.ts,src/two-factor/enrolment.ts,src/two-factor/email-code.ts"
  [two-factor-sign-in]="src/two-factor/routes.ts,src/two-factor/pending.ts,src/two-factor/gate.ts,src/two-factor/trusted-device.ts,src/two-factor/route-names.ts"
  [two-factor-account]="src/two-factor/account.ts,src/two-factor/feature.ts,src/two-factor/method-providers.ts,src/two-factor/passkey-factor.ts,src/two-factor/recent-auth.ts,src/two-factor/settings.ts"
  [migrate-framework]="src/migrate/**/*.ts,src/framework/**/*.ts"
  [glue]="src/express/**/*.ts,src/fastify/**/*.ts,src/hono/**/*.ts,src/node/**/*.ts,src/sveltekit/**/*.ts,src/next/**/*.ts"
)
ORDER=(core pipeline actions-session-login flows-oauth flows-other crypto store two-factor-codes two-factor-sign-in two-factor-account migrate-framework glue)

config=stryker/stryker.config.mjs
# A focused run (STRYKER_TESTS set) records its results in a file of its own; see the config.
results=stryker/incremental.json
[[ -n "${STRYKER_TESTS:-}" ]] && results=stryker/focused-incremental.json

# Stryker writes the results indented; on one line they take half the room in every commit of them.
compact_results() {
  [[ -f $results ]] || return 0
  node -e 'const fs = require("node:fs"); const file = process.argv[1];
    fs.writeFileSync(file, JSON.stringify(JSON.parse(fs.readFileSync(file, "utf8"))));' "$results"
}

if [[ "${1:-}" == -* ]]; then
  npx stryker run "$config" "$@"
  compact_results
  exit 0
fi

selected=("$@")
[[ ${#selected[@]} -eq 0 ]] && selected=("${ORDER[@]}")
for part in "${selected[@]}"; do
  if [[ -z "${PARTS[$part]:-}" ]]; then
    echo "unknown part '$part'; the parts are: ${ORDER[*]}" >&2
    exit 2
  fi
done

mkdir -p reports/mutation
for part in "${selected[@]}"; do
  echo "== $part: ${PARTS[$part]}"
  started=$SECONDS
  npx stryker run "$config" --mutate "${PARTS[$part]}" ${STRYKER_CONCURRENCY:+--concurrency "$STRYKER_CONCURRENCY"} 2>&1 | tee "reports/mutation/$part.log"
  compact_results
  echo "== $part took $(((SECONDS - started) / 60)) min $(((SECONDS - started) % 60)) s"
done
