#!/usr/bin/env bash
# Prints where third-party builds and sources are cached, outside any clone so that every
# checkout and CI run on a machine shares them: $MLF_CACHE if set, else
# $XDG_CACHE_HOME/mlfuzz, else /var/cache/mlfuzz when it can be written, else
# ~/.cache/mlfuzz. Entries are keyed by content (scripts/cached-build.sh), so sharing is safe.
set -euo pipefail
if [ -n "${MLF_CACHE:-}" ]; then echo "$MLF_CACHE"
elif [ -n "${XDG_CACHE_HOME:-}" ]; then echo "$XDG_CACHE_HOME/mlfuzz"
elif mkdir -p /var/cache/mlfuzz 2>/dev/null && [ -w /var/cache/mlfuzz ]; then echo /var/cache/mlfuzz
else echo "$HOME/.cache/mlfuzz"
fi
