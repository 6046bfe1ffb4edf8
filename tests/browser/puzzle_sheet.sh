#!/bin/sh
# The printable puzzle sheet in headless Chromium (label "browser"): generates a sheet from the
# bundled example game, lets Chromium load and lay it out (--dump-dom), checks that every puzzle's
# diagram and answer is in the page, and takes a screenshot.
#   tests/browser/puzzle_sheet.sh REVERSI_BINARY SOURCE_DIR SCREENSHOT.png
set -eu
bin=$1 source=$2 shot=$3
chromium=${CHROMIUM:-/usr/bin/chromium}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$bin" puzzle generate --count 4 --max-empties 20 --per-game 60 --html "$work/sheet.html" \
  -o "$work/sheet.obf" "$source/data/examples/annotate.txt" "$source/data/examples/games.txt"
flags="--headless=new --no-sandbox --disable-gpu --hide-scrollbars"
# shellcheck disable=SC2086
"$chromium" $flags --dump-dom "file://$work/sheet.html" >"$work/dom.html" 2>/dev/null
puzzles=$(grep -c 'class="puzzle"' "$work/dom.html")
diagrams=$(grep -o '<svg' "$work/dom.html" | wc -l)
answers=$(grep -c '<li><b>' "$work/dom.html")
echo "puzzles $puzzles, diagrams $diagrams, answers $answers"
[ "$puzzles" -eq 4 ] && [ "$diagrams" -eq 4 ] && [ "$answers" -eq 4 ] || exit 1
grep -q '<h1>Answers</h1>' "$work/dom.html" || exit 1
# shellcheck disable=SC2086
"$chromium" $flags --window-size=900,1300 --screenshot="$shot" "file://$work/sheet.html" 2>/dev/null
[ -s "$shot" ] || exit 1
echo "screenshot: $shot"
