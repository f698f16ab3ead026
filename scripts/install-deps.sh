#!/usr/bin/env bash
# Installs the Debian packages mlfuzz needs (idempotent: installs only what is missing, runs
# `apt-get update` at most once per call and only when something is missing).
# Source packages (OpenBLAS, ...) are fetched separately by scripts/fetch-debian-source.sh.
set -euo pipefail
packages=(
  # toolchain and engines: clang-16 with libFuzzer, AFL++ (built on clang-14), protobuf-c
  clang-16 libclang-rt-16-dev llvm-16 afl++ clang-14 libclang-rt-14-dev
  protobuf-c-compiler libprotobuf-c-dev protobuf-compiler
  make gcc dpkg-dev zip unzip binutils
  # tests (python3-yaml: the ClusterFuzzLite / OSS-Fuzz project files), plots; the campaign
  # report's test loads the page in a headless Chromium
  libcmocka-dev python3-yaml gnuplot-nox chromium
  # BLAS family: netlib reference BLAS/LAPACK, OpenBLAS variants, BLIS, ATLAS, GSL cblas,
  # oneDNN (its dnnl_sgemm); aNNoTest's LAPACKE (liblapacke-dev's headers, the wrappers built from
  # source over liblapack3 and libblas3, harnesses/libraries/lapacke)
  libblas3 liblapack3 liblapacke-dev libopenblas0-pthread libopenblas0-serial
  libopenblas0-openmp libblis4-serial libatlas3-base libgsl-dev libgslcblas0 libdnnl2
  # statistics family: GSL is built from source (harnesses/libraries/gsl); the prebuilt one is for
  # comparison. Forecaster: oneDNN's LSTM primitive (headers). Mutation-score evaluation:
  # libclang's Python bindings parse the mutated sources.
  libdnnl-dev python3-clang-16
  # LEMON family: XNNPACK (2022 snapshot) and its thread pool
  libxnnpack-dev libpthreadpool-dev
  # image I/O (MoCo family): libpng is built from its Debian source; zlib and the headers
  libpng-dev zlib1g-dev
  # FANN (MoCo family): built from its Debian source; the headers, and the installed libfann2
  # that confirms each finding
  libfann-dev
  # the PNG decoders the MoCo libpng target compares every file it writes with
  libspng-dev liblodepng-dev libstb-dev
  # aNNoTest family: LIBSVM, LIBLINEAR (with the BLAS it links) and XGBoost are built from
  # their Debian sources (harnesses/libraries/); their headers, and the installed binaries
  # (libsvm3, liblinear4, libxgboost0) that confirm each finding; XGBoost's build needs cmake
  # and Debian's dmlc-core
  libsvm-dev liblinear-dev libblas-dev libxgboost-dev libdmlc-dev cmake
  # Keeper family, OCR: Tesseract 5.3 with its English model, ocrad, leptonica (Tesseract's
  # image library), the text renderer (pango over cairo and FreeType) and the fonts it draws
  # with: serif, sans and mono, and handwriting-like faces
  libtesseract-dev tesseract-ocr-eng libleptonica-dev libocrad-dev libpango1.0-dev libcairo2-dev
  fonts-dejavu-core fonts-liberation2 fonts-freefont-ttf fonts-comic-neue fonts-humor-sans
  fonts-dancingscript
  # Keeper family, speech: PocketSphinx 5prealpha with sphinxbase and its US-English model, the
  # synthesisers espeak-ng and flite, the resamplers libsamplerate, soxr and speexdsp
  libpocketsphinx-dev libsphinxbase-dev pocketsphinx-en-us libespeak-ng-dev flite1-dev
  libsamplerate0-dev libsoxr-dev libspeexdsp-dev
  # Keeper's repair suggestions: WordNet's C API (label expansion)
  wordnet-dev
  # standalone reproducers (harnesses/*/reproducers): Electric Fence puts each allocation against
  # an inaccessible page, so an out-of-bounds read by an uninstrumented Debian library faults
  electric-fence
)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then exit 0; fi
if [ "$(id -u)" -ne 0 ]; then
  echo "install-deps: missing packages: ${missing[*]}; run this script as root (or apt-get install them)" >&2
  exit 1
fi
echo "install-deps: installing ${missing[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
