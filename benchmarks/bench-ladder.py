#!/usr/bin/env python3
# bench-ladder.py: easy against medium and medium against hard in every
# game
#
#   bench-ladder.py PROGRAM
#
# For each game that PROGRAM --list-games lists (at its fewest seats, at
# least two, and Chivalrous Attrition also for four), plays one seat of
# the lower level against the higher level in every other seat, seats
# going round, through PROGRAM --match, in whole rounds of one game a
# seat on one deal (21 games of three rather than 20).  The lower level
# meets the bar when it takes less than its fair share of the points:
# half of them for two players, a third or a quarter for three or four.
# In Cooperative Chess, where partners win or lose together, two
# partners of each level play against the game, and the lower level
# meets the bar when its mean score is below the higher level's.
# CP_LADDER_GAMES sets the games of each match (default 20),
# CP_LADDER_MOVETIME the milliseconds a move of the hard player (the
# medium player takes a third of it; default 300), and CP_LADDER_ONLY the
# games to play, by id, "attrition-4" for four-player Attrition (default:
# all).  Prints figures; fails only when something does not work.
#
# SPDX-License-Identifier: GPL-3.0-or-later

import os
import re
import subprocess
import sys

PAIRS = [('easy', 'medium'), ('medium', 'hard')]


def games_of(program):
    """(name, id, seats, extra arguments) for each game to play."""
    out = subprocess.run([program, '--list-games'], check=True, stdout=subprocess.PIPE,
                         text=True).stdout
    games = []
    for line in out.splitlines():
        fields = line.split('\t')
        if len(fields) < 3:
            continue
        counts = [int(n) for n in re.findall(r'\d+', fields[2])]
        seats = max(2, counts[0])
        games.append((fields[0], fields[0], seats, []))
        if fields[0] == 'attrition':
            games.append(('attrition-4', 'attrition', 4, ['--option', 'variant=multi']))
    return games


def match(program, variant, seats, extra, players, games, movetime):
    out = subprocess.run([program, '--variant', variant, '--players', str(seats), *extra,
                          '--match', ','.join(players), '--games', str(games),
                          '--movetime', str(movetime), '--seed', '1'],
                         check=True, stdout=subprocess.PIPE, text=True).stdout
    score = re.search(r'^score:((?: p\d+=\S+)+) games=', out, re.M)
    if score is None:
        raise RuntimeError(f'no score line from the match of {variant}:\n{out}')
    points = [float(p.split('=')[1]) for p in score.group(1).split()]
    mean = re.search(r'^mean-score=(\S+)', out, re.M)
    return points, float(mean.group(1)) if mean else 0.0


def main():
    program = sys.argv[1]
    games = int(os.environ.get('CP_LADDER_GAMES', '20'))
    movetime = int(os.environ.get('CP_LADDER_MOVETIME', '300'))
    only = os.environ.get('CP_LADDER_ONLY', '').split()

    print(f'ladder at {movetime} ms a move (medium: a third), {games} games a match '
          f'or the whole rounds just above')
    print(f'{"game":<14} {"seats":>5} {"games":>5} {"lower,higher":<13} {"lower":>7} {"higher":>7} '
          f'{"fair":>6}  bar')
    met = total = 0
    for name, variant, seats, extra in games_of(program):
        if only and name not in only:
            continue
        for lower, higher in PAIRS:
            if variant == 'cooperative':
                low, high = (match(program, variant, seats, extra, [level] * seats, games, movetime)[1]
                             for level in (lower, higher))
                ok = low < high
                print(f'{name:<14} {seats:>5} {games:>5} {lower + "," + higher:<13} '
                      f'{low:>7.2f} {high:>7.2f} {"mean":>6}  {"met" if ok else "NOT MET"}',
                      flush=True)
            else:
                # Whole rounds, one game a seat on each deal: every seat
                # and every draw of luck alike for both levels.
                played = -(-games // seats) * seats
                points, _ = match(program, variant, seats, extra, [lower] + [higher] * (seats - 1),
                                  played, movetime)
                fair = played / seats
                ok = points[0] < fair
                print(f'{name:<14} {seats:>5} {played:>5} {lower + "," + higher:<13} '
                      f'{points[0]:>7g} {sum(points[1:]):>7g} {fair:>6.3g}  '
                      f'{"met" if ok else "NOT MET"}', flush=True)
            met += ok
            total += 1
    print(f'bar met in {met} of {total} matches')
    return 0


if __name__ == '__main__':
    sys.exit(main())
