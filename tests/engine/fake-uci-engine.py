#!/usr/bin/env python3
# A UCI engine that misbehaves in the way its argument names, for the
# tests of the engines as players:
#   crash    stops when asked for a move
#   hang     never answers "go"
#   illegal  answers with a move the rules do not allow (e2e5)
#   garbage  answers with something that is not a move
#   silent   never answers "uci"
#   slow     answers "go" only when told to "stop"
#   good     plays e4, Nf3, Bc4 as White and e5, Nc6, Nf6 as Black, one a
#            move, counting the moves it is told were played since the
#            position given
#
# SPDX-License-Identifier: GPL-3.0-or-later
import sys

mode = sys.argv[1] if len(sys.argv) > 1 else "good"
MOVES = {False: ["e2e4", "g1f3", "f1c4"], True: ["e7e5", "b8c6", "g8f6"]}
black = False
played = 0


def best():
    """The move of the side to move: its first, second or third."""
    return MOVES[black][min(played // 2, 2)]


def say(line):
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


for line in sys.stdin:
    words = line.split()
    if not words:
        continue
    if words[0] == "uci":
        if mode == "silent":
            continue
        say("id name Fake Engine (%s)" % mode)
        say("id author The Chess Parlour tests")
        say("option name Skill Level type spin default 20 min 0 max 20")
        say("uciok")
    elif words[0] == "isready":
        say("readyok")
    elif words[0] == "position":
        moves = words[words.index("moves") + 1:] if "moves" in words else []
        first_black = len(words) > 3 and words[1] == "fen" and words[3] == "b"
        black = first_black != (len(moves) % 2 == 1)
        played = len(moves) + (1 if first_black else 0)
    elif words[0] == "go":
        if mode == "crash":
            sys.exit(3)
        elif mode in ("hang", "slow"):
            continue
        elif mode == "illegal":
            say("bestmove e2e5")
        elif mode == "garbage":
            say("info depth 1")
            say("bestmove ??!x")
        else:
            say("bestmove " + best())
    elif words[0] == "stop" and mode == "slow":
        say("bestmove " + best())
    elif words[0] == "quit":
        break
