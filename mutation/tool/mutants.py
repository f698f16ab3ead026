"""Mutants of one subject file: each site of sites.py written as a patched copy of the file,
in its own directory (so every copy keeps the original file name, which the object code
records), and the deterministic sample of the fast mode."""
import os
from dataclasses import dataclass, field

from sites import Site


@dataclass
class Mutant:
    site: Site
    path: str                      # the patched copy
    changed_line: str              # the mutated source line(s), stripped, one line
    status: str = 'generated'      # compile-failed, equivalent, duplicate, killed, survived
    detail: str = ''               # duplicate of which mutant; kill kind (relation, crash,
    killers: list = field(default_factory=list)  # timeout); relations that kill it alone

    @property
    def name(self):
        return self.site.name


def patched(source, site):
    return source[:site.start] + site.replacement.encode() + source[site.end:]


def changed_line(text, site):
    """The mutated line(s) of the patched text, joined into one line for the report."""
    start = text.rfind(b'\n', 0, site.start) + 1
    end = text.find(b'\n', site.start + len(site.replacement.encode()))
    lines = text[start:end if end >= 0 else len(text)].decode().splitlines()
    return ' '.join(line.strip() for line in lines if line.strip())


def write_mutants(sites, source, basename, directory):
    """One directory per mutant under directory, holding the patched copy as basename."""
    mutants = []
    names = set()
    for site in sites:
        if site.name in names:
            raise SystemExit(f'two mutants named {site.name}: the site finder is wrong')
        names.add(site.name)
        text = patched(source, site)
        path = os.path.join(directory, site.name, basename)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        if not os.path.exists(path) or open(path, 'rb').read() != text:
            with open(path, 'wb') as f:
                f.write(text)
        shown = changed_line(text, site) if site.operator != 'SDL' else \
            'deleted: ' + ' '.join(source[site.start:site.end].decode().split()) + ';'
        mutants.append(Mutant(site, path, shown))
    return mutants


def sample(mutants, size, required=()):
    """The fast mode's sample: `size` mutants spread evenly over the source order (every
    len/size-th, starting with the first), plus the mutants named in required."""
    if size <= 0 or size >= len(mutants):
        chosen = list(mutants)
    else:
        chosen = [mutants[i * len(mutants) // size] for i in range(size)]
    by_name = {m.name: m for m in mutants}
    missing = [r for r in required if r not in by_name]
    if missing:
        raise SystemExit(f'no mutant named {", ".join(missing)}')
    chosen += [by_name[r] for r in required if by_name[r] not in chosen]
    return sorted(chosen, key=lambda m: mutants.index(m))
