#!/usr/bin/env bash
# The PostgreSQL engine's tests start real servers of their own (initdb in a temporary folder, on
# loopback): they need Debian's server binaries, not a running service. Install Debian's postgresql
# package when no server is found (root, or sudo without a password). PG_BIN points the tests at
# another installation's bin folder, and then nothing is installed.
set -euo pipefail
if [ -n "${PG_BIN:-}" ]; then
  if [ -x "$PG_BIN/pg_ctl" ]; then exit 0; fi
  echo "PG_BIN=$PG_BIN has no pg_ctl" >&2
  exit 1
fi
if compgen -G '/usr/lib/postgresql/*/bin/pg_ctl' >/dev/null; then exit 0; fi
echo "PostgreSQL not found under /usr/lib/postgresql: installing Debian's postgresql package" >&2
SUDO=""
if [ "$(id -u)" != "0" ]; then SUDO="sudo -n"; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
# the package's own cluster is not used by the tests: do not start a service for it
$SUDO mkdir -p /etc/postgresql-common/createcluster.d
echo 'create_main_cluster = false' | $SUDO tee /etc/postgresql-common/createcluster.d/ledgerscope.conf >/dev/null
$SUDO apt-get install -y -qq postgresql >/dev/null
compgen -G '/usr/lib/postgresql/*/bin/pg_ctl' >/dev/null
