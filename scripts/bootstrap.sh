#!/usr/bin/env bash
# Install what the project needs and is missing: uv, the Python workspace, Node packages and
# builds, Debian packages, and the development signing key. Idempotent and quiet when done.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
say() { printf '\033[1m==> %s\033[0m\n' "$*"; }

apt_install() {
  local missing=()
  for pkg in "$@"; do dpkg -s "$pkg" >/dev/null 2>&1 || missing+=("$pkg"); done
  if ((${#missing[@]})); then
    say "apt-get install ${missing[*]}"
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
  fi
}
apt_install postgresql maven openssl curl fonts-dejavu-core  # the font: resumes renders PDFs in DejaVu Sans (ADR 0033)

if ! command -v uv >/dev/null 2>&1; then
  say "installing uv"
  python3 -m pip install -q uv==0.13.9
fi
say "python workspace (uv sync)"
# compiled once here: with PYTHONDONTWRITEBYTECODE set (as on this kind of machine) every process
# otherwise compiles its imports from source each start (a script importing every service: 5.0 s
# instead of 2.0); uv skips what is already compiled
uv sync --frozen -q --compile-bytecode

# npm ci only when the lock file changed since the last install
npm_install() {
  local dir=$1 stamp="$1/node_modules/.package-lock.stamp"
  if [ ! -f "$stamp" ] || ! cmp -s "$dir/package-lock.json" "$stamp"; then
    say "npm ci in $dir"
    # npm 11 sometimes writes locks without other platforms' optional packages (rollup's
    # natives), which `npm ci` then rejects; install from the same lock without rewriting it.
    (cd "$dir" && { npm ci --no-audit --no-fund --loglevel=error 2>/dev/null ||
      npm install --no-save --no-audit --no-fund --loglevel=error; })
    cp "$dir/package-lock.json" "$stamp"
  fi
}
export APOLLO_TELEMETRY_DISABLED=1
for dir in gateway web e2e deploy/local/demo-sso; do npm_install "$dir"; done
# The builds are skipped when nothing they read changed since the last one (the
# stamp's time), so `make test` after `make up`, or after CI's own install, goes straight on.
build_stamp=.local/build-stamp
changed_since_build() {
  [ -f "$build_stamp" ] || return 0
  [ -n "$(find gateway web deploy/services.json \
    \( -path gateway/node_modules -o -path gateway/dist -o -path web/node_modules \
    -o -path web/build -o -path web/.react-router \) -prune -o \
    -type f -newer "$build_stamp" -print -quit)" ]
}
if changed_since_build || [ ! -d gateway/dist ] || [ ! -d web/build ]; then
  say "building gateway and web"
  (cd gateway && npm run --silent build)
  (cd web && npm run --silent build >/dev/null)
  mkdir -p .local && touch "$build_stamp"  # after: the build writes generated files itself
fi

# The development key that signs session tokens; production passes its own through the env.
mkdir -p .local/secrets
key=.local/secrets/identity-jwt.pem
if [ ! -f "$key" ]; then
  say "generating the development token signing key"
  openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:2048 -out "$key" 2>/dev/null
  chmod 600 "$key"
fi
# Development secrets, made once per checkout: the web's session-cookie key and the client
# secret the web shares with the local "Demo SSO" OpenID provider.
secret() {
  local file=".local/secrets/$1"
  [ -f "$file" ] || { openssl rand -base64 33 | tr -d '\n' > "$file"; chmod 600 "$file"; }
  cat "$file"
}
auth_secret=$(secret auth-secret)
sso_secret=$(secret demo-sso-client-secret)
captcha_secret=$(secret demo-captcha-secret)
file_signing_secret=$(secret jobs-file-signing-secret)
alert_signing_secret=$(secret search-alert-signing-secret)
export_signing_secret=$(secret identity-export-signing-secret)
invitation_signing_secret=$(secret organizations-invitation-signing-secret)
cat > .local/env <<ENV
JOBBOARD_ENV=development
# the services reach PostgreSQL over loopback here: TLS would only cost CPU (production keeps it)
JOBBOARD_PG_SSLMODE=disable
IDENTITY_JWT_PRIVATE_KEY_FILE=$root/$key
APOLLO_TELEMETRY_DISABLED=1
AUTH_SECRET=$auth_secret
AUTH_OIDC_PROVIDERS=demo-sso
AUTH_OIDC_DEMO_SSO_NAME='Demo SSO'
AUTH_OIDC_DEMO_SSO_ISSUER=http://127.0.0.1:3005
AUTH_OIDC_DEMO_SSO_CLIENT_ID=jobboard-web
AUTH_OIDC_DEMO_SSO_CLIENT_SECRET=$sso_secret
IDENTITY_OIDC_PROVIDERS='{"demo-sso":{"issuer":"http://127.0.0.1:3005","client_id":"jobboard-web"}}'
DEMO_CAPTCHA_SECRET=$captcha_secret
IDENTITY_CAPTCHA_VERIFY_URL=http://127.0.0.1:3006/turnstile/v0/siteverify
IDENTITY_CAPTCHA_SECRET=$captcha_secret
JOBS_CAPTCHA_VERIFY_URL=http://127.0.0.1:3006/turnstile/v0/siteverify
JOBS_CAPTCHA_SECRET=$captcha_secret
JOBS_FILE_SIGNING_SECRET=$file_signing_secret
SEARCH_CAPTCHA_VERIFY_URL=http://127.0.0.1:3006/turnstile/v0/siteverify
SEARCH_CAPTCHA_SECRET=$captcha_secret
SEARCH_ALERT_SIGNING_SECRET=$alert_signing_secret
IDENTITY_EXPORT_SIGNING_SECRET=$export_signing_secret
ORGANIZATIONS_INVITATION_SIGNING_SECRET=$invitation_signing_secret
# webhooks to receivers on this machine (a development board; ADR 0040): off in production
ANALYTICS_WEBHOOKS_ALLOW_PRIVATE_TARGETS=true
# feeds fetched from this machine, and the demo feeds the jobs service serves (ADR 0041): off in
# production
JOBS_FEEDS_ALLOW_PRIVATE_TARGETS=true
JOBS_DEMO_FEEDS_DIR=$root/scripts/demo/feeds
CAPTCHA_SCRIPT_URL=http://127.0.0.1:3006/turnstile/v0/api.js
CAPTCHA_SITE_KEY=demo-site-key
# the second demo site's public origin (its web server is edge:web-us, ADR 0049): the links in
# its sitemaps, feeds and announcements, its subscriptions' links, and the canonical URL of its
# jobs shown on a site they are shared with (ADR 0057)
SEARCH_SITE_URLS='{"jobboard-us":"http://127.0.0.1:3003"}'
BILLING_SITE_URLS='{"jobboard-us":"http://127.0.0.1:3003"}'
JOBS_SITE_URLS='{"jobboard-us":"http://127.0.0.1:3003"}'
ENV
