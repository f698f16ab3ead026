#!/usr/bin/env bash
# Prepares a build image (the ClusterFuzzLite and OSS-Fuzz Dockerfiles run it where the network
# is): the Debian packages (scripts/install-deps.sh) and the Debian source of every library
# built from source, fetched into the cache build.sh reads ($MLF_CACHE), so the build itself
# needs no network. Needs a Debian 12 userland: the packages and sources are Debian's.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
for recipe in harnesses/libraries/*/recipe.sh; do
  # A recipe names its source (recipe_package, recipe_source) as scripts/cached-build.sh reads it.
  (recipe_package= recipe_source=
   . "$recipe"
   scripts/fetch-debian-source.sh ${recipe_source:+--orig-only} "$recipe_package")
done
