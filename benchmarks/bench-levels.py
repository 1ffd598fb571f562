#!/usr/bin/env python3
# bench-levels.py: the easy, medium and hard levels against Stockfish's
# rating ladder
#
#   bench-levels.py PROGRAM
#
# Plays Chess Parlour (PROGRAM --uci) at each level against Debian's
# Stockfish limited to a rating (UCI_Elo): easy against 1350, medium
# against 1700 and hard against 2100, colours alternating, through
# uci-match.py, and prints a table of the scores in percent.  Hard
# searches in as many threads as the application gives it on this
# computer (its cores, up to 8); Stockfish in one, as its rating assumes.
# CP_LEVELS_GAMES sets the games of each match (default 20),
# CP_LEVELS_MOVETIME the milliseconds a move (default 500) and
# CP_LEVELS_ONLY the levels to play (default "easy medium hard").
# Prints figures; fails only when something does not work.
#
# SPDX-License-Identifier: GPL-3.0-or-later

import os
import re
import subprocess
import sys

# As HARD_THREADS in src/ai/cp-computer-player.c.
HARD_THREADS = 8
LEVELS = [('easy', 1350, '10–40%'), ('medium', 1700, '40–60%'), ('hard', 2100, '≥ 50%')]


def main():
    program = sys.argv[1]
    stockfish = os.environ.get('CP_STOCKFISH', '/usr/games/stockfish')
    games = int(os.environ.get('CP_LEVELS_GAMES', '20'))
    movetime = int(os.environ.get('CP_LEVELS_MOVETIME', '500'))
    only = os.environ.get('CP_LEVELS_ONLY', 'easy medium hard').split()
    if not os.access(stockfish, os.X_OK):
        print(f'Stockfish is not installed at {stockfish}: nothing to measure')
        return 0

    threads = min(len(os.sched_getaffinity(0)), HARD_THREADS)
    rows = []
    for level, elo, bar in LEVELS:
        if level not in only:
            continue
        print(f'{level} against Stockfish {elo}:', flush=True)
        out = subprocess.run(
            [sys.executable, os.path.join(os.path.dirname(os.path.abspath(__file__)), 'uci-match.py'),
             '--engine', f'{program} --uci', '--engine-option', f'Level={level}',
             '--engine-option', f'Threads={threads if level == "hard" else 1}',
             '--opponent', stockfish,
             '--opponent-option', 'Threads=1', '--opponent-option', 'Hash=16',
             '--opponent-option', 'UCI_LimitStrength=true', '--opponent-option', f'UCI_Elo={elo}',
             '--referee', stockfish, '--games', str(games), '--movetime', str(movetime)],
            check=True, stdout=subprocess.PIPE, text=True).stdout
        print(out, end='', flush=True)
        m = re.search(r'^score: engine=(\S+) opponent=(\S+) games=(\d+) longest-move=(\S+)', out, re.M)
        if m is None:
            print('no score line from uci-match.py')
            return 1
        points = float(m.group(1))
        rows.append((level, elo, points, games, 100.0 * points / games, bar, m.group(4)))

    print(f'\nlevels at {movetime} ms a move, {games} games a match, colours alternating, '
          f'hard in {threads} threads:')
    print(f'{"level":<8} {"Stockfish":>9} {"points":>8} {"score":>7} {"bar":>8} {"longest":>8}')
    for level, elo, points, n, percent, bar, longest in rows:
        print(f'{level:<8} {elo:>9} {points:>5g}/{n:<2} {percent:>6.1f}% {bar:>8} {longest:>7}s')
    return 0


if __name__ == '__main__':
    sys.exit(main())
