#!/usr/bin/env python3
# uci-match.py: plays two UCI engines against each other
#
#   uci-match.py --engine CMD --opponent CMD [--opponent-option NAME=VALUE]...
#                [--games N] [--first N] [--movetime MS] [--referee CMD]
#
# Colours alternate from game to game, and each pair of games starts from
# one of the common openings below, so that games differ; --first starts
# the series later, to split a long match into parts run side by side.
# A third engine (Stockfish, the referee) tells when a game is over: it
# lists the legal moves and the checks of a position.  Draws: stalemate,
# threefold repetition, the fifty-move rule, kings and at most one minor
# piece, or 300 plies.  One line a game, and last a line
#   score: engine=X opponent=Y games=N longest-move=T
#
# SPDX-License-Identifier: GPL-3.0-or-later

import argparse
import shlex
import subprocess
import sys
import time

OPENINGS = [
    [], ['e2e4', 'e7e5'], ['d2d4', 'd7d5'], ['e2e4', 'c7c5'], ['c2c4', 'e7e5'],
    ['d2d4', 'g8f6', 'c2c4', 'e7e6'], ['e2e4', 'e7e6'], ['g1f3', 'd7d5'],
    ['e2e4', 'c7c6'], ['d2d4', 'g8f6', 'c2c4', 'g7g6'],
    ['e2e4', 'e7e5', 'g1f3', 'b8c6', 'f1b5', 'a7a6'],
    ['e2e4', 'e7e5', 'g1f3', 'b8c6', 'f1c4', 'f8c5'],
    ['e2e4', 'e7e5', 'g1f3', 'g8f6'],
    ['e2e4', 'c7c5', 'g1f3', 'd7d6', 'd2d4', 'c5d4', 'f3d4', 'g8f6'],
    ['e2e4', 'c7c5', 'b1c3', 'b8c6'],
    ['e2e4', 'd7d5', 'e4d5', 'd8d5'],
    ['e2e4', 'd7d6', 'd2d4', 'g8f6', 'b1c3', 'g7g6'],
    ['e2e4', 'g8f6', 'e4e5', 'f6d5'],
    ['e2e4', 'e7e6', 'd2d4', 'd7d5', 'b1c3', 'f8b4'],
    ['e2e4', 'c7c6', 'd2d4', 'd7d5', 'e4e5', 'c8f5'],
    ['d2d4', 'd7d5', 'c2c4', 'e7e6', 'b1c3', 'g8f6'],
    ['d2d4', 'd7d5', 'c2c4', 'c7c6'],
    ['d2d4', 'd7d5', 'c2c4', 'd5c4'],
    ['d2d4', 'g8f6', 'c2c4', 'c7c5', 'd4d5'],
    ['d2d4', 'g8f6', 'g1f3', 'e7e6', 'c1g5'],
    ['d2d4', 'f7f5'],
    ['d2d4', 'g8f6', 'c2c4', 'e7e6', 'g1f3', 'b7b6'],
    ['c2c4', 'c7c5', 'b1c3', 'b8c6', 'g2g3', 'g7g6'],
    ['c2c4', 'g8f6', 'b1c3', 'e7e6'],
    ['g1f3', 'g8f6', 'g2g3', 'g7g6', 'f1g2', 'f8g7'],
    ['f2f4', 'd7d5'],
    ['b2b3', 'e7e5'],
    ['e2e4', 'e7e5', 'f2f4'],
    ['d2d4', 'd7d5', 'c1f4', 'g8f6', 'e2e3'],
    ['e2e4', 'g7g6', 'd2d4', 'f8g7'],
]
MAX_PLIES = 300


class Engine:
    def __init__(self, command, options=()):
        self.proc = subprocess.Popen(shlex.split(command), stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, text=True, bufsize=1)
        self.send('uci')
        self.wait('uciok')
        for name, value in options:
            self.send(f'setoption name {name} value {value}')
        self.ready()

    def send(self, line):
        self.proc.stdin.write(line + '\n')
        self.proc.stdin.flush()

    def wait(self, prefix):
        lines = []
        while True:
            line = self.proc.stdout.readline()
            if line == '':
                raise RuntimeError('engine ended unexpectedly')
            line = line.strip()
            lines.append(line)
            if line.startswith(prefix):
                return lines

    def ready(self):
        self.send('isready')
        self.wait('readyok')

    def best_move(self, moves, movetime):
        self.send('position startpos' + (' moves ' + ' '.join(moves) if moves else ''))
        start = time.monotonic()
        self.send(f'go movetime {movetime}')
        line = self.wait('bestmove')[-1]
        return line.split()[1], time.monotonic() - start

    def quit(self):
        self.send('quit')
        self.proc.wait(timeout=10)


class Referee(Engine):
    def look(self, moves):
        """The legal move count, whether the side to move is in check, and the FEN."""
        self.send('position startpos' + (' moves ' + ' '.join(moves) if moves else ''))
        self.send('d')
        fen, checkers = '', ''
        for line in self.wait('Checkers:'):
            if line.startswith('Fen:'):
                fen = line[4:].strip()
            if line.startswith('Checkers:'):
                checkers = line[9:].strip()
        self.send('go perft 1')
        count = int(self.wait('Nodes searched')[-1].split(':')[1])
        return count, checkers != '', fen


def insufficient(fen):
    pieces = [c for c in fen.split()[0] if c.isalpha() and c not in 'kK']
    return len(pieces) == 0 or (len(pieces) == 1 and pieces[0] in 'nNbB')


def play(white, black, referee, opening, movetime, longest):
    """Returns 1, 0.5 or 0 for White, the reason and the plies; notes each
    engine's longest move in `longest`."""
    moves = list(opening)
    seen = {}
    while True:
        count, check, fen = referee.look(moves)
        if count == 0:
            return (0 if len(moves) % 2 == 0 else 1, 'checkmate', len(moves)) if check \
                else (0.5, 'stalemate', len(moves))
        key = ' '.join(fen.split()[:4])
        seen[key] = seen.get(key, 0) + 1
        if seen[key] >= 3:
            return 0.5, 'repetition', len(moves)
        if int(fen.split()[4]) >= 100:
            return 0.5, 'fifty moves', len(moves)
        if insufficient(fen):
            return 0.5, 'insufficient material', len(moves)
        if len(moves) >= MAX_PLIES:
            return 0.5, 'move limit', len(moves)
        engine = white if len(moves) % 2 == 0 else black
        move, seconds = engine.best_move(moves, movetime)
        longest[engine] = max(longest.get(engine, 0.0), seconds)
        if move in ('(none)', '0000'):
            return 0.5, 'no move given', len(moves)
        moves.append(move)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument('--engine', required=True)
    parser.add_argument('--engine-option', action='append', default=[])
    parser.add_argument('--opponent', required=True)
    parser.add_argument('--opponent-option', action='append', default=[])
    parser.add_argument('--referee', default='/usr/games/stockfish')
    parser.add_argument('--games', type=int, default=4)
    parser.add_argument('--movetime', type=int, default=1000)
    parser.add_argument('--first', type=int, default=1,
                        help='the number of the first game, which picks its opening and colours')
    args = parser.parse_args()

    def options(pairs):
        return [tuple(p.split('=', 1)) for p in pairs]

    engine = Engine(args.engine, options(args.engine_option))
    opponent = Engine(args.opponent, options(args.opponent_option))
    referee = Referee(args.referee)
    points = 0.0
    longest = {}
    for game in range(args.first - 1, args.first - 1 + args.games):
        opening = OPENINGS[(game // 2) % len(OPENINGS)]
        ours_white = game % 2 == 0
        for e in (engine, opponent):
            e.send('ucinewgame')
            e.ready()
        white, black = (engine, opponent) if ours_white else (opponent, engine)
        result, reason, plies = play(white, black, referee, opening, args.movetime, longest)
        ours = result if ours_white else 1 - result
        points += ours
        print(f'game {game + 1}: engine {"white" if ours_white else "black"}: '
              f'{ours:g} ({reason}, {plies} plies)', flush=True)
    for e in (engine, opponent, referee):
        e.quit()
    print(f'score: engine={points:g} opponent={args.games - points:g} games={args.games} '
          f'longest-move={longest.get(engine, 0.0):.2f}')


if __name__ == '__main__':
    sys.exit(main())
