#!/bin/bash
# bench-startup.sh: how long Chess Parlour takes to start, beside GNOME Chess
# when that is installed, measured in the same run.
#
#   bench-startup.sh PROBE PROGRAM
#
# PROBE (startup-probe) launches a program and watches the X display: it
# reports when the program's window is mapped and when the program has
# drawn its first frame into it, in milliseconds from the launch, and the
# processor time the program had used by then.  The first frame is the
# figure that matters to someone starting the program: a window is mapped
# well before anything is drawn in it, and how long before differs from
# program to program.  The processor time varies much less than the others
# when the machine is busy with other work.
#
# Two series, the two programs taking turns run by run, each pair started
# in the other order than the last:
#
#  - cold: every run with a new home, new XDG folders and a D-Bus session
#    of its own, none discarded: a first start after logging in, with
#    nothing cached in the home folder;
#  - warm: one home and one D-Bus session for the whole series, after one
#    launch of each program that is not counted.
#
# Accessibility is off (GTK_A11Y=none), as it was: in a new D-Bus session
# the first program would otherwise start the accessibility bus, which a
# desktop session has running already.  CP_BENCH_A11Y=1 leaves it on;
# CP_BENCH_RUNS sets the number of runs of each program in each series.
#
# Needs a display (run under Xvfb) and dbus-daemon.  Prints figures; fails
# only when something does not work, never on time.
#
# SPDX-License-Identifier: GPL-3.0-or-later

set -u
probe=$1
program=$2
runs=${CP_BENCH_RUNS:-10}

if [ -z "${DISPLAY:-}" ] || ! command -v dbus-run-session >/dev/null || ! command -v dbus-daemon >/dev/null; then
  echo "startup: needs a display and dbus-daemon; skipped"
  exit 77
fi
if [ "${CP_BENCH_A11Y:-0}" != 1 ]; then
  export GTK_A11Y=none NO_AT_BRIDGE=1
fi

reference=""
for candidate in /usr/games/gnome-chess /usr/bin/gnome-chess; do
  [ -x "$candidate" ] && reference=$candidate && break
done

scratch=$(mktemp -d "${TMPDIR:-/tmp}/cp-bench-startup.XXXXXX") || exit 1
bus_pid=""
cleanup () {
  [ -n "$bus_pid" ] && kill "$bus_pid" 2>/dev/null
  rm -rf "$scratch"
}
trap cleanup EXIT

# A new home with its XDG folders; prints its path.
new_home () {
  local home
  home=$(mktemp -d "$scratch/home.XXXXXX") || return 1
  mkdir -p "$home/.config" "$home/.local/share" "$home/.local/state" "$home/.cache" "$home/runtime"
  chmod 700 "$home/runtime"
  echo "$home"
}

# Runs a command with the home $1.
in_home () {
  local home=$1
  shift
  env HOME="$home" XDG_CONFIG_HOME="$home/.config" XDG_DATA_HOME="$home/.local/share" \
      XDG_STATE_HOME="$home/.local/state" XDG_CACHE_HOME="$home/.cache" \
      XDG_RUNTIME_DIR="$home/runtime" "$@"
}

# One cold start of $1: prints "MAP FRAME CPU".
cold_run () {
  local home out
  home=$(new_home) || return 1
  out=$(in_home "$home" dbus-run-session -- "$probe" "$1" 2>"$scratch/errors")
  local status=$?
  rm -rf "$home"
  [ $status -eq 0 ] && echo "$out"
}

# One warm start of $1, in the series' home and D-Bus session.
warm_run () {
  in_home "$warm_home" env DBUS_SESSION_BUS_ADDRESS="$bus_address" "$probe" "$1" 2>"$scratch/errors"
}

# Runs the series $1 (cold_run or warm_run), both programs taking turns;
# the figures go to $scratch/$1.ours and $scratch/$1.reference.
series () {
  local kind=$1 t first second
  : >"$scratch/$kind.ours"
  : >"$scratch/$kind.reference"
  for i in $(seq "$runs"); do
    if [ $((i % 2)) -eq 1 ]; then first=ours second=reference; else first=reference second=ours; fi
    for who in $first $second; do
      if [ "$who" = ours ]; then
        # A run the display loses (a busy machine) is tried again; three
        # in a row mean that Chess Parlour does not show a window.
        t=$("$kind" "$program") || t=$("$kind" "$program") || t=$("$kind" "$program") ||
          { echo "startup: Chess Parlour did not draw a window:"; cat "$scratch/errors"; return 1; }
        echo "$t" >>"$scratch/$kind.ours"
      elif [ -n "$reference" ] && t=$("$kind" "$reference"); then
        echo "$t" >>"$scratch/$kind.reference"
      fi
    done
  done
}

# "best mean median" of column $2 of file $1.
stats () {
  cut -d ' ' -f "$2" "$1" | sort -n | awk '
    { v[NR] = $1; s += $1 }
    END {
      if (NR == 0) { print "- - -"; exit }
      m = NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
      printf "%.0f %.0f %.0f\n", v[1], s / NR, m
    }'
}

# A row of the table: the name $1, then the nine figures of $2 (best,
# mean and median of the first frames, the mappings and the processor
# times).
row () {
  local v
  read -r -a v <<<"$2"
  printf '%-18s %7s%7s%7s   %7s%7s%7s   %7s%7s%7s\n' "$1" "${v[@]}"
}

# The nine figures of the results in file $1.
figures () {
  echo "$(stats "$1" 2) $(stats "$1" 1) $(stats "$1" 3)"
}

report () {
  local kind=$1 title=$2 ours ref
  ours=$(figures "$scratch/$kind.ours")
  ref=$(figures "$scratch/$kind.reference")
  echo
  echo "$title"
  printf '%-18s %21s   %21s   %21s\n' "" "first frame (ms)" "window mapped (ms)" "CPU to 1st frame (ms)"
  row "" "best mean median best mean median best mean median"
  row chess-parlour "$ours"
  if [ ! -s "$scratch/$kind.reference" ]; then
    echo "gnome-chess did not draw a window here; no reference figures"
    return
  fi
  row gnome-chess "$ref"
  row "ours / gnome-chess" "$(echo "$ours $ref" | awk '{ for (i = 1; i <= 9; i++) printf "%.2f ", $i / $(i + 9) }')"
  if [ "$(wc -l <"$scratch/$kind.reference")" -lt "$runs" ]; then
    echo "(gnome-chess drew a window in $(wc -l <"$scratch/$kind.reference") of $runs runs)"
  fi
}

echo "startup: launch to the first window mapped and its first frame drawn, $runs runs of each program"
[ -z "$reference" ] && echo "gnome-chess is not installed; no reference figures"

series cold_run || exit 1
report cold_run "Cold starts: a new home and a new D-Bus session for every run"

warm_home=$(new_home) || exit 1
{ read -r bus_address; read -r bus_pid; } < <(in_home "$warm_home" dbus-daemon --session --fork \
                                              --print-address=1 --print-pid=1 2>/dev/null)
if [ -z "${bus_pid:-}" ]; then
  echo "startup: could not start a D-Bus session"
  exit 1
fi
# The launches not counted: starting the session's services, reading
# what the first start leaves in the home folder.
warm_run "$program" >/dev/null || { echo "startup: Chess Parlour did not draw a window:"; cat "$scratch/errors"; exit 1; }
[ -n "$reference" ] && warm_run "$reference" >/dev/null
series warm_run || exit 1
report warm_run "Warm starts: one home and one D-Bus session, after a launch of each not counted"
