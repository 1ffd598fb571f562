#!/usr/bin/env python3
# test-plurals.py: each translation chooses the right plural form
#
# Reads the Plural-Forms of every po file of the program and the help
# (the languages of po/LINGUAS and help/LINGUAS) and checks, for the
# numbers 0, 1, 2, 5, 11, 21 and 101, that it chooses the form the
# language's grammar wants, as the table below gives it (after the Unicode
# plural rules, in gettext's order of forms).  A language without a row
# fails: a new translation must say how it counts.  It also checks that
# every plural message of the program gives every form.
#
# SPDX-License-Identifier: GPL-3.0-or-later

import gettext
import os
import re
import sys

NUMBERS = (0, 1, 2, 5, 11, 21, 101)

# The form of each number, in the order of NUMBERS.
EXPECTED = {
    'ar': (0, 1, 2, 3, 4, 4, 5),
    'de': (1, 0, 1, 1, 1, 1, 1),
    'es': (1, 0, 1, 1, 1, 1, 1),
    'fr': (0, 0, 1, 1, 1, 1, 1),
    'it': (1, 0, 1, 1, 1, 1, 1),
    'ja': (0, 0, 0, 0, 0, 0, 0),
    'pl': (2, 0, 1, 2, 2, 2, 2),
    'pt_BR': (0, 0, 1, 1, 1, 1, 1),
    'ru': (2, 0, 1, 2, 2, 0, 0),
}

PLURAL_FORMS = re.compile(r'Plural-Forms:\s*nplurals\s*=\s*(\d+)\s*;\s*plural\s*=\s*(.*?);?\s*$', re.M)


def header(text):
    """The msgstr of the po file's header, its strings joined."""
    block = text.split('\nmsgid ""\nmsgstr ', 1)[1].split('\n\n', 1)[0]
    return ''.join(re.findall(r'"((?:[^"\\]|\\.)*)"', block)).replace('\\n', '\n')


def entries(text):
    """The messages of a po file, as lists of their lines."""
    return [block.splitlines() for block in re.split(r'\n\s*\n', text)]


def main():
    source = sys.argv[1]
    failures = []
    for folder in ('po', 'help'):
        with open(os.path.join(source, folder, 'LINGUAS'), encoding='utf-8') as f:
            languages = [line.strip() for line in f if line.strip() and not line.startswith('#')]
        for language in languages:
            path = (os.path.join(source, 'po', language + '.po') if folder == 'po'
                    else os.path.join(source, 'help', language, language + '.po'))
            with open(path, encoding='utf-8') as f:
                text = f.read()
            if language not in EXPECTED:
                failures.append('%s: no plural forms are expected for %s' % (path, language))
                continue
            forms = PLURAL_FORMS.search(header(text))
            if forms is None:
                # The help has no plural messages, and need not say how
                # its language counts.
                if folder == 'po':
                    failures.append('%s: no Plural-Forms' % path)
                continue
            n_forms, formula = int(forms.group(1)), forms.group(2)
            choose = gettext.c2py(formula)
            got = tuple(choose(n) for n in NUMBERS)
            if got != EXPECTED[language]:
                failures.append('%s: the forms of %s are %s, not %s' % (path, NUMBERS, got, EXPECTED[language]))
            if max(EXPECTED[language]) + 1 != n_forms:
                failures.append('%s: %d forms, where the language has %d' % (path, n_forms,
                                                                           max(EXPECTED[language]) + 1))
            for lines in entries(text):
                if any(line.startswith('#~') for line in lines):
                    continue
                forms = [line for line in lines if line.startswith('msgstr[')]
                if forms and len(forms) != n_forms:
                    msgid = next((line for line in lines if line.startswith('msgid ')), '?')
                    failures.append('%s: %s has %d forms, not %d' % (path, msgid, len(forms), n_forms))
    for failure in failures:
        print('FAIL: ' + failure)
    return 1 if failures else 0


if __name__ == '__main__':
    sys.exit(main())
