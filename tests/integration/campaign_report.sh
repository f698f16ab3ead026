# A tiny campaign (scripts/campaign.sh: two small targets, both engines, two jobs each, 30 s)
# takes its budget within a few seconds and ends with a report page that a real headless
# Chromium loads: its screenshot is a PNG of the window's size that is not blank, and the DOM
# it builds has the plots (img elements carrying PNG data), the runs and findings tables and
# LEMON's D_MAD table. Skipped (77) without chromium (scripts/install-deps.sh installs it) or
# without the two targets' builds.
. "$(dirname "$0")/common.bash"
targets=(gsl_fit lemon_model)
command -v chromium >/dev/null || { echo "chromium is not installed"; exit 77; }
for t in "${targets[@]}"; do
  for f in out/libfuzzer/$t out/afl/$t out/afl/$t.mutator.so out/replay/$t; do
    [ -e "$f" ] || { echo "$f is not built"; exit 77; }
  done
done
# The pipeline is under test here, not the libraries: one variant per oneDNN primitive keeps a
# LEMON model fast enough for tens of executions in a few seconds on a loaded machine.
export MLF_LEMON_VARIANTS=1
budget=30
start=$(date +%s)
scripts/campaign.sh --seconds "$budget" --jobs 2 --out "$tmp" --name tiny "${targets[@]}" \
  >"$tmp/stdout" 2>"$tmp/stderr" || { tail -n 30 "$tmp/stderr"; fail "the campaign failed"; }
wall=$(($(date +%s) - start))
echo "campaign: ${wall}s wall clock for a ${budget}s budget"
[ "$wall" -ge $((budget - 5)) ] && [ "$wall" -le $((budget + 3)) ] ||
  fail "the campaign took ${wall}s for a ${budget}s budget"
dir=$tmp/tiny
# The engines' own parallelism: libFuzzer's fork mode with two jobs, AFL++ main and secondary.
grep -q 'INFO: -fork=2' "$dir/runs/gsl_fit-libfuzzer/log" || fail "libFuzzer did not run -fork=2"
host=$(hostname -s)
[ -f "$dir/runs/gsl_fit-afl/sync/main-$host/plot_data" ] && [ -f "$dir/runs/gsl_fit-afl/sync/secondary1-$host/plot_data" ] ||
  fail "AFL++ did not run a main and a secondary instance"
for run in gsl_fit-libfuzzer gsl_fit-afl lemon_model-libfuzzer lemon_model-afl; do
  execs=$(awk -v r="$run" '$1 == r { print $5 }' "$dir/summary.txt")
  [ "${execs:-0}" -gt 0 ] || fail "$run: no executions in the summary"
done
[ -s "$dir/lemon.tsv" ] || fail "no D_MAD per library pair for lemon_model"

page=file://$(realpath "$dir/report.html")
chrome() { timeout 60 chromium --headless --no-sandbox --disable-gpu --hide-scrollbars "$@" 2>>"$tmp/chromium.log"; }
chrome --window-size=1100,2600 --screenshot="$tmp/shot.png" "$page" >/dev/null || fail "chromium could not take a screenshot"
# Width, height and the share of pixels that are not white, from the PNG itself.
read -r width height inked < <(python3 - "$tmp/shot.png" <<'PY'
import struct, sys, zlib
data = open(sys.argv[1], "rb").read()
assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
pos, idat = 8, b""
while pos < len(data):
    n, kind = struct.unpack(">I4s", data[pos:pos + 8])
    body = data[pos + 8:pos + 8 + n]
    if kind == b"IHDR":
        w, h, depth, color = struct.unpack(">IIBB", body[:10])
    elif kind == b"IDAT":
        idat += body
    pos += 12 + n
bpp = {2: 3, 6: 4}[color]
raw, stride, prev, inked = zlib.decompress(idat), w * bpp, bytearray(w * bpp), 0
for y in range(h):
    f, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
    for i in range(stride):  # undo the PNG filter of this scanline
        a = line[i - bpp] if i >= bpp else 0
        b, c = prev[i], prev[i - bpp] if i >= bpp else 0
        if f == 1: line[i] = (line[i] + a) & 255
        elif f == 2: line[i] = (line[i] + b) & 255
        elif f == 3: line[i] = (line[i] + (a + b) // 2) & 255
        elif f == 4:
            p = a + b - c
            pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
            line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
    inked += sum(1 for x in range(0, stride, bpp) if min(line[x:x + 3]) < 200)
    prev = line
print(w, h, f"{100 * inked / (w * h):.1f}")
PY
)
echo "screenshot: ${width}x${height}, $(stat -c %s "$tmp/shot.png") bytes, ${inked}% of pixels not white"
[ "$width" = 1100 ] && [ "$height" = 2600 ] || fail "screenshot is ${width}x${height}, not the window's 1100x2600"
awk -v p="$inked" 'BEGIN { exit !(p >= 3) }' || fail "the screenshot is nearly blank (${inked}% of pixels inked)"

chrome --dump-dom "$page" >"$tmp/dom.html" || fail "chromium could not dump the DOM"
plots=$(grep -o '<img [^>]*src="data:image/png;base64,[A-Za-z0-9+/=]\{1000,\}"' "$tmp/dom.html" | wc -l)
[ "$plots" -ge 3 ] || fail "$plots plots with PNG data in the page, want 3 (two targets and LEMON)"
grep -o 'src="data:image/png;base64,[^"]*"' "$tmp/dom.html" | head -n 1 | sed 's/^src="data:image\/png;base64,//; s/"$//' |
  base64 -d | head -c 8 | grep -q PNG || fail "the first plot's data is not a PNG"
for table in runs findings known lemon; do
  grep -q "<table id=\"$table\">" "$tmp/dom.html" || fail "no $table table in the page"
done
for column in tag 'first seen (s)' count reproduce 'report draft'; do
  grep -q "<th>$column</th>" "$tmp/dom.html" || fail "the findings table has no '$column' column"
done
rows=$(sed -n '/<table id="runs">/,/<\/table>/p' "$tmp/dom.html" | grep -c '<tr><td>')
[ "$rows" -eq 4 ] || fail "$rows rows in the runs table, want 4"
echo "page: $plots plots, tables runs ($rows runs), findings, known, lemon"
