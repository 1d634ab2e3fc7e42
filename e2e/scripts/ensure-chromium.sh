#!/usr/bin/env bash
# The browser tests use Debian's Chromium at /usr/bin/chromium (Playwright's own browser downloads are not
# reachable here). Installs it when missing and permitted; otherwise says exactly what to install.
set -euo pipefail

if [ -x /usr/bin/chromium ]; then
  exit 0
fi

if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "Chromium is missing: installing Debian's chromium package (apt-get)..."
  apt-get update
  DEBIAN_FRONTEND=noninteractive apt-get install -y chromium
  exit 0
fi

echo "The end-to-end tests need Chromium at /usr/bin/chromium. Install it, then run the tests again:" >&2
echo "  sudo apt-get update && sudo apt-get install -y chromium" >&2
exit 1
