"""Compiling mutants: the trivial-compiler-equivalence check (TCE) and the test build.

TCE (Papadakis et al., ICSE 2015): the original and every mutant are compiled with the same
optimizing compiler and flags (clang -O2, no debug information, no sanitizers, so nothing in
the object depends on line or column); a mutant whose object file is byte-for-byte the
original's is equivalent (the compiler proved it computes the same thing), and one whose
object file is byte-for-byte an earlier mutant's is a duplicate of that mutant. Each copy is
compiled under the original file name, in its own directory, so the file name recorded in the
object is the same. A mutant the compiler rejects is a compile failure.

The test build compiles each remaining mutant with the suite's flags (sanitizers included)
and links it with the prebuilt objects of its driver and relation suite."""
import hashlib
import os
import shlex
import subprocess
from concurrent.futures import ThreadPoolExecutor

CLANG = os.environ.get('CLANG', 'clang-16')


def depends(dfile):
    """The files a compilation read, from the make rule it wrote with -MMD (none yet: [])."""
    if not os.path.exists(dfile):
        return []
    text = open(dfile).read().replace('\\\n', ' ')
    return text.split(':', 1)[1].split() if ':' in text else []


def run_cached(cmd, output, inputs, cwd=None):
    """Runs cmd (which writes output) unless output is newer than every input and was made
    by the same command. Returns (ok, compiler messages)."""
    stamp = output + '.cmd'
    line = shlex.join(cmd)
    if os.path.exists(output) and os.path.exists(stamp) and open(stamp).read() == line and \
            all(os.path.exists(i) and os.path.getmtime(output) >= os.path.getmtime(i)
                for i in inputs):
        return True, ''
    if os.path.exists(output):
        os.remove(output)
    p = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True)
    if p.returncode == 0:
        with open(stamp, 'w') as f:
            f.write(line)
    return p.returncode == 0, p.stderr


def tce_object(source, tce_cflags):
    """Compiles source for the TCE comparison; returns the SHA-256 of the object, or None
    when it does not compile."""
    directory, base = os.path.split(source)
    out = os.path.join(directory, 'tce.o')
    cmd = [CLANG] + tce_cflags + ['-O2', '-w', '-MMD', '-c', base, '-o', 'tce.o']
    deps = [os.path.join(directory, d) for d in depends(os.path.join(directory, 'tce.d'))]
    ok, _ = run_cached(cmd, out, [source] + deps, cwd=directory)
    return hashlib.sha256(open(out, 'rb').read()).hexdigest() if ok else None


def classify(original_source, mutants, tce_cflags, jobs):
    """Sets each mutant's status: compile-failed, equivalent, duplicate (detail names the
    mutant it duplicates), or leaves it 'generated' (valid so far)."""
    reference = tce_object(original_source, tce_cflags)
    if reference is None:
        raise SystemExit(f'{original_source}: the original does not compile')
    with ThreadPoolExecutor(jobs) as pool:
        digests = list(pool.map(lambda m: tce_object(m.path, tce_cflags), mutants))
    first = {}
    for m, digest in zip(mutants, digests):
        if digest is None:
            m.status = 'compile-failed'
        elif digest == reference:
            m.status = 'equivalent'
        elif digest in first:
            m.status, m.detail = 'duplicate', first[digest]
        else:
            first[digest] = m.name


def test_binary(source, test_cflags, link):
    """Compiles source with the suite's flags and links it with the driver; returns the
    executable's path, or None (with the compiler's messages printed) when that fails."""
    directory, base = os.path.split(source)
    obj, exe = os.path.join(directory, 'test.o'), os.path.join(directory, 'driver')
    cmd = [CLANG] + test_cflags + ['-MMD', '-c', base, '-o', 'test.o']
    deps = [os.path.join(directory, d) for d in depends(os.path.join(directory, 'test.d'))]
    ok, err = run_cached(cmd, obj, [source] + deps, cwd=directory)
    if ok:
        inputs = [obj] + [a for a in link if os.path.exists(a)]
        ok, err = run_cached([CLANG, obj] + link + ['-o', exe], exe, inputs)
    if not ok:
        print(f'{source}: test build failed:\n{err}')
    return exe if ok else None


def test_binaries(mutants, test_cflags, link, jobs):
    """The executable of every mutant still valid; one that fails the test build becomes a
    compile failure."""
    with ThreadPoolExecutor(jobs) as pool:
        exes = list(pool.map(lambda m: test_binary(m.path, test_cflags, link), mutants))
    for m, exe in zip(mutants, exes):
        if exe is None:
            m.status = 'compile-failed'
    return {m.name: exe for m, exe in zip(mutants, exes) if exe}
