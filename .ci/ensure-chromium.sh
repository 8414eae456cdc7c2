#!/usr/bin/env bash
# Playwright cannot download its own browsers on these machines: the end-to-end tests drive Debian's
# Chromium. Install it when it is missing (root, or sudo without a password). CHROMIUM_PATH points
# the tests at any other Chromium-compatible browser, and then nothing is installed.
set -euo pipefail
browser="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$browser" ]; then exit 0; fi
if [ -n "${CHROMIUM_PATH:-}" ]; then
  echo "CHROMIUM_PATH=$CHROMIUM_PATH is not an executable browser" >&2
  exit 1
fi
echo "Chromium not found at $browser: installing Debian's chromium package" >&2
SUDO=""
if [ "$(id -u)" != "0" ]; then SUDO="sudo -n"; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq chromium >/dev/null
test -x /usr/bin/chromium
