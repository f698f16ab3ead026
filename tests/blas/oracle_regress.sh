# Regress inputs that showed a false finding until an oracle was fixed: each must replay to the
# verdict stated here (a known library bug's tag, or ok), so the old oracle's mistake would fail.
. "$(dirname "$0")/../integration/common.bash"
expect() { # TARGET INPUT VERDICT
  local got
  got=$(out/replay/"$1" "corpora/$1/regress/$2.textproto" 2>&1 | sed -n 's/^verdict: //p')
  [ "$got" = "$3" ] || fail "$1 $2: verdict '$got', expected '$3'"
  echo "$1 $2: $got"
}
# beta C overflowing double under an infinite alpha: netlib's Inf - Inf = NaN is allowed.
expect blas_gemm dgemm-infinite-alpha-beta-c-overflows ok
# zero-skip judges an infinity's sign on the terms it keeps: GSL's known deviation is named.
expect blas_gemm gslcblas-dgemm-zero-skip-infinite-beta mlf:blas_gemm:gslcblas:dgemm:nan-lost-zero-skip
# the trsm residual's underflow term scaled by |alpha| (netlib applies alpha after the solve).
expect blas_level23 dtrsm-alpha-after-solve-subnormal-b ok
# a complex alpha a whose rounded real products underflow (GSL's cgemm temp is (-0, 0)): zero-skip.
expect blas_gemm gslcblas-cgemm-textbook-underflow-zero-skip mlf:blas_gemm:gslcblas:cgemm:inf-mismatch-zero-skip
# an exact element just beyond -DBL_MAX (zgemm, alpha = (0, DBL_MAX)): netlib rounds it to -Inf,
# every optimised library's association to -DBL_MAX, within the bound of the exact value.
expect blas_gemm zgemm-exact-beyond-double-max ok
# GSL's cgemm skips a term and leaves C untouched for beta = 1, so (-Inf, y) in C keeps y: zero-skip
# in the complex-zero-parts arithmetic (textbook (1, 0) C would be (-Inf, NaN)), named, not plain nan-lost.
expect blas_gemm gslcblas-cgemm-unit-beta-zero-skip mlf:blas_gemm:gslcblas:cgemm:nan-lost-zero-skip
