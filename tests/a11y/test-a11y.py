#!/usr/bin/env python3
# test-a11y.py: the window as a screen reader meets it
#
# Starts Chess Parlour with GTK's AT-SPI backend and reads and drives it
# through the accessibility bus only, as a screen reader or a switch
# control does: it finds controls, cells and cards by the names they are
# read by, activates them, and listens to the bus's events.  Run it under
# dbus-run-session (the bus starts the accessibility services itself) on
# a display, with CP_PROGRAM naming the program and GSETTINGS_SCHEMA_DIR
# its compiled settings schema.  It speaks TAP.
#
# SPDX-License-Identifier: GPL-3.0-or-later

import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time

import gi
gi.require_version('Atspi', '2.0')
from gi.repository import Atspi, Gio, GLib  # noqa: E402

PROGRAM = os.environ['CP_PROGRAM']
# No name, a class name, or a mnemonic's underline read aloud.
BAD_NAME = re.compile(r'^\s*$|^(Gtk|Adw|Cp)[A-Z]|(^|\s)_\w')


class Failure(Exception):
    pass


def pump(seconds=0.0):
    """Lets the bus's messages and events in for a while."""
    context = GLib.MainContext.default()
    end = time.monotonic() + seconds
    while True:
        while context.pending():
            context.iteration(False)
        if time.monotonic() >= end:
            return
        time.sleep(0.02)


def wait_for(what, predicate, timeout=30.0):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        pump(0.1)
        try:
            result = predicate()
        except (GLib.Error, Failure):
            result = None
        if result:
            return result
    raise Failure('waited in vain for ' + what)


def walk(accessible):
    """The tree under @accessible; an object that goes away while it is
    read (a cell redrawn, a row replaced) is left out, as a screen reader
    passes over it."""
    yield accessible
    try:
        children = [accessible.get_child_at_index(i) for i in range(accessible.get_child_count())]
    except GLib.Error:
        return
    for child in children:
        if child is not None:
            yield from walk(child)


def read(accessible, what):
    """What @accessible says of itself, or None when it has gone away."""
    try:
        return what(accessible)
    except GLib.Error:
        return None


def states(accessible):
    return accessible.get_state_set()


def find_all(root, role, predicate=lambda a: True):
    return [a for a in walk(root)
            if read(a, lambda a: a.get_role_name() == role and predicate(a))]


def find(root, role, name):
    found = find_all(root, role, lambda a: a.get_name() == name)
    if not found:
        raise Failure('no %s named “%s”' % (role, name))
    return found[0]


def activate(accessible):
    if not accessible.do_action(0):
        raise Failure('“%s” cannot be activated' % accessible.get_name())
    pump(0.4)


class Heard:
    """The objects a kind of event of the bus comes from, by role and name,
    as a screen reader follows them; where @gained, only the events of a
    state gained (the focus arriving, not leaving)."""

    def __init__(self, kind, gained=False):
        self.heard = []
        self.gained = gained
        self.listener = Atspi.EventListener.new(self.heard_one)
        self.listener.register(kind)

    def heard_one(self, event):
        if self.gained and event.detail1 != 1:
            return
        try:
            self.heard.append((event.source.get_role_name(), event.source.get_name()))
        except GLib.Error:
            pass


class Events(Heard):
    """The names that change on the bus, as a screen reader hears them."""

    def __init__(self):
        super().__init__('object:property-change:accessible-name')

    def said(self, pattern, since=0):
        return [name for role, name in self.heard[since:] if re.search(pattern, name or '')]


class Focus(Heard):
    """Where the keyboard's focus goes."""

    def __init__(self):
        super().__init__('object:state-changed:focused', gained=True)
        self.went = self.heard


class Program:
    """Chess Parlour in a home of its own, maybe opening a record."""

    def __init__(self, record=None):
        self.home = tempfile.mkdtemp(prefix='cp-a11y-')
        env = dict(os.environ)
        for name in ('DATA', 'CONFIG', 'CACHE', 'STATE'):
            env['XDG_%s_HOME' % name] = os.path.join(self.home, name.lower())
        env.update(GTK_A11Y='atspi', GSETTINGS_BACKEND='memory', GSK_RENDERER='cairo',
                   GDK_DEBUG='gl-disable', G_DEBUG='fatal-warnings,fatal-criticals')
        args = [PROGRAM]
        if record is not None:
            path = os.path.join(self.home, 'game.cpgame')
            with open(path, 'w', encoding='utf-8') as f:
                f.write(record)
            args.append(path)
        self.process = subprocess.Popen(args, env=env)
        self.app = wait_for('the program on the bus', self.find_app)
        self.window = wait_for('its window', lambda: self.frames()[0] if self.frames() else None)

    def find_app(self):
        desktop = Atspi.get_desktop(0)
        for i in range(desktop.get_child_count()):
            app = desktop.get_child_at_index(i)
            if app is not None and app.get_process_id() == self.process.pid and app.get_child_count() > 0:
                return app
        return None

    def frames(self):
        return [self.app.get_child_at_index(i) for i in range(self.app.get_child_count())
                if self.app.get_child_at_index(i) is not None]

    def stop(self):
        self.process.terminate()
        self.process.wait(timeout=30)
        shutil.rmtree(self.home, ignore_errors=True)


def record(game, players):
    lines = ['<?xml version="1.0" encoding="UTF-8"?>',
             '<game-record xmlns="https://github.com/chess-parlour/chess-parlour/ns/record"'
             ' version="1" game="%s">' % game, '  <setup seed="11">']
    for seat, (name, colour, level) in enumerate(players):
        kind = 'kind="computer" level="%d"' % level if level else 'kind="human"'
        lines.append('    <player seat="%d" name="%s" colour="%s" %s/>' % (seat, name, colour, kind))
    lines += ['  </setup>', '  <actions/>', '</game-record>', '']
    return '\n'.join(lines)


def unnamed_controls(root):
    """The controls a person can reach whose name says nothing."""
    found = []
    for accessible in walk(root):
        state = states(accessible)
        if not (state.contains(Atspi.StateType.FOCUSABLE) and state.contains(Atspi.StateType.VISIBLE)):
            continue
        if BAD_NAME.search(accessible.get_name() or ''):
            found.append('%s “%s”' % (accessible.get_role_name(), accessible.get_name()))
    return found


def board(window):
    return find(window, 'table', 'Board')


def cells(window):
    return find_all(board(window), 'table cell')


def cell(window, name):
    for c in cells(window):
        if c.get_name().split(',')[0] == name:
            return c
    raise Failure('no cell %s' % name)


def play_a_move(window, prefer=None):
    """Picks up a piece that can move and puts it where a move ends, by
    the cells' descriptions alone; returns the cells, as named."""
    movers = [c for c in cells(window) if c.get_description() == 'Can move']
    if not movers:
        raise Failure('no cell says that its piece can move')
    if prefer is not None:
        movers.sort(key=lambda c: 0 if prefer in c.get_name() else 1)
    start = movers[0]
    start_name = start.get_name()
    activate(start)
    if not states(start).contains(Atspi.StateType.SELECTED):
        raise Failure('%s is not selected once picked up' % start_name)
    targets = [c for c in cells(window) if c.get_description() in ('A move can end here', 'A capture can end here')]
    if not targets:
        raise Failure('no cell says that a move can end there')
    target = targets[0]
    target_name = target.get_name().split(',')[0]
    activate(target)
    # A chain that could go on ends where it stands when its last cell is
    # pressed again.
    for _ in range(8):
        if not any(c.get_description().startswith('Picked up') for c in cells(window)):
            break
        activate(cell(window, target_name))
    return start_name, target_name


def test_names():
    program = Program()
    try:
        window = program.window
        wait_for('the board', lambda: len(cells(window)) == 64)
        missing = unnamed_controls(window)
        if missing:
            raise Failure('controls without a name: ' + ', '.join(missing))
        for name in ('New Game', 'Undo', 'Main Menu'):
            find(window, 'push button', name)
        activate(find(window, 'push button', 'New Game'))
        dialog = wait_for('the New Game dialog', lambda: len(program.frames()) > 1 and program.frames()[-1])
        missing = unnamed_controls(dialog)
        if missing:
            raise Failure('New Game: controls without a name: ' + ', '.join(missing))
    finally:
        program.stop()


def test_preferences_by_tab():
    program = Program()
    try:
        window = program.window
        wait_for('the board', lambda: len(cells(window)) == 64)
        menu = [a for a in walk(window) if a.get_name() == 'Main Menu' and a.get_n_actions() > 0]
        activate(menu[0])
        activate(wait_for('the menu’s Preferences',
                          lambda: [a for a in walk(program.app) if a.get_role_name() == 'menu item'
                                   and a.get_name() == 'Preferences']).pop())
        wait_for('the Preferences', lambda: len(program.frames()) > 1)
        focus = Focus()
        for _ in range(20):
            went = len(focus.went)
            press('Tab')
            wait_for('Tab to move the focus', lambda: len(focus.went) > went, timeout=5)
        reached = set(focus.went)
        bad = ['%s “%s”' % stop for stop in reached if BAD_NAME.search(stop[1] or '')]
        if bad:
            raise Failure('Tab reaches controls without a name: ' + ', '.join(bad))
        for name in ('Show Legal Moves', 'Board Colours', 'Computer Pace', 'Time for Secret Choices'):
            if not [stop for stop in reached if stop[1] == name]:
                raise Failure('Tab does not reach %s: %s' % (name, sorted(reached)))
    finally:
        program.stop()


def test_chess_against_the_computer():
    events = Events()
    program = Program(record('chess', [('Ann', 'white', 0), ('Computer', 'black', 2)]))
    try:
        window = program.window
        wait_for('the board', lambda: len(cells(window)) == 64)
        if cell(window, 'e2').get_name() != 'e2, white pawn':
            raise Failure('e2 reads “%s”' % cell(window, 'e2').get_name())
        for turn in range(3):
            heard = len(events.heard)
            start, target = play_a_move(window, prefer='pawn' if turn == 0 else None)
            try:
                wait_for('the piece on ' + target,
                         lambda: cell(window, target).get_name().startswith(target + ', white'), timeout=10)
            except Failure:
                raise Failure('after %s to %s, %s reads “%s”' % (start, target, target,
                                                                  cell(window, target).get_name()))
            said = wait_for('the computer’s move said', lambda: events.said(r'^Computer: \S+', heard))
            print('# heard: ' + said[-1])
    finally:
        program.stop()


def test_chivalry():
    program = Program(record('chivalry', [('Ann', 'white', 0), ('Bob', 'black', 0)]))
    try:
        window = program.window
        wait_for('the board', lambda: len(cells(window)) == 176)
        for side in ('white', 'black'):
            start, target = play_a_move(window)
            if not cell(window, target).get_name().startswith(target + ', ' + side):
                raise Failure('%s: %s reads “%s”' % (side, target, cell(window, target).get_name()))
            if not cell(window, start.split(',')[0]).get_name().endswith('empty'):
                raise Failure('%s: the piece is still on %s' % (side, start))
    finally:
        program.stop()


def hand(window):
    """The cards of the hand at the screen that may be played now."""
    return [a for a in walk(window) if a.get_role_name() == 'push button'
            and re.match(r'\w+ of \w+, ', a.get_name() or '')
            and states(a).contains(Atspi.StateType.SENSITIVE)]


def test_card_turn():
    events = Events()
    program = Program(record('cooperative', [('Ann', 'white', 0), ('Bob', 'black', 0)]))
    try:
        window = program.window
        wait_for('the board', lambda: len(cells(window)) == 64)
        # Behind the curtain nobody's cards are read.
        if hand(window):
            raise Failure('the curtain lets the hand be read: ' + hand(window)[0].get_name())
        activate(find(window, 'push button', 'Ready'))
        cards = wait_for('Ann’s hand', lambda: hand(window))
        heard = len(events.heard)
        played = cards[0].get_name().split(',')[0]
        activate(cards[0])
        said = wait_for('the card said', lambda: events.said(r'^Ann: plays ', heard))
        print('# played %s, heard: %s' % (played, said[-1]))
        wait_for('the curtain for Bob', lambda: find(window, 'label', 'Pass to Bob'))
        if hand(window):
            raise Failure('Bob’s curtain lets a hand be read: ' + hand(window)[0].get_name())
    finally:
        program.stop()


# The keys the keyboard games press, as X key symbols.
KEYS = {'Left': 0xff51, 'Up': 0xff52, 'Right': 0xff53, 'Down': 0xff54, 'Return': 0xff0d, 'Tab': 0xff09,
        'space': 0x20}


def press(key):
    """Presses a key, through the accessibility bus's keyboard.  Without a
    window manager the display gives the keyboard to the window under the
    pointer: the pointer goes to the top left corner, where the program's
    windows open."""
    Atspi.generate_mouse_event(8, 8, 'abs')
    Atspi.generate_keyboard_event(KEYS[key], None, Atspi.KeySynthType.SYM)
    pump(0.1)


def centre(accessible):
    extents = accessible.get_extents(Atspi.CoordType.WINDOW)
    return extents.x + extents.width / 2, extents.y + extents.height / 2, extents.width


def go_to(grid, name):
    """Moves the keyboard's cursor to the cell @name of the cells @grid with
    the arrow keys, looking where the focused cell lies after each."""
    target = [c for c in grid if c.get_name().split(',')[0] == name][0]
    tx, ty, _ = centre(target)

    def focused():
        return [c for c in grid if states(c).contains(Atspi.StateType.FOCUSED)]

    for _ in range(80):
        now = focused()
        if not now:
            press('Tab')
            wait_for('a cell to take the focus', focused, timeout=5)
            continue
        if now[0] == target:
            return
        fx, fy, size = centre(now[0])
        if abs(tx - fx) > size / 2:
            press('Right' if tx > fx else 'Left')
        else:
            press('Down' if ty > fy else 'Up')
        # At the edge of a hole the cursor may stay: go on then.
        try:
            wait_for('the cursor to move', lambda: focused() and focused()[0] != now[0], timeout=2)
        except Failure:
            pass
    raise Failure('the arrow keys do not reach %s' % name)


def said_the_end(window):
    """The labels that say how the game ended.  The move list may change
    meanwhile, as the computer analyses the game that ended."""
    names = [read(a, lambda a: a.get_name()) for a in find_all(window, 'label')]
    return [name for name in names if re.search(r' wins$|[Dd]raw', name or '')]


def play_by_keyboard(game, cells_on_board, seed, moves=None):
    """Plays @game against the computer to its end (or for @moves moves)
    with the arrow keys, Enter and the names and descriptions of the
    cells alone."""
    chance = random.Random(seed)
    events = Events()
    program = Program(record(game, [('Ann', 'white', 0), ('Computer', 'black', 3)]))
    try:
        window = program.window
        grid = wait_for('the board', lambda: len(cells(window)) == cells_on_board and cells(window))

        def described(*descriptions):
            return [c for c in grid if c.get_description() in descriptions]

        def named(accessible):
            return accessible.get_name().split(',')[0]

        def picked_up():
            return [c for c in grid if c.get_description().startswith('Picked up')]

        for move in range(100):
            if moves is not None and move == moves:
                print('# %s, %d moves of Ann by the keyboard' % (game, move))
                return
            movers = wait_for('Ann’s turn or the end',
                              lambda: said_the_end(window) or described('Can move'), timeout=120)
            if said_the_end(window):
                break
            start = named(chance.choice(movers))
            go_to(grid, start)
            press('Return')
            wait_for('Enter on %s to pick it up' % start, picked_up, timeout=10)
            # On, cell by cell, until the piece is put down (a chain of
            # jumps ends where its last cell is pressed again).
            target = start
            for _ in range(10):
                if not picked_up():
                    break
                ends = described('A move can end here', 'A capture can end here')
                if ends and (target == start or chance.random() < 0.5):
                    target = named(chance.choice(ends))
                go_to(grid, target)
                press('Return')
        else:
            raise Failure('no end after 100 moves')
        print('# %s, %d moves of Ann: %s' % (game, move, said_the_end(window)[0]))
        if not events.said(r'wins|[Dd]raw'):
            raise Failure('the end was not said')
    finally:
        program.stop()


def test_masquerade_table():
    """Fills in Masquerade's table of capture moves with the keyboard,
    hearing the framed cell's name as it moves, and seals it."""
    events = Events()
    program = Program(record('masquerade', [('Ann', 'white', 0), ('Bob', 'black', 0)]))
    try:
        window = program.window
        wait_for('the board', lambda: len(cells(window)) == 64)
        activate(find(window, 'push button', 'Ready'))
        focus = Focus()
        for _ in range(40):
            went = len(focus.went)
            press('Tab')
            wait_for('Tab to move the focus', lambda: len(focus.went) > went, timeout=5)
            if focus.went[-1][1].startswith('Piece: '):
                break
        else:
            raise Failure('Tab does not reach the table: %s' % focus.went)
        first = focus.went[-1][1]
        heard = len(events.heard)
        press('Down')
        press('Right')
        said = wait_for('the framed cell said', lambda: events.said(r'^Piece: .*, Captures as: ', heard))
        if said[-1] == first:
            raise Failure('the frame moved, but the name stays “%s”' % first)
        press('space')
        circled = wait_for('the circle said', lambda: events.said(r', circled$', heard))
        print('# %s → %s' % (first, circled[-1]))
        activate(find(window, 'push button', 'Seal'))
        wait_for('the curtain for Bob', lambda: find(window, 'label', 'Pass to Bob'))
    finally:
        program.stop()


def test_keyboard_games():
    # Under the sanitizers, which make the program several times slower,
    # the first moves of chess: the build without them plays both games
    # to their end.
    if 'CP_TEST_SANITIZED' in os.environ:
        play_by_keyboard('chess', 64, 5, moves=4)
        return
    play_by_keyboard('chess', 64, 5)
    play_by_keyboard('chivalry', 176, 7)


TESTS = [
    ('names', test_names),
    ('preferences-by-tab', test_preferences_by_tab),
    ('chess-against-the-computer', test_chess_against_the_computer),
    ('chivalry', test_chivalry),
    ('card-turn', test_card_turn),
    ('masquerade-table', test_masquerade_table),
    ('keyboard-games', test_keyboard_games),
]


def give_the_bus_the_display():
    """The accessibility services start from the session bus, which may
    have started before the display: they press keys on it, so it must
    know the display before they start."""
    bus = Gio.bus_get_sync(Gio.BusType.SESSION, None)
    names = {name: os.environ[name] for name in ('DISPLAY', 'XAUTHORITY', 'WAYLAND_DISPLAY') if name in os.environ}
    bus.call_sync('org.freedesktop.DBus', '/org/freedesktop/DBus', 'org.freedesktop.DBus',
                  'UpdateActivationEnvironment', GLib.Variant('(a{ss})', (names,)), None,
                  Gio.DBusCallFlags.NONE, -1, None)


def main():
    give_the_bus_the_display()
    Atspi.init()
    print('1..%d' % len(TESTS))
    failed = 0
    for number, (name, test) in enumerate(TESTS, 1):
        try:
            test()
            print('ok %d /a11y/%s' % (number, name))
        except Failure as failure:
            failed += 1
            print('not ok %d /a11y/%s # %s' % (number, name, failure))
        sys.stdout.flush()
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
