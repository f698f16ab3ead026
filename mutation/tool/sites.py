"""Mutation sites of one C file, found from libclang's AST: each site is one change (a byte
range of the original file and its replacement) made by one operator at one source location.

Operators (mutation/README.md):
  AOR  arithmetic operator replacement: + - * / (and += -= *= /=) by each other
  ROR  relational operator replacement: < <= > >= == != by each other
  LCR  logical connector replacement: && <-> ||
  NEG  negation: a condition (if, while, for, do, ?:) c -> !(c); a logical not removed
  CRP  constant replacement: literal c -> c+1, c-1, 0
  SDL  statement deletion: an expression statement (assignment, call, ++/--) removed
  RVR  return value replacement: return e -> return 0, return -(e)
  OBO  off-by-one in a loop bound: < <-> <=, > <-> >= in a loop condition, bound +1, bound -1
Only code in function bodies of the file itself is mutated; tokens that come from a macro
expansion are left alone (their spelling is not at the cursor's location). Sites are typed:
an operator is not put where the C types make it ill-formed (no * or / on pointers, no
negation of a pointer or a struct)."""
from dataclasses import dataclass

import clang.cindex as ci

ci.Config.set_library_file('/usr/lib/x86_64-linux-gnu/libclang-16.so.1')
K = ci.CursorKind

ARITH = {'+': 'add', '-': 'sub', '*': 'mul', '/': 'div'}
COMPOUND = {op + '=': slug for op, slug in ARITH.items()}
RELATIONAL = {'<': 'lt', '<=': 'le', '>': 'gt', '>=': 'ge', '==': 'eq', '!=': 'ne'}
LOGICAL = {'&&': 'and', '||': 'or'}
LOOP_FLIP = {'<': '<=', '<=': '<', '>': '>=', '>=': '>'}
POINTERISH = {ci.TypeKind.POINTER, ci.TypeKind.CONSTANTARRAY, ci.TypeKind.INCOMPLETEARRAY,
              ci.TypeKind.VARIABLEARRAY}
NEGATABLE = {ci.TypeKind.INT, ci.TypeKind.UINT, ci.TypeKind.LONG, ci.TypeKind.ULONG,
             ci.TypeKind.LONGLONG, ci.TypeKind.ULONGLONG, ci.TypeKind.SHORT, ci.TypeKind.USHORT,
             ci.TypeKind.FLOAT, ci.TypeKind.DOUBLE, ci.TypeKind.LONGDOUBLE}
WRAPPERS = {K.UNEXPOSED_EXPR, K.PAREN_EXPR}


@dataclass(frozen=True)
class Site:
    operator: str   # AOR, ROR, ...
    slug: str       # what the change does, e.g. "le", "plus1", "del"
    start: int      # byte range [start, end) of the original file that is replaced
    end: int
    line: int       # 1-based line and column of start
    column: int
    replacement: str
    function: str   # the function the change is in

    @property
    def name(self):
        return f'{self.operator}_L{self.line}_C{self.column}_{self.slug}'


class _Finder:
    def __init__(self, path, source):
        self.path, self.source, self.sites, self.function = path, source, [], ''

    def text(self, c):
        return self.source[c.extent.start.offset:c.extent.end.offset].decode()

    def add(self, op, slug, start, end, loc, replacement):
        self.sites.append(Site(op, slug, start, end, loc.line, loc.column, replacement,
                               self.function))

    def add_over(self, op, slug, c, replacement):
        """A site replacing the whole extent of cursor c."""
        self.add(op, slug, c.extent.start.offset, c.extent.end.offset, c.extent.start,
                 replacement)

    def own(self, c):
        """c is spelled in this file (not in a header, not inside a macro expansion)."""
        f = c.extent.start.file
        return f is not None and f.name == self.path and self.text(c) != '' and \
            [t.spelling for t in c.get_tokens()] != []

    def operator_token(self, c):
        """The operator token of a binary (or compound assignment) operator: the first token
        after the left operand, when it is spelled in this file."""
        lhs = next(c.get_children(), None)
        if lhs is None:
            return None
        for t in c.get_tokens():
            if t.extent.start.offset >= lhs.extent.end.offset:
                ok = t.location.file and t.location.file.name == self.path
                return t if ok and self.source[t.extent.start.offset:t.extent.end.offset]\
                    .decode() == t.spelling else None
        return None

    def walk(self, c, parent=None):
        handler = getattr(self, 'visit_' + c.kind.name.lower(), None)
        if handler and self.own(c):
            handler(c)
        if c.kind in (K.IF_STMT, K.WHILE_STMT, K.DO_STMT, K.FOR_STMT,
                      K.CONDITIONAL_OPERATOR) and self.own(c):
            self.conditions(c)
        if parent is not None and (parent.kind == K.COMPOUND_STMT or self.is_body(parent, c)):
            self.statement(c)
        for child in c.get_children():
            self.walk(child, c)

    # ---- operators ------------------------------------------------------------------------
    def visit_binary_operator(self, c):
        tok = self.operator_token(c)
        if tok is None:
            return
        op = tok.spelling
        lhs, rhs = list(c.get_children())[:2]
        if op in ARITH:
            pointer = lhs.type.get_canonical().kind in POINTERISH or \
                rhs.type.get_canonical().kind in POINTERISH
            table = {'+': 'add', '-': 'sub'} if pointer else ARITH
            self.replace_token(tok, 'AOR', table)
        elif op in RELATIONAL:
            self.replace_token(tok, 'ROR', RELATIONAL)
        elif op in LOGICAL:
            self.replace_token(tok, 'LCR', LOGICAL)

    def visit_compound_assignment_operator(self, c):
        tok = self.operator_token(c)
        if tok is None or tok.spelling not in COMPOUND:
            return
        pointer = next(c.get_children()).type.get_canonical().kind in POINTERISH
        table = {'+=': 'add', '-=': 'sub'} if pointer else COMPOUND
        self.replace_token(tok, 'AOR', table)

    def replace_token(self, tok, op, table):
        for spelling, slug in table.items():
            if spelling != tok.spelling:
                self.add(op, slug, tok.extent.start.offset, tok.extent.end.offset,
                         tok.extent.start, spelling)

    def visit_unary_operator(self, c):
        tokens = list(c.get_tokens())
        if tokens and tokens[0].spelling == '!':
            t = tokens[0]
            self.add('NEG', 'dropnot', t.extent.start.offset, t.extent.end.offset,
                     t.extent.start, '')

    def visit_integer_literal(self, c):
        self.constant(c, integer=True)

    def visit_floating_literal(self, c):
        self.constant(c, integer=False)

    def constant(self, c, integer):
        tokens = list(c.get_tokens())
        if len(tokens) != 1 or tokens[0].kind != ci.TokenKind.LITERAL:
            return
        spelling = tokens[0].spelling
        body = spelling.rstrip('uUlLfF') if integer or not spelling.lower().startswith('0x') \
            else spelling.rstrip('lLfF')
        suffix = spelling[len(body):]
        value = _int_value(body) if integer else _float_value(body)
        if value is None:
            return
        zero = '0' if integer else '0.0'
        for slug, new in (('plus1', value + 1), ('minus1', value - 1), ('zero', None)):
            if slug == 'zero':
                if value == 0:
                    continue
                text = zero + suffix
            else:
                text = _literal(new, integer) + suffix
                if new < 0:
                    text = '(' + text + ')'
            self.add_over('CRP', slug, c, text)

    def visit_return_stmt(self, c):
        children = list(c.get_children())
        if not children:
            return
        e = children[0]
        kind = e.type.get_canonical().kind
        if self.text(e) not in ('0', '0.0'):
            if kind in NEGATABLE or kind in POINTERISH:
                self.add_over('RVR', 'zero', e, '0')
        if kind in NEGATABLE and _has_variable(e):
            self.add_over('RVR', 'neg', e, '-(' + self.text(e) + ')')

    # ---- conditions and loop bounds -------------------------------------------------------
    def conditions(self, c):
        cond = self.condition_of(c)
        if cond is None or not self.own(cond):
            return
        self.add_over('NEG', 'neg', cond, '!(' + self.text(cond) + ')')
        if c.kind in (K.FOR_STMT, K.WHILE_STMT, K.DO_STMT):
            self.loop_bound(c, cond)

    def condition_of(self, c):
        children = list(c.get_children())
        if c.kind in (K.IF_STMT, K.WHILE_STMT, K.CONDITIONAL_OPERATOR):
            return children[0] if children else None
        if c.kind == K.DO_STMT:
            return children[-1] if len(children) == 2 else None
        return self.for_parts(c).get('cond')

    def for_parts(self, c):
        """init / cond / inc / body of a for statement, from the two top-level semicolons of
        its header (libclang leaves absent parts out of the children)."""
        tokens = list(c.get_tokens())
        depth, semis, close = 0, [], None
        for t in tokens[1:]:
            if t.spelling == '(':
                depth += 1
            elif t.spelling == ')':
                depth -= 1
                if depth == 0:
                    close = t.extent.start.offset
                    break
            elif t.spelling == ';' and depth == 1:
                semis.append(t.extent.start.offset)
        if len(semis) != 2 or close is None:
            return {}
        parts = {}
        for child in c.get_children():
            s = child.extent.start.offset
            part = 'init' if s < semis[0] else 'cond' if s < semis[1] else \
                'inc' if s < close else 'body'
            parts[part] = child
        return parts

    def loop_bound(self, loop, cond):
        rel = _strip(cond)
        if rel.kind != K.BINARY_OPERATOR:
            return
        tok = self.operator_token(rel)
        if tok is None or tok.spelling not in LOOP_FLIP:
            return
        flipped = LOOP_FLIP[tok.spelling]
        self.add('OBO', RELATIONAL[flipped], tok.extent.start.offset, tok.extent.end.offset,
                 tok.extent.start, flipped)
        lhs, rhs = list(rel.get_children())[:2]
        counters = _counters(self.for_parts(loop).get('inc')) if loop.kind == K.FOR_STMT \
            else set()
        bound = lhs if _refs(rhs) & counters and not _refs(lhs) & counters else rhs
        if _strip(bound).kind in (K.INTEGER_LITERAL, K.FLOATING_LITERAL):
            return  # CRP makes the same change
        text = self.text(bound)
        if len(list(bound.get_tokens())) > 1:
            text = '(' + text + ')'
        self.add_over('OBO', 'boundplus1', bound, text + ' + 1')
        self.add_over('OBO', 'boundminus1', bound, text + ' - 1')

    # ---- statements -----------------------------------------------------------------------
    def is_body(self, parent, c):
        """c is the statement body of an if / loop (not its condition or for header)."""
        if parent.kind == K.FOR_STMT:
            return self.for_parts(parent).get('body') == c
        if parent.kind in (K.IF_STMT, K.WHILE_STMT):
            return list(parent.get_children())[0] != c
        return parent.kind == K.DO_STMT and list(parent.get_children())[0] == c

    def statement(self, c):
        if not self.own(c) or not _is_effect(c):
            return
        # The `;` stays; newlines are kept so every later line keeps its number.
        self.add_over('SDL', 'del', c, '\n' * self.text(c).count('\n'))


def _strip(c):
    while c.kind in WRAPPERS:
        children = list(c.get_children())
        if len(children) != 1:
            break
        c = children[0]
    return c


def _is_effect(c):
    """An expression statement with an effect: assignment, compound assignment, call, ++/--."""
    s = _strip(c)
    if s.kind in (K.CALL_EXPR, K.COMPOUND_ASSIGNMENT_OPERATOR):
        return True
    tokens = [t.spelling for t in s.get_tokens()]
    if s.kind == K.UNARY_OPERATOR:
        return bool(tokens) and (tokens[0] in ('++', '--') or tokens[-1] in ('++', '--'))
    if s.kind == K.BINARY_OPERATOR:
        lhs = next(s.get_children(), None)
        return lhs is not None and any(t.spelling == '=' and
                                       t.extent.start.offset >= lhs.extent.end.offset
                                       for t in s.get_tokens())
    return False


def _refs(c):
    return {d.spelling for d in c.walk_preorder() if d.kind == K.DECL_REF_EXPR}


def _has_variable(c):
    return any(d.kind == K.DECL_REF_EXPR and d.referenced is not None and
               d.referenced.kind in (K.VAR_DECL, K.PARM_DECL, K.FIELD_DECL)
               for d in c.walk_preorder())


def _counters(inc):
    return _refs(inc) if inc is not None else set()


def _int_value(body):
    try:
        if len(body) > 1 and body[0] == '0' and body[1] in '01234567':
            return int(body, 8)
        return int(body, 0)
    except ValueError:
        return None


def _float_value(body):
    try:
        return float.fromhex(body) if body.lower().startswith('0x') else float(body)
    except ValueError:
        return None


def _literal(value, integer):
    if integer:
        return str(value)
    text = repr(float(value))
    return text if any(ch in text for ch in '.en') else text + '.0'


def find_sites(path, source, clang_args):
    """Every site of the file at path (its bytes: source), in source order; a change the
    same as an earlier site's (the same range and replacement) is kept once, under the
    operator listed first (OBO before ROR, for a loop condition's flip)."""
    tu = ci.Index.create().parse(path, args=clang_args)
    errors = [d for d in tu.diagnostics if d.severity >= ci.Diagnostic.Error]
    if errors:
        raise SystemExit(f'{path}: does not parse: {errors[0]}')
    finder = _Finder(path, source)
    for c in tu.cursor.get_children():
        if c.kind == K.FUNCTION_DECL and c.is_definition() and \
                c.location.file and c.location.file.name == path:
            finder.function = c.spelling
            finder.walk(c)
    order = ['OBO', 'AOR', 'ROR', 'LCR', 'NEG', 'CRP', 'SDL', 'RVR']
    seen, unique = set(), []
    for s in sorted(finder.sites, key=lambda s: (order.index(s.operator), s.start)):
        key = (s.start, s.end, s.replacement)
        if key not in seen:
            seen.add(key)
            unique.append(s)
    return sorted(unique, key=lambda s: (s.start, order.index(s.operator), s.slug))
