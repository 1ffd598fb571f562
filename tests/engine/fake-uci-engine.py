#!/usr/bin/env python3
# A UCI engine that misbehaves in the way its argument names, for the
# tests of the engines as players:
#   crash    stops when asked for a move
#   hang     never answers "go"
#   illegal  answers with a move the rules do not allow (e2e5)
#   garbage  answers with something that is not a move
#   silent   never answers "uci"
#   slow     answers "go" only when told to "stop"
#   good     answers e2e4 as White and e7e5 as Black
#
# SPDX-License-Identifier: GPL-3.0-or-later
import sys

mode = sys.argv[1] if len(sys.argv) > 1 else "good"
black = False


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
        black = " b " in line
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
            say("bestmove " + ("e7e5" if black else "e2e4"))
    elif words[0] == "stop" and mode == "slow":
        say("bestmove " + ("e7e5" if black else "e2e4"))
    elif words[0] == "quit":
        break
