#!/usr/bin/env bash
# Compares the public pages two versions of the site render, byte for byte (CSP nonces and asset fingerprints
# masked), on one copy of fresh demo data.
# Used to show that a refactor changes no page (README "Layout").
#
#   scripts/compare-public-pages.sh BEFORE [AFTER]
#
# BEFORE and AFTER are each a git revision or a checkout folder; AFTER defaults to this working tree. A revision is
# checked out in a temporary worktree (node_modules hard-linked from this checkout) and built; a folder is used as it
# is and must hold a build (`npm run build`). Exits 1 when any page differs, printing the first differing lines.
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
BEFORE=${1:?usage: scripts/compare-public-pages.sh BEFORE [AFTER]}
AFTER=${2:-$ROOT}
PORT_A=${COMPARE_PORT_A:-4261}
PORT_B=${COMPARE_PORT_B:-4262}
WORK=$(mktemp -d /tmp/compare-pages.XXXXXX)
PIDS=()

cleanup() {
  for pid in "${PIDS[@]}"; do kill "$pid" 2>/dev/null || true; done
  for dir in "$WORK"/rev-*; do [ -d "$dir" ] && git -C "$ROOT" worktree remove --force "$dir" >/dev/null 2>&1 || true; done
  rm -rf "$WORK"
}
trap cleanup EXIT

# A folder with a build, or a revision checked out and built in a temporary worktree.
prepare() {
  local what=$1 name=$2
  if [ -d "$what" ]; then
    [ -f "$what/build/server.js" ] || { echo "$what has no build: run npm run build there" >&2; exit 2; }
    echo "$what"
    return
  fi
  local dir="$WORK/rev-$name"
  git -C "$ROOT" worktree add --detach "$dir" "$what" >/dev/null 2>&1
  cp -al "$ROOT/node_modules" "$dir/node_modules"
  (cd "$dir" && npm run build >"$WORK/build-$name.log" 2>&1) || { echo "build of $what failed: $WORK/build-$name.log" >&2; exit 2; }
  echo "$dir"
}

start() {
  local dir=$1 port=$2 data=$3
  (cd "$dir" && NODE_ENV=production PORT=$port HOST=127.0.0.1 DATA_DIR="$data" \
    BETTER_AUTH_URL=http://localhost:$port PUBLIC_URL=http://localhost:4260 ADMIN_PASSWORD=compare-pages-123 \
    PAGE_CACHE=off RATE_LIMIT=off exec node build/server.js >"$WORK/server-$port.log" 2>&1) &
  PIDS+=($!)
  for _ in $(seq 1 120); do curl -sf "localhost:$port/healthz" >/dev/null && return; sleep 1; done
  echo "the server on port $port did not start: $(tail -5 "$WORK/server-$port.log")" >&2
  exit 2
}

DIR_A=$(prepare "$BEFORE" a)
DIR_B=$(prepare "$AFTER" b)
# The demo seed dates its items from the moment it runs: seed once, stop, and give both sites a copy of that database.
start "$DIR_A" "$PORT_A" "$WORK/data-a"
kill "${PIDS[0]}"
wait "${PIDS[0]}" 2>/dev/null || true
PIDS=()
cp -a "$WORK/data-a" "$WORK/data-b"
start "$DIR_A" "$PORT_A" "$WORK/data-a"
start "$DIR_B" "$PORT_B" "$WORK/data-b"

paths="/ /about /programme /clients /interviews /podcasts /special-features /videos /videos?page=2 /blog /contact
/companies /companies?sector=mining /companies/ironbark-gold /companies/no-such-company /search /search?q=market
/search?q=IBG /auth /no-such-page /rss.xml /videos/rss.xml /blog/rss.xml /podcasts/rss.xml /companies/ironbark-gold/rss.xml
/sitemap.xml /sitemaps/pages-1.xml /sitemaps/videos-1.xml /robots.txt"
# Three items of each type, taken from the lists of the BEFORE site.
for list in videos podcasts blog interviews special-features; do
  item=$list
  [ "$list" = videos ] && item=video
  [ "$list" = podcasts ] && item=podcast
  for path in $(curl -s "localhost:$PORT_A/$list" | grep -o "href=\"/$item/[0-9a-f-]\{36\}\"" | cut -d'"' -f2 | sort -u | head -3); do
    paths="$paths $path"
  done
done

# Masked: the CSP nonce (new per response) and the build's fingerprints (a chunk's name carries the hash of its
# code, and any change to client code renames chunks and the manifest); everything else must match to the byte.
page() {
  curl -s "localhost:$1$2" | sed -E -e 's/nonce="[^"]*"/nonce=""/g' \
    -e 's/-[A-Za-z0-9_-]{8}\.(js|css)/-HASH.\1/g' -e 's/"version": ?"[^"]*"/"version":""/g'
}
same=0
different=0
for path in $paths; do
  a=$(page "$PORT_A" "$path")
  b=$(page "$PORT_B" "$path")
  if [ "$a" == "$b" ]; then
    same=$((same + 1))
  else
    different=$((different + 1))
    echo "DIFFERS: $path"
    diff <(echo "$a" | tr '>' '\n') <(echo "$b" | tr '>' '\n') | head -8 || true
  fi
done
echo "identical: $same, different: $different"
[ "$different" -eq 0 ]
