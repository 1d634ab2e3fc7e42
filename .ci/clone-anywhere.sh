#!/usr/bin/env bash
# Runs the PostgreSQL fixture, and a service suite on it, from a second clone of this commit inside a
# folder only root may enter (mode 700), as a newcomer's clone in /root or in a fresh `mktemp -d` is.
# As root the server runs as the `postgres` user, which cannot reach anything under that folder: the
# fixture must still start it. Skipped when not root, where the question does not arise.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ "$(id -u)" != 0 ]; then
  echo "== clone-anywhere: not root, skipped"
  exit 0
fi

closed=$(mktemp -d)
chmod 700 "$closed"
trap 'rm -rf "$closed"' EXIT
echo "== clone-anywhere: a clone in $closed (mode 700)"
git clone --quiet --no-hardlinks . "$closed/splice"
cd "$closed/splice"
git -c advice.detachedHead=false checkout --quiet "$(git -C "$OLDPWD" rev-parse HEAD)"
pnpm install --frozen-lockfile --prefer-offline --reporter=silent
pnpm vitest run --project testing-postgres --project service packages/testing-postgres/ store/pg/migrate
