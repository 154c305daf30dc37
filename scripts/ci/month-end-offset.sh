#!/usr/bin/env bash
# Prints the clock offset, in libfaketime's relative form (+0d, +3d), from today in <zone> to the last
# day of today's month in that zone, for scripts/ci/with-clock.sh.
#
#   scripts/ci/month-end-offset.sh Pacific/Kiritimati    # on 2026-11-29 at Kiritimati: +1d
set -euo pipefail

if [ "$#" -ne 1 ]; then
  echo "usage: $0 <IANA zone>" >&2
  exit 2
fi
zone="$1"
today="$(TZ="$zone" date +%F)"
last="$(date -u -d "${today:0:8}01 +1 month -1 day" +%F)"
echo "+$((($(date -u -d "$last" +%s) - $(date -u -d "$today" +%s)) / 86400))d"
