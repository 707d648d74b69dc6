#!/usr/bin/env python3
"""Compare two `floatsym bench --keep` runs of the suite variant by variant
(benchmarks/results/search-ab.md): time to the first bug report, lines and
branch directions covered, outcomes.

usage: compare.py LIST A_NAME A_DIR[,A_DIR...] B_NAME B_DIR[,B_DIR...]

LIST is `floatsym bench --list` of the suite (which variants are bug
variants). Each DIR is a bench --work-dir (or a directory of them, one per
category) next to the bench's progress output DIR.txt (or DIR/CATEGORY.txt),
whose per-variant lines give the outcome. Only variants both runs finished
are compared. Time to bug: the first .err file's modification time from the
run's start (summary.json's start: the process start), the time limit (60 s)
when no .err was written. Exploration time to bug (xtb): the same file's
modification time from out/assembly.ll's, written when the program is
compiled and linked and the exploration begins — at a load where a
variant's compile takes 15-20 s, the part of the time the searcher decides
(60 s when no .err was written, as above).
"""
import datetime
import glob
import json
import os
import re
import sys

LIMIT = 60.0
LINE = re.compile(r'^\[\s*\d+/\d+ [^\]]*\]\s+(\S+/\S+)\s+(\S+)\s+([\d.]+)s')


def outcomes(txt):
    res = {}
    if os.path.exists(txt):
        for line in open(txt, errors='replace'):
            m = LINE.match(line)
            if m:
                res[m.group(1).replace('/', '-')] = (m.group(2), float(m.group(3)))
    return res


def load(dirs):
    res = {}
    for top in dirs.split(','):
        top = top.rstrip('/')
        # a work dir holds NNN-spec-variant/; a directory of them holds CATEGORY/
        work = [top] if glob.glob(top + '/[0-9][0-9][0-9]-*/') else sorted(d.rstrip('/') for d in glob.glob(top + '/*/'))
        for w in work:
            outs = outcomes(w + '.txt')
            for d in sorted(glob.glob(w + '/[0-9][0-9][0-9]-*/')):
                name = os.path.basename(d.rstrip('/'))[4:]
                if name not in outs:
                    continue  # not finished (the bench was stopped)
                s = os.path.join(d, 'out', 'summary.json')
                r = {'outcome': outs[name][0], 'elapsed': outs[name][1], 'ttb': None, 'xtb': None,
                     'lc': 0, 'lt': 0, 'dirs': 0, 'ended': '-'}
                if os.path.exists(s):
                    j = json.load(open(s))
                    start = datetime.datetime.fromisoformat(j['start'].replace('Z', '+00:00')).timestamp()
                    errs = glob.glob(os.path.join(d, 'out', '*.err'))
                    if errs:
                        r['ttb'] = min(os.path.getmtime(e) for e in errs) - start
                        asm = os.path.join(d, 'out', 'assembly.ll')
                        if os.path.exists(asm):
                            r['xtb'] = min(os.path.getmtime(e) for e in errs) - os.path.getmtime(asm)
                    c = j.get('coverage') or {}
                    r.update(lc=c.get('lines_covered') or 0, lt=c.get('lines_total') or 0,
                             dirs=2 * (c.get('branches_full') or 0) + (c.get('branches_partial') or 0),
                             ended=j.get('ended_by', '-'))
                res[name] = r
    return res


def main():
    listf, an, ad, bn, bd = sys.argv[1:6]
    kind = {}
    for line in open(listf):
        f = line.split()
        if len(f) >= 2 and '/' in f[0]:
            kind[f[0].replace('/', '-')] = f[1]
    a, b = load(ad), load(bd)
    common = [k for k in kind if k in a and k in b]
    tot = {n: dict(found=0, ttb=0.0, xtb=0.0, lc=0, lt=0, dirs=0, wall=0.0, out={}) for n in (an, bn)}
    nb = nc = 0
    rows = []
    for k in common:
        isbug = kind[k] == 'bug'
        nb += isbug
        nc += not isbug
        cells = []
        for n, r in ((an, a[k]), (bn, b[k])):
            t = tot[n]
            t['wall'] += r['elapsed']
            t['out'][r['outcome']] = t['out'].get(r['outcome'], 0) + 1
            if isbug:
                t['found'] += r['ttb'] is not None
                t['ttb'] += min(r['ttb'], LIMIT) if r['ttb'] is not None else LIMIT
                x = r['xtb'] if r['xtb'] is not None else r['ttb']
                t['xtb'] += min(x, LIMIT) if x is not None else LIMIT
                cells.append('bug@ %7s x%7s %-9s' % ('%.1fs' % r['ttb'] if r['ttb'] is not None else '-',
                                                    '%.1fs' % x if x is not None else '-', r['outcome']))
            else:
                t['lc'] += r['lc']
                t['lt'] += r['lt']
                t['dirs'] += r['dirs']
                cells.append('cov %4s/%-4s %-9s' % (r['lc'], r['lt'], r['outcome']))
        rows.append('%-52s %s   %s' % (k, cells[0], cells[1]))
    print('%-52s %-24s   %s' % ('variant', an, bn))
    print('\n'.join(rows))
    print(f'common variants {len(common)} of {len(kind)}: bug variants {nb}, correct {nc}')
    for n in (an, bn):
        t = tot[n]
        outs = ', '.join(f'{o} {c}' for o, c in sorted(t['out'].items(), key=lambda x: -x[1]))
        print(f"{n}: bugs found {t['found']}/{nb}, total time to bug {t['ttb']:.1f}s, exploration time to bug {t['xtb']:.1f}s ({LIMIT:.0f}s per bug not found); "
              f"correct variants lines covered {t['lc']}/{t['lt']}, branch directions {t['dirs']}; "
              f"outcomes {outs}; total wall {t['wall']:.0f}s")


if __name__ == '__main__':
    main()
