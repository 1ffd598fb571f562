#!/bin/sh
# run-fuzz.sh TARGET DICTIONARY RUNS REGRESSIONS SEEDS...
#
# Runs a libFuzzer target for RUNS executions, after every regression
# input and seed (a crash on any of them fails at once).  The inputs the
# fuzzer finds go to a scratch directory that is removed afterwards; one
# that crashes, hangs or runs out of memory is left in the current
# directory as crash-*, timeout-* or oom-*, to be added to REGRESSIONS.
#
# SPDX-License-Identifier: GPL-3.0-or-later

set -eu

target=$1
dict=$2
runs=$3
shift 3

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

# An input slower than a second is reported (slow units), one that takes
# ten seconds or more than 2 GB of memory fails the run: the machine may
# be shared, and a second of wall-clock time is too easily lost to others.
# libFuzzer ends with status 77 when it finds something, which meson would
# count as a skipped test: any failure is made status 1.
"$target" -dict="$dict" -runs="$runs" -timeout=10 -report_slow_units=1 -rss_limit_mb=2048 \
  -max_len=65536 -print_final_stats=1 "$scratch" "$@" || exit 1
