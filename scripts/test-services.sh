#!/usr/bin/env bash
# Installs, with Debian's apt, what the web tests (tests/web) need beyond Python packages:
#   - chromium:   the browser Playwright drives (/usr/bin/chromium; Playwright downloads none);
#   - postgresql: the server binaries (initdb, postgres, pg_ctl in /usr/lib/postgresql/N/bin)
#                 from which each test session starts its own throw-away server;
#   - haproxy:    the reverse proxy in front of several server processes
#                 (tests/web/test_server_cluster.py runs docs/deploy/haproxy.cfg).
# `make test` runs it before pytest. It is idempotent: when everything is there it only looks
# and returns at once. It never starts a server: the fixtures in tests/web/conftest.py do, and
# stop them again.
set -euo pipefail

missing=()

if [ ! -x /usr/bin/chromium ]; then
	missing+=(chromium)
fi

# Any PostgreSQL major version's server binaries will do (15 on Debian 12).
have_postgres=no
for bindir in /usr/lib/postgresql/*/bin; do
	if [ -x "$bindir/initdb" ] && [ -x "$bindir/postgres" ] && [ -x "$bindir/pg_ctl" ]; then
		have_postgres=yes
		break
	fi
done
if [ "$have_postgres" = no ]; then
	missing+=(postgresql)
fi

if ! command -v haproxy >/dev/null 2>&1 && [ ! -x /usr/sbin/haproxy ]; then
	missing+=(haproxy)
fi

# openssl (the program): tests/web/test_serve_warning.py makes a throw-away certificate with it.
if ! command -v openssl >/dev/null 2>&1; then
	missing+=(openssl)
fi

if [ "${#missing[@]}" -eq 0 ]; then
	exit 0
fi

if [ "$(id -u)" -ne 0 ]; then
	echo "The web tests need these Debian packages, which are not installed: ${missing[*]}" >&2
	echo "Install them as root, then run the tests again:" >&2
	echo "    sudo apt-get update && sudo apt-get install --no-install-recommends ${missing[*]}" >&2
	exit 1
fi

if ! command -v apt-get >/dev/null 2>&1; then
	echo "The web tests need ${missing[*]} (Debian package names) and there is no apt-get here:" >&2
	echo "install Chromium at /usr/bin/chromium, the PostgreSQL server binaries and HAProxy by hand." >&2
	exit 1
fi

echo "Installing for the web tests: ${missing[*]}"

# Installing postgresql or haproxy must not leave a server running: where no policy-rc.d forbids it
# already, forbid starting services for the length of the install.
policy=/usr/sbin/policy-rc.d
if [ ! -e "$policy" ]; then
	printf '#!/bin/sh\nexit 101\n' >"$policy"
	chmod 755 "$policy"
	trap 'rm -f "$policy"' EXIT
fi

export DEBIAN_FRONTEND=noninteractive
apt_get() {
	apt-get -q -o DPkg::Lock::Timeout=300 "$@"
}
apt_get update
apt_get install -y --no-install-recommends "${missing[@]}" </dev/null
