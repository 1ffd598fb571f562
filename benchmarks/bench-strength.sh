#!/bin/sh
# bench-strength.sh: Chess Parlour's hard level against Stockfish
#
#   bench-strength.sh PROGRAM
#
# Plays Chess Parlour (PROGRAM --uci, level hard) against Debian's
# Stockfish limited to a rating of 1800, one second a move, colours
# alternating, through uci-match.py.  CP_STRENGTH_GAMES sets the number of
# games (default 4), CP_STRENGTH_MOVETIME the milliseconds a move (default
# 1000) and CP_STRENGTH_ELO the opponent's rating (default 1800).  Prints
# figures; fails only when something does not work.
#
# SPDX-License-Identifier: GPL-3.0-or-later

set -eu

program=$1
stockfish=${CP_STOCKFISH:-/usr/games/stockfish}
games=${CP_STRENGTH_GAMES:-4}
movetime=${CP_STRENGTH_MOVETIME:-1000}
elo=${CP_STRENGTH_ELO:-1800}

if [ ! -x "$stockfish" ]; then
  echo "Stockfish is not installed at $stockfish: nothing to measure"
  exit 0
fi

exec python3 "$(dirname "$0")/uci-match.py" \
  --engine "$program --uci" --engine-option Level=hard \
  --opponent "$stockfish" \
  --opponent-option Threads=1 --opponent-option Hash=16 \
  --opponent-option UCI_LimitStrength=true --opponent-option UCI_Elo="$elo" \
  --referee "$stockfish" \
  --games "$games" --movetime "$movetime"
