# Checks a recipe runs before it builds a library from a pinned source (sourced by the recipes
# of LIBSVM, LIBLINEAR and XGBoost): the unpacked source is the pinned upstream release, its
# header is the one the harnesses compile against, and a C++ compiler was given. Each returns
# 1 with its reason in the build log (cached-build.sh shows the log's end).

# recipe_check_pin SRC FILE LINE LOG: SRC/FILE holds the line LINE (e.g. a version macro).
recipe_check_pin() {
  grep -qxF "$3" "$1/$2" && return 0
  echo "${BASH_SOURCE[1]}: $2 lacks '$3': the fetched source is not the pinned release" >>"$4"
  return 1
}

# recipe_check_header SRC FILE INSTALLED LOG: SRC/FILE is byte for byte the installed header.
recipe_check_header() {
  cmp -s "$1/$2" "$3" && return 0
  echo "${BASH_SOURCE[1]}: $2 differs from $3, which the harnesses compile against" >>"$4"
  return 1
}

# recipe_check_cxx LOG: $CXX names the C++ driver of the variant's compiler.
recipe_check_cxx() {
  [ -n "${CXX:-}" ] && return 0
  echo "${BASH_SOURCE[1]}: a C++ library needs CXX, the C++ driver of the compiler" >>"$1"
  return 1
}
