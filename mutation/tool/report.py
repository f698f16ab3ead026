"""The score table of one subject (score.txt), its per-mutant results (results.tsv), and the
summary over all subjects. Survivors are matched with their examination in the subject's
.survivors file: tab-separated key, verdict (equivalent or catchable) and argument, where the
key is a mutant's name, a shell pattern of names, or "in <function>" for every mutant in that
function (robust to edits that move lines); the first line that matches applies."""
import fnmatch
import math
import os
from collections import Counter

from sites import Site

OPERATORS = ['AOR', 'ROR', 'LCR', 'NEG', 'CRP', 'SDL', 'RVR', 'OBO']
PAPER = 'paper (MutPy on its TensorFlow LSTM reference, Section IV-B): 29 of 44 valid killed, 65.9%'


def percent(k, n):
    return f'{100.0 * k / n:.1f}% ({k}/{n})' if n else 'n/a (0 valid)'


def wilson(k, n, z=1.96):
    """95% Wilson score interval of a proportion k/n, in percent."""
    if n == 0:
        return 0.0, 100.0
    p = k / n
    centre, half = p + z * z / (2 * n), z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return 100 * (centre - half) / (1 + z * z / n), 100 * (centre + half) / (1 + z * z / n)


def read_examinations(path):
    """[(pattern, verdict, argument)] in file order."""
    notes = []
    if path and os.path.exists(path):
        for line in open(path):
            if line.strip() and not line.startswith('#'):
                notes.append(tuple(line.rstrip('\n').split('\t', 2)))
    return notes


def examination(notes, mutant):
    return next(((v, a) for key, v, a in notes
                 if fnmatch.fnmatchcase(mutant.name, key) or key == 'in ' + mutant.site.function),
                ('NOT EXAMINED', ''))


def counts(mutants):
    c = Counter(m.status for m in mutants)
    kinds = Counter(m.detail.split(':')[0] for m in mutants if m.status == 'killed')
    return c, kinds


def subject_table(subject, source, mutants, generated, relations, examinations, note):
    """The score table; when the run is a sample, the score carries its 95% interval."""
    c, kinds = counts(mutants)
    valid = c['killed'] + c['survived']
    survivors = [m for m in mutants if m.status == 'survived']
    argued = [m for m in survivors if examination(examinations, m)[0] == 'equivalent']
    status = {m.name: m.status for m in mutants}
    twins = [status.get(m.detail) for m in mutants if m.status == 'duplicate']
    dup_killed = twins.count('killed')
    dup_valid = dup_killed + twins.count('survived')
    out = [f'== {subject}: {source} ==', note,
           f'generated {generated} | in this run {len(mutants)} | compile failures '
           f'{c["compile-failed"]} | equivalent (TCE) {c["equivalent"]} | duplicates (TCE) '
           f'{c["duplicate"]} | valid {valid}',
           f'killed {c["killed"]} (relation violated {kinds["relation"]}, crash '
           f'{kinds["crash"]}, timeout {kinds["timeout"]}) | survived {c["survived"]} | '
           f'score {percent(c["killed"], valid)}' +
           (' (a sample: 95%% interval %.1f%%-%.1f%% for all mutants)' % wilson(c['killed'], valid)
            if len(mutants) < generated else ''),
           f'survivors argued equivalent {len(argued)}: score without them '
           f'{percent(c["killed"], valid - len(argued))}',
           f'duplicates counted (each with its twin\'s verdict): '
           f'{percent(c["killed"] + dup_killed, valid + dup_valid)}',
           f'as the paper counts (mutants that crash or hang left out, as it removed those that '
           f'raise an exception): {percent(kinds["relation"], valid - kinds["crash"] - kinds["timeout"])}',
           '',
           f'{"operator":10}{"generated":>10}{"valid":>7}{"killed":>8}  score']
    for op in OPERATORS:
        ms = [m for m in mutants if m.site.operator == op]
        oc, _ = counts(ms)
        ov = oc['killed'] + oc['survived']
        out.append(f'{op:10}{len(ms):>10}{ov:>7}{oc["killed"]:>8}  {percent(oc["killed"], ov)}')
    out += ['', 'relation run alone: mutants it finds violated, mutants that crash or hang while '
            'it runs, and both of valid',
            f'{"relation":24}{"violated":>9}{"crash/hang":>11}  kills of valid']
    for r in relations:
        v = sum(r in m.killers for m in mutants)
        k = sum(any(x.split(':')[0] == r for x in m.killers) for m in mutants)
        out.append(f'{r:24}{v:>9}{k - v:>11}  {percent(k, valid)}')
    out += ['', f'survivors ({len(survivors)}): name | changed source | examination']
    for m in survivors:
        verdict, argument = examination(examinations, m)
        out.append(f'  {m.name} | {m.changed_line} | {verdict}: {argument}'.rstrip(': '))
    return '\n'.join(out) + '\n'


def results_tsv(mutants):
    rows = ['name\toperator\tline\tcolumn\tstatus\tdetail\tkilled_alone_by\tchanged_line\tfunction']
    for m in mutants:
        s: Site = m.site
        rows.append('\t'.join([m.name, s.operator, str(s.line), str(s.column), m.status,
                               m.detail, ','.join(m.killers), m.changed_line, s.function]))
    return '\n'.join(rows) + '\n'


def summary(results_files):
    """Totals over the subjects' results.tsv files, and the paper's number beside them."""
    out = ['== all subjects ==']
    total_k = total_v = total_r = total_run = 0
    for path in results_files:
        rows = [line.rstrip('\n').split('\t') for line in open(path)][1:]
        c = Counter(r[4] for r in rows)
        v = c['killed'] + c['survived']
        total_k, total_v = total_k + c['killed'], total_v + v
        subject = os.path.basename(os.path.dirname(path))
        kinds = Counter(r[5].split(':')[0] for r in rows if r[4] == 'killed')
        run = v - kinds['crash'] - kinds['timeout']
        total_r, total_run = total_r + kinds['relation'], total_run + run
        out.append(f'{subject:12} killed {c["killed"]} of {v} valid: {percent(c["killed"], v)}; '
                   f'without crashes and hangs (as the paper): {percent(kinds["relation"], run)}')
    out.append(f'{"total":12} {percent(total_k, total_v)}; without crashes and hangs: '
               f'{percent(total_r, total_run)}')
    out.append(PAPER)
    return '\n'.join(out) + '\n'
