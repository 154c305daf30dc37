#!/usr/bin/env bash
# Runs a command with the clock of the whole stack moved: its zone (TZ) and, with libfaketime, its date.
#
#   scripts/ci/with-clock.sh <IANA zone> <offset> <command...>
#   scripts/ci/with-clock.sh Pacific/Honolulu +400d npx vitest run --project unit
#   scripts/ci/with-clock.sh Pacific/Kiritimati +0d npm test
#
# Every process the command starts inherits TZ and LD_PRELOAD: Node (and PGlite inside it), the
# PostgreSQL server the integration tests start (through runuser), Chromium and its renderers. libfaketime
# is preloaded directly rather than through the `faketime` wrapper: the wrapper shares its start time
# through a POSIX semaphore that the `postgres` user may not open, and PostgreSQL would then run on the
# real clock. Monotonic clocks move by the same offset (libfaketime's default): Chromium hangs at start
# when only the wall clock moves (its timed waits mix the two). Offsets are libfaketime's relative form
# (+400d, -3h, +0d).
set -euo pipefail

if [ "$#" -lt 3 ]; then
  echo "usage: $0 <IANA zone> <offset such as +400d> <command...>" >&2
  exit 2
fi
zone="$1"
offset="$2"
shift 2

if [ ! -e "/usr/share/zoneinfo/$zone" ]; then
  echo "with-clock: unknown time zone $zone (install tzdata)" >&2
  exit 2
fi

export TZ="$zone"
if [ "$offset" != "+0d" ] && [ "$offset" != "0" ]; then
  lib=""
  for candidate in /usr/lib/*/faketime/libfaketimeMT.so.1 /usr/lib/faketime/libfaketimeMT.so.1; do
    if [ -e "$candidate" ]; then
      lib="$candidate"
      break
    fi
  done
  if [ -z "$lib" ]; then
    echo "with-clock: libfaketime is not installed (apt-get install faketime)" >&2
    exit 2
  fi
  export LD_PRELOAD="$lib${LD_PRELOAD:+:$LD_PRELOAD}"
  export FAKETIME="$offset"
  # File times stay real: build tools compare them with each other, never with the clock.
  export NO_FAKE_STAT=1
fi

echo "with-clock: $(date '+%Y-%m-%d %H:%M:%S %Z (UTC%z)') for: $*"
exec "$@"
