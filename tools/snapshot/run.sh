#!/usr/bin/env bash
# tools/snapshot/run.sh BINDIR OUTDIR: run every command that tools/snapshot/commands.py lists,
# from the repository root with BINDIR's crib first on the PATH, and write each one's command,
# stdout, exit code and stderr to OUTDIR/N. Two runs compared with `diff -r` show every output a
# change moved: a change that must not alter behaviour leaves none.
#
#   cargo build --release && cp target/release/crib /tmp/before/   # on the commit before
#   cargo build --release && cp target/release/crib /tmp/after/    # on the change
#   tools/snapshot/run.sh /tmp/before /tmp/snap-before
#   tools/snapshot/run.sh /tmp/after /tmp/snap-after && diff -r /tmp/snap-before /tmp/snap-after
#
# The files the commands write (game logs, charts) go to a directory of this run's own, $SNAP,
# written `$SNAP` in the outputs, so two runs may go at once.
set -euo pipefail
bindir=$(realpath "$1"); outdir=$(realpath -m "$2"); mkdir -p "$outdir"
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
commands=$(mktemp)
python3 tools/snapshot/commands.py "$root" > "$commands"
export PATH="$bindir:$PATH" LANG=C.UTF-8; unset LC_ALL LC_CTYPE NO_COLOR COLORTERM COLUMNS
SNAP=$(mktemp -d); export SNAP
# A game without --log that ends by `quit` or the end of its input saves itself as
# crib-game-SEED.jsonl where it runs (builds before 2026-11-30 did so when cut short by
# `| head` too): those this run makes are removed at the end.
stamp=$(mktemp)
n=0
while IFS= read -r cmd; do
  n=$((n+1))
  { printf '$ %s\n' "$cmd"; bash -c "$cmd" 2>"$outdir/$n.err" < /dev/null && echo "exit 0" || echo "exit $?"; cat "$outdir/$n.err"; } > "$outdir/$n" 2>&1
  rm -f "$outdir/$n.err"
  sed -i "s|$SNAP|\$SNAP|g" "$outdir/$n"
done < "$commands"
rm -rf "$SNAP"
rm -f "$commands"
find . -maxdepth 1 -name 'crib-game-*.jsonl' -newer "$stamp" -delete
rm -f "$stamp"
echo "$n commands, outputs in $outdir"
