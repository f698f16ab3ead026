#!/usr/bin/python3
"""Mutation score of one subject file against its relation suite (mutation/README.md):
generate mutants from the AST, drop compile failures and TCE-equivalent or duplicate ones,
run the suite's driver on the rest, write <out>/score.txt and <out>/results.tsv.
`--summary DIR...` instead writes the totals over subjects already scored."""
import argparse
import os
import shlex
import sys
import time

import build
import execute
import mutants as mutants_mod
import report
import sites


def parse_args():
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument('--subject', help='short name, e.g. pearson')
    p.add_argument('--source', help='the C file to mutate')
    p.add_argument('--cflags', default='', help='defines and include paths (parse and TCE)')
    p.add_argument('--test-cflags', default='', help='flags of the test build (sanitizers)')
    p.add_argument('--link', default='', help='prebuilt driver and suite objects, libraries')
    p.add_argument('--out', help='output directory of this subject')
    p.add_argument('--sample', type=int, default=0, help='fast mode: only N mutants')
    p.add_argument('--require', default='', help='comma-separated mutants always run')
    p.add_argument('--timeout', type=float, default=0,
                   help='seconds per driver run (default: max(5, 20 x the original\'s))')
    p.add_argument('--jobs', type=int, default=2)
    p.add_argument('--survivors', help='examination of survivors (tab-separated)')
    p.add_argument('--summary', nargs='+', metavar='DIR', help='write the totals only')
    return p.parse_args()


def absolute_includes(flags):
    """-I paths made absolute: mutants compile in their own directories."""
    return ['-I' + os.path.abspath(f[2:]) if f.startswith('-I') and len(f) > 2 else f
            for f in flags]


def score(a):
    os.nice(10)
    source = os.path.abspath(a.source)
    subject_dir = os.path.dirname(source)
    cflags = absolute_includes(shlex.split(a.cflags)) + ['-I' + subject_dir]
    test_cflags = absolute_includes(shlex.split(a.test_cflags)) + ['-I' + subject_dir]
    link = [os.path.abspath(f) if os.path.exists(f) else f for f in shlex.split(a.link)]
    text = open(source, 'rb').read()

    found = sites.find_sites(source, text, cflags)
    all_mutants = mutants_mod.write_mutants(found, text, os.path.basename(source),
                                            os.path.join(a.out, 'mutants'))
    chosen = mutants_mod.sample(all_mutants, a.sample,
                                [r for r in a.require.split(',') if r])
    # The original is built from a copy beside the mutants, never in the source tree.
    original = os.path.join(a.out, 'original', os.path.basename(source))
    os.makedirs(os.path.dirname(original), exist_ok=True)
    if not os.path.exists(original) or open(original, 'rb').read() != text:
        open(original, 'wb').write(text)
    build.classify(original, chosen, cflags, a.jobs)
    exe = build.test_binary(original, test_cflags, link)
    if exe is None:
        sys.exit('the original subject does not build with its driver')
    started = time.monotonic()
    verdict, out = execute.run_driver(exe, [], None)
    elapsed = time.monotonic() - started
    if verdict != 'survived':
        sys.exit(f'false kill: the suite rejects the original subject ({verdict}):\n{out}')
    timeout = a.timeout or max(5.0, 20 * elapsed)
    relations = execute.relations_of(exe)

    valid = [m for m in chosen if m.status == 'generated']
    exes = build.test_binaries(valid, test_cflags, link, a.jobs)
    execute.run_all([m for m in valid if m.name in exes], exes, relations, timeout, a.jobs)

    mode = f'sample of {len(chosen)} of {len(all_mutants)} mutants (MUTATION_SAMPLE={a.sample})' \
        if a.sample else 'all mutants'
    note = (f'{mode}; original subject survives the suite (no false kill) in {elapsed:.2f} s; '
            f'timeout {timeout:.1f} s per run')
    table = report.subject_table(a.subject, a.source, chosen, len(all_mutants), relations,
                                 report.read_examinations(a.survivors), note)
    open(os.path.join(a.out, 'score.txt'), 'w').write(table)
    open(os.path.join(a.out, 'results.tsv'), 'w').write(report.results_tsv(chosen))
    print(f'{a.subject}: ' + table.splitlines()[3])


def main():
    a = parse_args()
    if a.summary:
        print(report.summary([os.path.join(d, 'results.tsv') for d in a.summary]), end='')
    elif a.subject and a.source and a.out:
        score(a)
    else:
        sys.exit('give --subject, --source and --out (or --summary DIR...)')


if __name__ == '__main__':
    main()
