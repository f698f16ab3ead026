/* The parsed form of an annotation header (ANNOTATIONS.md): terms as written, strategies
 * checked from them, and per annotated declaration its parameters, variables (one per
 * parameter, then the @dim shape variables), preconditions, postconditions and examples.
 * Shared by the generator's parser and emitters and by the tests' independent checker. */
#ifndef AT_MODEL_H
#define AT_MODEL_H
#include <stddef.h>

/* A term: a number, identifier, string, list [..], call name(args) or arithmetic. */
typedef enum { AT_NUM, AT_IDENT, AT_STR, AT_LIST, AT_CALL, AT_BINOP, AT_NEG } at_term_kind;
typedef struct at_term {
  at_term_kind kind;
  int line;
  double num;          /* AT_NUM */
  char *text;          /* AT_NUM (as written), AT_IDENT, AT_STR, AT_CALL name, AT_BINOP operator */
  struct at_term **args; /* AT_LIST items, AT_CALL arguments, AT_BINOP/AT_NEG operands */
  char **keys;         /* AT_CALL: keyword of each argument, NULL when positional */
  size_t nargs;
} at_term;

typedef enum {
  AT_INTS, AT_FLOATS, AT_BOOLS, AT_FROMS, AT_FLAGS, AT_TUPLES, AT_LISTS, AT_ARRAYS, AT_SPARSE,
  AT_DICTS, AT_ANYS, AT_OBJS, AT_OUTS, AT_CONST
} at_strategy_kind;

/* A strategy: which values an argument (or an element, field or alternative) takes. */
typedef struct at_strategy {
  at_strategy_kind kind;
  int line;
  at_term *min, *max;          /* ints, floats: NULL = unbounded */
  int exclude_min, exclude_max, allow_nan, allow_inf;
  at_term **values;            /* froms, flags: the C values (constants, names, strings) */
  size_t nvalues;
  struct at_strategy **items;  /* tuples items, dicts fields, anys alternatives; lists, arrays,
                                  sparse: items[0] is the element (value) strategy */
  char **names;                /* dicts: field names */
  size_t nitems;
  at_term *min_len, *max_len, *len; /* lists, sparse (len: tied length) */
  char *dtype;                 /* arrays: element C type; sparse: node struct type */
  at_term **shape;             /* arrays */
  size_t rank;
  at_term *ld, *stride;        /* arrays: row pitch (rank 2), element pitch (rank 1) */
  char *index_field, *value_field; /* sparse */
  at_term *max_index;          /* sparse: largest index */
  char *generator;             /* objs */
  char **bind_names;           /* objs: generator parameters fixed by the caller */
  at_term **bind_values;
  size_t nbind;
  at_term *count;              /* outs: element count (NULL = 1) */
  at_term *constant;           /* AT_CONST */
} at_strategy;

typedef struct {
  char *type, *name; /* "const double *", "data" */
} at_param;

/* A variable: a parameter (index < nparams) or a @dim shape variable. */
typedef struct {
  char *name;
  at_strategy *strategy;
  int line;
} at_var;

typedef struct {
  char **names;
  at_term **values;
  size_t n;
  int line;
} at_example;

typedef struct {
  char *name, *ret_type;
  int line;            /* of the declaration */
  at_param *params;
  size_t nparams;
  at_var *vars;        /* nparams parameters in order, then the dims */
  size_t nvars;
  char **requires, **ensures; /* C expressions */
  size_t nrequires, nensures;
  char **known_kinds, **known_conditions; /* @known(kind, C expression): a recorded library bug */
  size_t nknown;
  char *check;         /* @check function, or NULL */
  char *free_fn;       /* @generator(free=...), or NULL */
  int exclude, is_generator;
  double timeout;      /* seconds, 0 = none */
  at_example *examples;
  size_t nexamples;
  size_t nannotations; /* annotation lines, for the statistics */
  size_t *order;       /* build order of the variables (dependencies first) */
} at_function;

typedef struct {
  const char *path;
  at_function *fns;
  size_t nfns;
  struct at_block *blocks; /* everything allocated for this header, freed by at_header_free */
} at_header;

/* Parses an annotation header's text; on error returns -1 with "path:line: message" in err. */
int at_parse(const char *path, const char *text, at_header *out, char *err, size_t errlen);
/* Reads and parses a file. */
int at_parse_file(const char *path, at_header *out, char *err, size_t errlen);
const at_function *at_find_function(const at_header *h, const char *name);
/* Index of the variable named name in fn, or -1. */
int at_var_index(const at_function *fn, const char *name);
/* 1 when the strategy holds one number (ints, floats, bools, froms, flags, constants). */
int at_is_scalar(const at_strategy *s);
/* 1 when a scalar strategy's values are reals (floats, a constant with a fraction). */
int at_is_real(const at_strategy *s);
void at_header_free(at_header *h);
#endif
