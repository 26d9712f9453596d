#!/usr/bin/env bash
# QA scenario: drive demo-free to 429, then to a ban, then past the ban, with the mock's clock
# (no waiting). Runs against a mock started with `npm start` (or BASE_URL=...), in its own session.
set -euo pipefail
BASE="${BASE_URL:-http://127.0.0.1:4010}"
SESSION=(-H "X-Mock-Session: ${SESSION:-qa-rate-limit}")
KEY=(-H 'X-API-Key: demo-free')
JSON=(-H 'Content-Type: application/json')

status() { curl -s -o /dev/null -w '%{http_code}' "${SESSION[@]}" "${KEY[@]}" "$BASE/pets"; }
show() { curl -s -D - -o /dev/null "${SESSION[@]}" "${KEY[@]}" "$BASE/pets" | grep -iE '^(HTTP/|retry-after|x-ratelimit-remaining)' | tr -d '\r'; }
expect() { [ "$1" = "$2" ] || { echo "expected $2, got $1" >&2; exit 1; }; }

# A clean session whose clock stands at 12:00:00 UTC.
curl -s -X POST "${SESSION[@]}" "$BASE/__admin/reset"
curl -s -X POST "${SESSION[@]}" "${JSON[@]}" -d '{"set":"2026-12-01T12:00:00Z"}' "$BASE/__admin/clock"; echo

echo '--- 60 requests: the Free plan minute'
for _ in $(seq 1 60); do expect "$(status)" 200; done
echo '--- the 61st: 429, Retry-After 60'
show
for _ in $(seq 1 10); do expect "$(status)" 429; done
echo '--- after 11 answers of 429, the next request bans the key for 15 minutes'
show
echo '--- 15 minutes later (by the clock), the key works again'
curl -s -X POST "${SESSION[@]}" "${JSON[@]}" -d '{"advanceSeconds":900}' "$BASE/__admin/clock"; echo
show
