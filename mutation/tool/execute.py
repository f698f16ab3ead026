"""Running the relation suite on compiled mutants. A driver (mutation/drivers/) exits 0 when
every relation held (the mutant survived) and KILLED_BY_RELATION when one was violated; any
other exit (a sanitizer report, a signal) is a crash, and a run past the timeout is a hang.
Both count as kills, reported apart from relation kills."""
import os
import subprocess
from concurrent.futures import ThreadPoolExecutor

KILLED_BY_RELATION = 3  # mutation/drivers/mutant_driver.h

ENV = dict(os.environ)
# Sanitizers are part of the oracle: a leak (a deleted free) is reported at exit and counts as
# a crash, like any sanitizer report. A mutant that asks for a huge buffer or runs away with
# memory stops in the allocator (a crash) instead of paging.
ENV['ASAN_OPTIONS'] = ':'.join([os.environ.get('ASAN_OPTIONS', 'detect_leaks=1'),
                                'max_allocation_size_mb=1024', 'hard_rss_limit_mb=2048'])
ENV.setdefault('UBSAN_OPTIONS', 'print_stacktrace=1')


def run_driver(exe, args, timeout):
    """(verdict, output): verdict is survived, relation, crash or timeout."""
    try:
        p = subprocess.run([exe] + args, capture_output=True, text=True, errors='replace',
                           timeout=timeout, env=ENV)
    except subprocess.TimeoutExpired:
        return 'timeout', ''
    out = p.stdout + p.stderr
    if p.returncode == 0:
        return 'survived', out
    return ('relation' if p.returncode == KILLED_BY_RELATION else 'crash'), out


def relations_of(exe):
    p = subprocess.run([exe, '--list-relations'], capture_output=True, text=True, check=True,
                       env=ENV)
    return p.stdout.split()


def violated(output):
    """The relations a driver printed as violated ('violated <relation> ...' lines; '?'
    stands for findings past the report's cap)."""
    return sorted({line.split()[1] for line in output.splitlines()
                   if line.startswith('violated ') and len(line.split()) > 1} - {'?'})


def run_all(mutants, exes, relations, timeout, jobs):
    """Runs the whole suite on each mutant, then each relation alone on every mutant the
    whole suite killed, and records status, detail and killers on the mutants (a killer is
    the relation's name when it was violated, '<relation>:crash' or '<relation>:timeout'
    when the mutant crashed or hung while only that relation ran)."""
    def whole(m):
        return run_driver(exes[m.name], [], timeout)

    def alone(m):
        killers = []
        for r in relations:
            verdict = run_driver(exes[m.name], ['--only', r], timeout)[0]
            if verdict != 'survived':
                killers.append(r if verdict == 'relation' else f'{r}:{verdict}')
        return killers

    with ThreadPoolExecutor(jobs) as pool:
        verdicts = list(pool.map(whole, mutants))
        for m, (verdict, out) in zip(mutants, verdicts):
            m.status = 'survived' if verdict == 'survived' else 'killed'
            m.detail = verdict if verdict != 'relation' else 'relation: ' + ','.join(violated(out))
        killed = [m for m in mutants if m.status == 'killed']
        for m, killers in zip(killed, pool.map(alone, killed)):
            m.killers = killers
