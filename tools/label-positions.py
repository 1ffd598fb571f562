#!/usr/bin/env python3
# label-positions.py: scores positions with a UCI engine, for tuning the
# chess evaluation
#
#   label-positions.py ENGINE DEPTH < positions.fen > labelled.txt
#
# Writes "FEN;score" for each position of the input (one FEN a line, the
# same position once), the score in hundredths of a pawn for the side to
# move as ENGINE (such as /usr/games/stockfish) finds it searching DEPTH
# plies.  Positions with a mate found or a score beyond 20 pawns are left
# out: the evaluation is not fitted to them.
#
# SPDX-License-Identifier: GPL-3.0-or-later

import subprocess
import sys

LIMIT = 2000


def main():
    if len(sys.argv) != 3:
        sys.exit("Usage: label-positions.py ENGINE DEPTH < positions.fen > labelled.txt")
    engine = subprocess.Popen([sys.argv[1]], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                              text=True, bufsize=1)

    def send(line):
        engine.stdin.write(line + "\n")

    def until(word):
        for line in engine.stdout:
            if line.startswith(word):
                return
        sys.exit("The engine stopped")

    send("uci")
    until("uciok")
    send("setoption name Threads value 1")
    send("isready")
    until("readyok")
    seen = set()
    for fen in sys.stdin:
        fen = fen.strip()
        # The position, without the move counters.
        key = " ".join(fen.split()[:4])
        if not fen or key in seen:
            continue
        seen.add(key)
        send("position fen " + fen)
        send("go depth " + sys.argv[2])
        score = None
        for line in engine.stdout:
            words = line.split()
            if words and words[0] == "info" and "score" in words and "bound" not in line:
                i = words.index("score")
                score = int(words[i + 2]) if words[i + 1] == "cp" else None
            elif words and words[0] == "bestmove":
                break
        if score is not None and abs(score) < LIMIT:
            print("%s;%d" % (fen, score))
    send("quit")


if __name__ == "__main__":
    main()
