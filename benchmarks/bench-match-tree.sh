#!/bin/sh
# bench-match-tree.sh: the hard level of the tree search against the
# random, greedy and medium levels
#
#   bench-match-tree.sh PROGRAM
#
# Plays PROGRAM --match in each game the tree search (src/ai/cp-mcts.c)
# plays, and in Chess Attack: hard in one seat, the opponent's level in
# every other, seats going round; and in Cooperative Chess, two partners
# of one level against the game.  Prints each match's time a move and
# score line, or the partners' mean score.  CP_MATCH_GAMES sets the
# games of each match (default 2), CP_MATCH_MOVETIME the milliseconds a
# move of the medium and hard players (default 300) and
# CP_MATCH_OPPONENTS the levels to play against (default "random greedy
# medium").  Prints figures; fails only
# when something does not work.
#
# SPDX-License-Identifier: GPL-3.0-or-later

set -eu

program=$1
games=${CP_MATCH_GAMES:-2}
movetime=${CP_MATCH_MOVETIME:-300}
opponents=${CP_MATCH_OPPONENTS:-random greedy medium}

for opponent in $opponents; do
  for game in zombie:2 two-move:2 masquerade:2 tar-pit:2 chess-attack:2 km-three:3 km-four:4 \
              km-teams:4 crowded-house:4 attrition:3:multi attrition:4:multi; do
    variant=${game%%:*}
    seats=${game#*:}
    way=${seats#*:}
    seats=${seats%%:*}
    option=
    if [ "$way" != "$seats" ]; then
      option="--option variant=$way"
    fi
    players=hard
    i=1
    while [ "$i" -lt "$seats" ]; do
      players="$players,$opponent"
      i=$((i + 1))
    done
    printf '%s (%s players) %s:\n' "$variant" "$seats" "$players"
    # shellcheck disable=SC2086 # $option is empty or two words
    "$program" --variant "$variant" $option --players "$seats" --match "$players" \
      --games "$games" --movetime "$movetime" --seed 1 | tail -n 2
  done
done

# Cooperative Chess: two partners of one level against the game, the
# mean score of each level's pairs.
for level in hard $opponents; do
  printf 'cooperative %s,%s:\n' "$level" "$level"
  "$program" --variant cooperative --match "$level,$level" --games "$games" --movetime "$movetime" \
    --seed 1 | tail -n 1
done
