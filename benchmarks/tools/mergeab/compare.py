#!/usr/bin/env python3
"""Pair two run.sh outputs (--merge=auto and off) variant by variant from
their per-category bench --json reports: a Markdown table per category
(outcomes, variants finished in both runs, same outcome among those, bench
time), then the totals and every variant whose verdict differs (bug found
or verified) in the two runs, at the time limit or not.

usage: compare.py AUTO_DIR OFF_DIR
"""
import json, os, sys, collections
A, B = sys.argv[1], sys.argv[2]
cats = ['explode','numerical','realworld','loops','intervals','nan_inf','absorption','ariadne','associativity','concrete','fp_exceptions','fpse','libm','long_double','rounding','signed_zero','vectorizable','realworld_lib']
def load(d, c):
    p = os.path.join(d, c + '.json')
    if not os.path.exists(p): return None
    return {f"{r['spec']}/{r['variant']}": r for r in json.load(open(p))['results']}
def summ(rs):
    c = collections.Counter(r['outcome'] for r in rs)
    return ', '.join(f'{v} {k}' for k, v in sorted(c.items()))
def lim(r): return r['timed_out'] or r['outcome'] == 'timeout'
print('| category | variants | auto | off | finished in both | same outcome | auto time (s) | off time (s) |')
print('| --- | --- | --- | --- | --- | --- | --- | --- |')
T = collections.Counter()
for c in cats:
    a, b = load(A, c), load(B, c)
    if a is None or b is None: continue
    ks = [k for k in a if k in b]
    fin = [k for k in ks if not lim(a[k]) and not lim(b[k])]
    same = [k for k in fin if a[k]['outcome'] == b[k]['outcome']]
    ta = sum(a[k]['elapsed_seconds'] for k in ks); tb = sum(b[k]['elapsed_seconds'] for k in ks)
    T['n'] += len(ks); T['fin'] += len(fin); T['same'] += len(same); T['ta'] += ta; T['tb'] += tb
    print(f"| {c} | {len(ks)} | {summ([a[k] for k in ks])} | {summ([b[k] for k in ks])} | {len(fin)} | {len(same)} | {ta:.0f} | {tb:.0f} |")
print(f"| **total** | {T['n']} | | | {T['fin']} | {T['same']} | {T['ta']:.0f} | {T['tb']:.0f} |")
print()
cats = ['explode','numerical','realworld','loops','intervals','nan_inf','absorption','ariadne','associativity','concrete','fp_exceptions','fpse','libm','long_double','rounding','signed_zero','vectorizable','realworld_lib']
def load(d, c):
    p = os.path.join(d, c + '.json')
    if not os.path.exists(p): return None
    return {f"{r['spec']}/{r['variant']}": r for r in json.load(open(p))['results']}
tot = collections.Counter(); diffs = []; rows = []
for c in cats:
    a, b = load(A, c), load(B, c)
    if a is None or b is None: continue
    for k in a:
        if k not in b: continue
        ra, rb = a[k], b[k]
        ta, tb = ra['timed_out'] or ra['outcome']=='timeout', rb['timed_out'] or rb['outcome']=='timeout'
        oa, ob = ra['outcome'], rb['outcome']
        tot['variants'] += 1
        tot['auto '+oa] += 1; tot['off '+ob] += 1
        if ra['false_positives'] or rb['false_positives']: tot['FP'] += 1
        if not ta and not tb:
            tot['both finished'] += 1
            if oa != ob: diffs.append((c, k, oa, ob))
        elif ta and tb: tot['both limit'] += 1
        elif ta: tot['only auto at limit'] += 1
        else: tot['only off at limit'] += 1
        # verdict (bug found / verified) differences even at the limit
        va = 'TP' if ra['true_positives'] else ('verified' if oa=='verified' else oa)
        vb = 'TP' if rb['true_positives'] else ('verified' if ob=='verified' else ob)
        if va != vb: rows.append((c, k, oa, round(ra['elapsed_seconds'],1), ra.get('paths'), ob, round(rb['elapsed_seconds'],1), rb.get('paths')))
for k, v in sorted(tot.items()): print(f'{k}: {v}')
print('differing outcomes among variants finished in both:', diffs)
print('verdict differences (any):')
for r in rows: print('  ', *r)
