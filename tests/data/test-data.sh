#!/bin/sh
# test-data.sh: checks of the files that make Chess Parlour part of the desktop
#
#   test-data.sh CHECK SOURCE_ROOT BUILD_ROOT [ARGUMENTS…]
#
# Each CHECK exits with 0 when all is well, 1 when something is wrong and
# 77 (skipped) when a tool it needs is not installed.
#
# SPDX-License-Identifier: GPL-3.0-or-later

set -u

check=$1
src=$(cd "$2" && pwd) || exit 1
build=$3
shift 3

app_id=io.github.chess_parlour.ChessParlour
tmp=$(mktemp -d "${TMPDIR:-/tmp}/cp-data-test.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT

need () {
  for tool in "$@"; do
    if ! command -v "$tool" >/dev/null 2>&1; then
      echo "$tool is not installed; skipping"
      exit 77
    fi
  done
}

fail () {
  echo "FAIL: $*"
  status=1
}

status=0

# The po files of the program (po/) or of the help (help/), one a line.
po_files () {
  case $1 in
    po)
      while read -r lang; do
        case $lang in '' | '#'*) continue ;; esac
        echo "$src/po/$lang.po"
      done < "$src/po/LINGUAS"
      ;;
    help)
      while read -r lang; do
        case $lang in '' | '#'*) continue ;; esac
        echo "$src/help/$lang/$lang.po"
      done < "$src/help/LINGUAS"
      ;;
  esac
}

# Prints "translated fuzzy untranslated" for a po file.
po_counts () {
  LC_ALL=C msgfmt --statistics -o /dev/null "$1" 2>&1 | awk '
    / translated message/ {
      t = f = u = 0
      for (i = 1; i < NF; i++) {
        if ($(i + 1) ~ /^translated/) t = $i
        if ($(i + 1) ~ /^fuzzy/) f = $i
        if ($(i + 1) ~ /^untranslated/) u = $i
      }
      print t, f, u
    }'
}

# Fails unless $1 (a po file) translates every message of $2 (a template).
po_complete () {
  msgmerge --quiet --no-fuzzy-matching -o "$tmp/merged.po" "$1" "$2" || { fail "$1 cannot be merged"; return; }
  # shellcheck disable=SC2046 # the three counts become $2 $3 $4
  set -- "$1" $(po_counts "$tmp/merged.po")
  if [ $# -ne 4 ]; then
    fail "$1: msgfmt gives no statistics"
  elif [ "$3" != 0 ] || [ "$4" != 0 ]; then
    fail "$1: $2 translated, $3 fuzzy, $4 untranslated against the current sources"
    msgattrib --only-fuzzy --no-obsolete --no-wrap "$tmp/merged.po" 2>/dev/null | grep "^msgid " | grep -v "^msgid \"\"$" | head -n 20
    msgattrib --untranslated --no-obsolete --no-wrap "$tmp/merged.po" 2>/dev/null | grep "^msgid " | grep -v "^msgid \"\"$" | head -n 20
  else
    echo "$1: all $2 messages translated"
  fi
}

case $check in

  desktop)
    need desktop-file-validate
    file="$build/data/$app_id.desktop"
    desktop-file-validate "$file" || fail "$file"
    grep -q '^MimeType=.*application/x-chess-parlour-game;' "$file" ||
      fail "the desktop file does not name the record type"
    for lang in $(po_files po | sed 's|.*/||; s|\.po$||'); do
      grep -q "^Name\[$lang\]=" "$file" || fail "the desktop file has no name in $lang"
    done
    ;;

  metainfo)
    need appstreamcli
    file="$build/data/$app_id.metainfo.xml"
    appstreamcli validate --no-net --explain "$file" || fail "$file"
    # The store shows the summary and the description in each language.
    for lang in $(po_files po | sed 's|.*/||; s|\.po$||'); do
      grep -q "<summary xml:lang=\"$lang\">" "$file" || fail "the metainfo has no summary in $lang"
      grep -q "<p xml:lang=\"$lang\">" "$file" || fail "the metainfo has no description in $lang"
    done
    ;;

  schemas)
    need glib-compile-schemas
    glib-compile-schemas --strict --dry-run "$src/data" || fail "the settings schema"
    ;;

  mime)
    need xmllint update-mime-database
    xmllint --noout "$src/data/$app_id.mime.xml.in" || fail "$app_id.mime.xml.in"
    xmllint --noout "$build/data/$app_id.xml" || fail "the merged MIME definition"
    mkdir -p "$tmp/mime/packages"
    cp "$build/data/$app_id.xml" "$tmp/mime/packages/"
    update-mime-database "$tmp/mime" 2>"$tmp/update-mime-database.log" ||
      { cat "$tmp/update-mime-database.log"; fail "update-mime-database rejects the definition"; }
    grep -q ':application/x-chess-parlour-game:\*\.cpgame' "$tmp/mime/globs2" ||
      fail "*.cpgame is not registered"
    grep -q 'https://github.com/chess-parlour/chess-parlour/ns/record game-record application/x-chess-parlour-game' \
      "$tmp/mime/XMLnamespaces" || fail "the record namespace is not registered"
    grep -q 'application/x-chess-parlour-game application/xml' "$tmp/mime/subclasses" ||
      fail "records are not a kind of XML"
    grep -q 'application/x-chess-parlour-game' "$tmp/mime/magic" || fail "no magic for records"
    if command -v gio >/dev/null 2>&1; then
      # A record found by its name, and one found by its contents.
      cp "$src/tests/data/records/good-fools-mate.xml" "$tmp/game.cpgame"
      cp "$src/tests/data/records/good-fools-mate.xml" "$tmp/game-without-extension"
      for file in "$tmp/game.cpgame" "$tmp/game-without-extension"; do
        type=$(XDG_DATA_HOME="$tmp" XDG_DATA_DIRS="$tmp" gio info -a standard::content-type "$file" |
               sed -n 's/^ *standard::content-type: //p')
        [ "$type" = application/x-chess-parlour-game ] ||
          fail "$(basename "$file") is taken for '$type'"
      done
    fi
    ;;

  help)
    need yelp-check
    yelp-check validate "$src"/help/C/*.page || fail "the help pages do not validate"
    out=$(cd "$src/help/C" && yelp-check links ./*.page 2>&1)
    [ -z "$out" ] || fail "broken links in the help: $out"
    out=$(cd "$src/help/C" && yelp-check orphans ./*.page 2>&1)
    [ -z "$out" ] || fail "help pages no guide links to: $out"
    # Every game that exists has a page of its own, named by its id.
    if [ -n "${CP_PROGRAM:-}" ]; then
      if "$CP_PROGRAM" --list-games >"$tmp/games"; then
        cut -f 1 "$tmp/games" > "$tmp/ids"
        while read -r id; do
          [ -f "$src/help/C/$id.page" ] || fail "the game $id has no help page"
        done < "$tmp/ids"
        [ -s "$tmp/games" ] || fail "the program lists no games"
      else
        fail "the program cannot list its games"
      fi
    fi
    ;;

  po-check)
    need msgfmt
    for po in $(po_files po) $(po_files help); do
      [ -f "$po" ] || { fail "$po is missing"; continue; }
      msgfmt --check --statistics -o /dev/null "$po" || fail "$po"
    done
    ;;

  translations)
    need xgettext msgmerge msgfmt msgattrib itstool
    # The templates, made from the current sources as the build makes them.
    (cd "$src" && xgettext --from-code=UTF-8 --add-comments \
       --keyword=_ --keyword=N_ --keyword=C_:1c,2 --keyword=NC_:1c,2 \
       --keyword=g_dcgettext:2 --keyword=g_dngettext:2,3 --keyword=g_dpgettext2:2c,3 \
       --flag=N_:1:pass-c-format --flag=C_:2:pass-c-format --flag=NC_:2:pass-c-format \
       --flag=g_dngettext:2:pass-c-format --files-from=po/POTFILES \
       -o "$tmp/program.pot") || fail "xgettext cannot read the sources"
    itstool -o "$tmp/help.pot" "$src"/help/C/*.page "$src"/help/C/*.xml ||
      fail "itstool cannot read the help"
    for po in $(po_files po); do
      po_complete "$po" "$tmp/program.pot"
    done
    for po in $(po_files help); do
      po_complete "$po" "$tmp/help.pot"
    done
    ;;

  flatpak)
    need flatpak-builder
    manifest="$src/flatpak/$app_id.json"
    # flatpak-builder leaves a cache folder where it runs.
    cd "$tmp" || exit 1
    G_DEBUG=fatal-warnings flatpak-builder --show-manifest "$manifest" >"$tmp/manifest" ||
      fail "flatpak-builder cannot read $manifest"
    # The sources resolve (the application comes from this very tree).
    flatpak-builder --download-only --disable-updates --state-dir="$tmp/state" \
      "$tmp/app" "$manifest" || fail "the manifest's sources do not resolve"
    ;;

  install)
    meson=$1
    "$meson" install -C "$build" --no-rebuild --quiet --destdir "$tmp/root" >"$tmp/install.log" 2>&1 ||
      { cat "$tmp/install.log"; fail "meson install"; }
    prefix=$("$meson" introspect --buildoptions "$build" |
             python3 -c 'import json,sys; print(next(o["value"] for o in json.load(sys.stdin) if o["name"] == "prefix"))')
    share="$tmp/root$prefix/share"
    for path in \
        "$tmp/root$prefix/bin/chess-parlour" \
        "$share/applications/$app_id.desktop" \
        "$share/metainfo/$app_id.metainfo.xml" \
        "$share/icons/hicolor/scalable/apps/$app_id.svg" \
        "$share/icons/hicolor/symbolic/apps/$app_id-symbolic.svg" \
        "$share/glib-2.0/schemas/$app_id.gschema.xml" \
        "$share/mime/packages/$app_id.xml" \
        "$share/help/C/chess-parlour/index.page" \
        "$share/help/C/chess-parlour/chess.page" \
        "$share/help/C/chess-parlour/chess960.page"; do
      [ -e "$path" ] || fail "not installed: ${path#"$tmp/root"}"
    done
    # What the post-install step does for an installation without DESTDIR.
    glib-compile-schemas --strict "$share/glib-2.0/schemas" ||
      fail "the installed settings schema does not compile"
    (unset GSETTINGS_SCHEMA_DIR
     XDG_DATA_DIRS="$share:${XDG_DATA_DIRS:-/usr/local/share:/usr/share}" \
       "$tmp/root$prefix/bin/chess-parlour" --list-games >"$tmp/games" 2>&1) ||
      { cat "$tmp/games"; fail "the installed program does not run"; }
    for lang in $(po_files po | sed 's|.*/||; s|\.po$||'); do
      [ -e "$share/locale/$lang/LC_MESSAGES/chess-parlour.mo" ] ||
        fail "not installed: the $lang translation"
    done
    for lang in $(po_files help | sed 's|.*/||; s|\.po$||'); do
      [ -e "$share/help/$lang/chess-parlour/index.page" ] ||
        fail "not installed: the $lang help"
      # -e follows the link to the English figure, so it must resolve.
      [ -e "$share/help/$lang/chess-parlour/figures/chess-start.svg" ] ||
        fail "not installed: the figures of the $lang help"
    done
    [ -s "$share/help/C/chess-parlour/figures/chess-start.svg" ] ||
      fail "not installed: the figures of the help"
    ;;

  *)
    echo "unknown check $check"
    exit 2
    ;;
esac

exit $status
