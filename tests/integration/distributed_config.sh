# The ClusterFuzzLite (.clusterfuzzlite/) and OSS-Fuzz (oss-fuzz/mlfuzz/) project files: each
# project.yaml parses and has the fields its service reads (OSS-Fuzz: both engines, ASan and
# UBSan), each Dockerfile starts from OSS-Fuzz's base builder, prepares the image with
# scripts/prepare-image.sh (run here too) and installs a build.sh that runs the repository's (which
# build_sh_contract runs under the contract). Docker itself is not run here.
. "$(dirname "$0")/common.bash"
python3 - <<'PY' || fail "project.yaml"
import yaml
cfl = yaml.safe_load(open(".clusterfuzzlite/project.yaml"))
assert cfl["language"] == "c", cfl
oss = yaml.safe_load(open("oss-fuzz/mlfuzz/project.yaml"))
for key in ("homepage", "main_repo", "primary_contact", "language"):
    assert key in oss, key
assert oss["language"] == "c"
assert set(oss["fuzzing_engines"]) == {"libfuzzer", "afl"}, oss["fuzzing_engines"]
assert {"address", "undefined"} <= set(oss["sanitizers"]), oss["sanitizers"]
PY
for dir in .clusterfuzzlite oss-fuzz/mlfuzz; do
  grep -q '^FROM gcr.io/oss-fuzz-base/base-builder$' $dir/Dockerfile || fail "$dir/Dockerfile: not FROM base-builder"
  grep -q '^RUN scripts/prepare-image.sh$' $dir/Dockerfile || fail "$dir/Dockerfile: no prepare-image.sh"
  grep -q '^COPY .*build.sh \$SRC/$' $dir/Dockerfile || fail "$dir/Dockerfile: build.sh not installed in \$SRC"
  [ -x $dir/build.sh ] && grep -q '^exec "\$SRC/mlfuzz/build.sh"$' $dir/build.sh || fail "$dir/build.sh does not run build.sh"
done
# What the Dockerfiles run, here: with the packages installed and the sources cached it fetches
# nothing, but it resolves every recipe's source.
scripts/prepare-image.sh >"$tmp/prepare.log" 2>&1 || { cat "$tmp/prepare.log"; fail "scripts/prepare-image.sh"; }
echo "distributed: project.yaml files parse with their fields; Dockerfiles and build steps in place"
