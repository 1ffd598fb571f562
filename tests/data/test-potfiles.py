#!/usr/bin/env python3
# test-potfiles.py: po/POTFILES names every file with translatable strings
#
# Looks through src/ (C sources and headers) and data/ (.ui templates,
# desktop entry, metainfo, settings schema, MIME definition) for strings
# marked for translation, and fails when such a file is missing from
# po/POTFILES, or when POTFILES names a file that does not exist.
#
# SPDX-License-Identifier: GPL-3.0-or-later

import os
import re
import sys

C_MARKS = re.compile(
    r'(?<![A-Za-z0-9_])'
    r'(?:_|N_|C_|NC_|Q_|ngettext|g_dngettext|g_dpgettext2|g_dcgettext|g_dgettext)'
    r'\s*\(')
UI_MARKS = re.compile(r'translatable\s*=\s*["\'](?:yes|true)["\']')
DATA_SUFFIXES = ('.desktop.in', '.metainfo.xml.in', '.gschema.xml',
                 '.mime.xml.in')


def strip_c_comments(text):
    """Drops comments and the contents of character literals, so that a
    mark mentioned in a comment does not count."""
    text = re.sub(r'/\*.*?\*/', ' ', text, flags=re.S)
    text = re.sub(r'//[^\n]*', ' ', text)
    return re.sub(r"'(?:\\.|[^'\\])'", "' '", text)


def translatable(path):
    if path.endswith(DATA_SUFFIXES):
        return True
    try:
        with open(path, encoding='utf-8') as f:
            text = f.read()
    except (OSError, UnicodeDecodeError):
        return False
    if path.endswith(('.c', '.h')):
        return C_MARKS.search(strip_c_comments(text)) is not None
    if path.endswith('.ui'):
        return UI_MARKS.search(text) is not None
    return False


def candidates(root):
    for top in ('src', 'data'):
        for folder, dirs, files in os.walk(os.path.join(root, top)):
            dirs.sort()
            for name in sorted(files):
                if name.endswith(('.c', '.h', '.ui') + DATA_SUFFIXES):
                    path = os.path.join(folder, name)
                    yield os.path.relpath(path, root).replace(os.sep, '/')


def listed(root):
    names = []
    with open(os.path.join(root, 'po', 'POTFILES'), encoding='utf-8') as f:
        for line in f:
            line = line.strip()
            if line and not line.startswith('#'):
                names.append(line)
    return names


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else os.path.join(
        os.path.dirname(os.path.abspath(__file__)), '..', '..')
    names = listed(root)
    problems = 0

    for name in names:
        if not os.path.isfile(os.path.join(root, name)):
            print(f'po/POTFILES names {name}, which does not exist')
            problems += 1
    for name in candidates(root):
        if name not in names and translatable(os.path.join(root, name)):
            print(f'{name} has translatable strings but is missing from po/POTFILES')
            problems += 1
    if len(set(names)) != len(names):
        print('po/POTFILES names a file more than once')
        problems += 1

    if problems:
        return 1
    print(f'po/POTFILES names all {len(names)} files with translatable strings')
    return 0


if __name__ == '__main__':
    sys.exit(main())
