#!/bin/bash
# bench-startup.sh: time from launch to the first window on screen, for
# Chess Parlour and, when installed, GNOME Chess, measured in the same run.
#
# Needs a display (run under Xvfb) and xdotool.  Prints figures; fails only
# when something does not work.
#
# SPDX-License-Identifier: GPL-3.0-or-later

set -u
program=$1
runs=${CP_BENCH_RUNS:-5}

if [ -z "${DISPLAY:-}" ] || ! command -v xdotool >/dev/null; then
  echo "startup: needs a display and xdotool; skipped"
  exit 77
fi

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
export GSETTINGS_BACKEND=memory GTK_A11Y=none NO_AT_BRIDGE=1
export XDG_DATA_HOME=$scratch/data XDG_CONFIG_HOME=$scratch/config

# The launch-to-window time of one run, in milliseconds.
one_run () {
  local start end pid
  start=$(date +%s%N)
  "$@" >/dev/null 2>&1 &
  pid=$!
  if ! timeout 30 xdotool search --sync --onlyvisible --pid "$pid" >/dev/null 2>&1; then
    kill "$pid" 2>/dev/null
    wait "$pid" 2>/dev/null
    return 1
  fi
  end=$(date +%s%N)
  kill "$pid" 2>/dev/null
  wait "$pid" 2>/dev/null
  echo $(( (end - start) / 1000000 ))
}

# Prints "best mean" over the runs, after one launch that is not counted:
# the first program started in a session also pays for starting the
# session's services and reading shared libraries from disk.
measure () {
  local times=() t
  one_run "$@" >/dev/null || return 1
  for _ in $(seq "$runs"); do
    t=$(one_run "$@") || return 1
    times+=("$t")
  done
  printf '%s\n' "${times[@]}" | sort -n | awk '{ s += $1; if (NR == 1) best = $1 } END { printf "%d %.0f\n", best, s / NR }'
}

echo "startup: launch to first window, best and mean of $runs runs"
read -r ours_best ours_mean < <(measure "$program") || { echo "startup: Chess Parlour did not show a window"; exit 1; }
printf '%-14s %6s ms best %6s ms mean\n' "chess-parlour" "$ours_best" "$ours_mean"

reference=""
for candidate in /usr/games/gnome-chess /usr/bin/gnome-chess; do
  [ -x "$candidate" ] && reference=$candidate && break
done
if [ -z "$reference" ]; then
  echo "gnome-chess is not installed; no reference figure"
  exit 0
fi
if read -r ref_best ref_mean < <(measure "$reference"); then
  printf '%-14s %6s ms best %6s ms mean\n' "gnome-chess" "$ref_best" "$ref_mean"
  awk -v a="$ours_mean" -v b="$ref_mean" 'BEGIN { printf "Chess Parlour takes %.2f times as long as GNOME Chess (mean)\n", a / b }'
else
  echo "gnome-chess did not show a window here; no reference figure"
fi
