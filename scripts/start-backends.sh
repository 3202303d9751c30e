#!/usr/bin/env bash
# Starts PostgreSQL (127.0.0.1:5432) and Redis (127.0.0.1:6379) when they are not running, makes
# sure the tests can connect as `postgres` without a password from loopback, and builds the mock
# Kafka cluster program. The tests start their own mock Kafka clusters and chDB in-process.
set -euo pipefail
cd "$(dirname "$0")/.."

as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }
port_open() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
wait_port() {
  for _ in $(seq 1 60); do port_open "$1" && return 0; sleep 0.5; done
  echo "nothing listens on 127.0.0.1:$1" >&2
  return 1
}

# --- PostgreSQL ---------------------------------------------------------------------------
if ! port_open 5432; then
  version=$(ls /etc/postgresql | sort -V | tail -n 1)
  echo "postgres: starting cluster ${version}/main"
  as_root pg_ctlcluster --skip-systemctl-redirect "$version" main start
  wait_port 5432
fi
if ! psql -h 127.0.0.1 -U postgres -d postgres -Atqc 'select 1' >/dev/null 2>&1; then
  # A fresh Debian install asks for a password on TCP. This machine is a test machine: trust
  # loopback connections, as the tests expect.
  version=$(ls /etc/postgresql | sort -V | tail -n 1)
  hba="/etc/postgresql/${version}/main/pg_hba.conf"
  echo "postgres: trusting loopback connections in ${hba}"
  as_root sed -i '1i host all all 127.0.0.1/32 trust\nhost all all ::1/128 trust' "$hba"
  as_root pg_ctlcluster --skip-systemctl-redirect "$version" main reload
  sleep 1
  psql -h 127.0.0.1 -U postgres -d postgres -Atqc 'select 1' >/dev/null
fi
echo "postgres: ready on 127.0.0.1:5432"

# --- Redis --------------------------------------------------------------------------------
if ! port_open 6379; then
  echo "redis: starting"
  as_root mkdir -p /var/lib/redis /var/log/redis
  as_root redis-server --daemonize yes --bind 127.0.0.1 -::1 --port 6379 --save "" --appendonly no \
    --dir /var/lib/redis --logfile /var/log/redis/kurz.log
  wait_port 6379
fi
echo "redis: ready on 127.0.0.1:6379"

# --- mock Kafka cluster (librdkafka) ------------------------------------------------------
bash tools/kafka-mock/build.sh
echo "kafka-mock: built (tests start their own clusters)"
