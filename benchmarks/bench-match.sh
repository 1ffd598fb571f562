#!/bin/sh
# bench-match.sh: the hard level against the random and greedy levels
#
#   bench-match.sh PROGRAM
#
# Plays PROGRAM --match hard,random and hard,greedy in each game the
# search plays well (chess, Chess960, Chivalry, Chivalrous Attrition for
# two), seats alternating, and prints each match's score line.
# CP_MATCH_GAMES sets the games of each match (default 2) and
# CP_MATCH_MOVETIME the hard player's milliseconds a move (default 300).
# Prints figures; fails only when something does not work.
#
# SPDX-License-Identifier: GPL-3.0-or-later

set -eu

program=$1
games=${CP_MATCH_GAMES:-2}
movetime=${CP_MATCH_MOVETIME:-300}

for variant in chess chess960 chivalry attrition; do
  for opponent in random greedy; do
    printf '%s hard,%s: ' "$variant" "$opponent"
    "$program" --variant "$variant" --match "hard,$opponent" --games "$games" \
      --movetime "$movetime" --seed 1 | tail -n 1
  done
done
