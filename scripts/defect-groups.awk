# Groups library-bug rows into defects (one upstream issue each) for scripts/reports.sh.
# Input: tab-separated rows "index, family, tag, program, status, explanation, generated" (generated:
# 1 when the program was generated from the row's message, so it stands for that row alone), then
# reproducer, needs, outcome, output and, 12th, the row's case of its program ("-": none).
# Output: "index<TAB>defect number" per row. Two rows are one defect when
#   - they share a hand-written program and its case (a program of several cases shows one
#     defect per case);
#   - they have the same tag (the same finding on other inputs);
#   - one's status or explanation says it is "the defect of TAG" of the other;
#   - their libraries are the same and their explanations are equal once the BLAS precision
#     letter (s, d, c, z) of the routine in the tag is normalised (sgemm, dgemm, zgemm: ?gemm).
BEGIN { FS = "\t" }
function find(k) { while (parent[k] != k) k = parent[k] = parent[parent[k]]; return k }
function key(k) { if (!(k in parent)) parent[k] = k; return find(k) }
function join(a, b) { a = key(a); b = key(b); if (a != b) parent[a] = b }
# The explanation with every precision variant of the tag's routine written as ?routine.
function normalised(family, routine, text,    rest, letters, i, l) {
  if (family != "blas" || routine !~ /^([sdcz?]|\[[sdcz]+\])[a-z]/) return text
  rest = routine; sub(/^([sdcz?]|\[[sdcz]+\])/, "", rest)
  split("s d c z S D C Z", letters, " ")
  for (i = 1; i <= 8; i++) {
    l = i > 4 ? toupper(rest) : rest
    text = replace_word(text, letters[i] l, "?" l)
  }
  return text
}
# Replaces whole-word occurrences of w in s by r.
function replace_word(s, w, r,    out, i, before, after) {
  out = ""
  while ((i = index(s, w)) > 0) {
    before = i > 1 ? substr(s, i - 1, 1) : ""
    after = substr(s, i + length(w), 1)
    if (before !~ /[A-Za-z0-9_]/ && after !~ /[A-Za-z0-9_]/) out = out substr(s, 1, i - 1) r
    else out = out substr(s, 1, i - 1 + length(w))
    s = substr(s, i + length(w))
  }
  return out s
}
{
  index_ = $1; family = $2; tag = $3; program = $4; status = $5; explanation = $6
  split(tag, f, ":"); library = f[3]; routine = f[4]
  sub(/-?\*$/, "", library)  # openblas-* and openblas* are OpenBLAS
  row[NR] = index_; own = "row:" index_; key(own)
  join(own, "tag:" tag)
  if (program != "-" && $7 != 1) join(own, "program:" program "#" $12)
  if (match(status " " explanation, /the defect of mlf:[^ ;,()]+/))
    join(own, "tag:" substr(status " " explanation, RSTART + 14, RLENGTH - 14))
  join(own, "explanation:" library "|" normalised(family, routine, explanation))
}
END {
  for (i = 1; i <= NR; i++) {
    r = find("row:" row[i])
    if (!(r in number)) number[r] = ++defects
    print row[i] "\t" number[r]
  }
}
