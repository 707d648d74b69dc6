#!/usr/bin/env python3
"""Native checks for floatsym's benchmark suite (see check.sh).

For every spec.yml under benchmarks/<category>/<name>/:
  * the spec is validated (schema 0, see shared/reference/benchmark-spec.md);
  * every variant is compiled natively with clang-14 -O0 -g and the mock
    runtime in tools/mock_klee.c (warnings are errors);
  * every counter example of a `correct: false` task is replayed: its
    description must start with `input: TOKENS;` (FSB_INPUT syntax, see
    mock_klee.c) and the program must fail with the task's kind at one of the
    listed file:line locations;
  * every `correct: true` variant must be listed in tools/checks.txt and is
    run as listed there: `concrete` (no symbolic input: run once, must exit
    0), `exhaustive` (all 2^32 patterns of its single 4-byte input; only with
    --full) or `random` (10^5 inputs; 10^7 with --full).

Exit status 0 iff everything passed.  The last line reads
`N passed, M failed`.
"""
import argparse
import os
import re
import shutil
import subprocess
import sys
import time

import yaml

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)  # benchmarks/
INCLUDE = os.path.join(HERE, "include")
MOCK = os.path.join(HERE, "mock_klee.c")
CC = os.environ.get("CC_NATIVE", "clang-14")
FAST_CC = os.environ.get("CC_FAST", "gcc")

TASKS = {"no_assert_fail", "no_reach_error_function", "no_invalid_deref",
         "no_integer_division_by_zero", "no_invalid_free", "no_overshift"}
# floatsym's floating-point exception tasks (benchmarks/fp_exceptions):
# their witnesses are confirmed by floatsym's own replay (traps enabled with
# feenableexcept, UBSan float-cast-overflow); this tool only validates them.
FP_TASKS = {"no_fp_invalid", "no_fp_division_by_zero", "no_fp_overflow",
            "no_fp_underflow", "no_float_cast_overflow"}
TASKS |= FP_TASKS
LANGS = {"c89", "c99", "c11", "gnu89", "gnu99", "gnu11", "c++98", "c++03",
         "c++11", "c++14", "c++17"}
TOP_KEYS = {"name", "schema_version", "language", "architectures",
            "categories", "description", "sources", "defines",
            "dependencies", "variants", "verification_tasks",
            "runtime_environment"}
VAR_KEYS = {"defines", "categories", "dependencies", "verification_tasks",
            "description", "runtime_environment"}
DEPS = {"cmath", "klee_runtime", "svcomp_klee_runtime", "gsl", "gmp"}
# Native link flags of the library dependencies (the system's builds of the
# sources floatsym compiles to bitcode).
DEP_LIBS = {"gsl": ["-lgsl", "-lgslcblas"], "gmp": ["-lgmp"]}
# The environment variables of the variant being checked
# (runtime_environment), added to every run of its binaries.
VARIANT_ENV = {}

results = {"passed": 0, "failed": 0}
log_lines = []


def out(msg):
    print(msg, flush=True)


def ok(what):
    results["passed"] += 1
    out("PASS " + what)


def bad(what, why):
    results["failed"] += 1
    out("FAIL %s: %s" % (what, why))


def run(cmd, env=None, timeout=3600, cwd=None):
    e = dict(os.environ)
    e.update(VARIANT_ENV)
    if env:
        e.update(env)
    p = subprocess.run(cmd, env=e, stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, timeout=timeout, cwd=cwd)
    return p.returncode, p.stdout.decode(errors="replace"), \
        p.stderr.decode(errors="replace")


def load_specs(only):
    specs = []
    for cat in sorted(os.listdir(ROOT)):
        cdir = os.path.join(ROOT, cat)
        if cat == "tools" or not os.path.isdir(cdir):
            continue
        for name in sorted(os.listdir(cdir)):
            d = os.path.join(cdir, name)
            sp = os.path.join(d, "spec.yml")
            if not os.path.isfile(sp):
                continue
            with open(sp) as f:
                spec = yaml.safe_load(f)
            specs.append((cat, name, d, spec))
    return specs


def variants_of(spec):
    """Yields (variant name, defines, deps, tasks) with top-level merged."""
    top_def = spec.get("defines") or {}
    top_dep = spec.get("dependencies") or {}
    if "variants" not in spec:
        yield "default", dict(top_def), dict(top_dep), \
            spec.get("verification_tasks") or {}
        return
    for vname, v in spec["variants"].items():
        v = v or {}
        d = dict(top_def)
        d.update(v.get("defines") or {})
        dep = dict(top_dep)
        dep.update(v.get("dependencies") or {})
        yield vname, d, dep, v.get("verification_tasks") or {}


def runtime_env(spec, vname, d):
    """The variant's environment variables (top level, then the variant's),
    with @spec_dir@ replaced; command-line arguments are not supported by
    the mock runtime's bench_main and are an error here."""
    envs, args = {}, []
    parts = [spec.get("runtime_environment")]
    if "variants" in spec:
        parts.append((spec["variants"].get(vname) or {}).get("runtime_environment"))
    for re_ in parts:
        if not re_:
            continue
        args += re_.get("command_line_arguments") or []
        for k, v in (re_.get("environment_variables") or {}).items():
            envs[k] = str(v).replace("@spec_dir@", d.rstrip("/") + "/")
    return envs, args


def validate(cat, name, d, spec):
    errs = []
    if not isinstance(spec, dict):
        return ["spec is not a mapping"]
    for k in spec:
        if k not in TOP_KEYS:
            errs.append("unknown top-level key %r" % k)
    if spec.get("name") != name:
        errs.append("name %r != directory %r" % (spec.get("name"), name))
    if not re.fullmatch(r"[a-zA-Z0-9_.-]+", str(spec.get("name"))):
        errs.append("bad name")
    if spec.get("schema_version") != 0:
        errs.append("schema_version must be 0")
    if spec.get("language") not in LANGS:
        errs.append("bad language")
    if spec.get("architectures") not in (["x86_64"], "any"):
        errs.append("architectures must be [x86_64] or any")
    if not isinstance(spec.get("categories"), list) or cat not in spec["categories"]:
        errs.append("categories must be a list containing %r" % cat)
    if not isinstance(spec.get("description"), str) or not spec["description"].strip():
        errs.append("missing description")
    srcs = spec.get("sources")
    if not isinstance(srcs, list) or not srcs:
        errs.append("sources must be a non-empty list")
    else:
        for s in srcs:
            if not os.path.isfile(os.path.join(d, s)):
                errs.append("missing source %s" % s)
    if "variants" in spec:
        if "verification_tasks" in spec:
            errs.append("verification_tasks at top level and variants")
        if not isinstance(spec["variants"], dict) or not spec["variants"]:
            errs.append("variants must be a non-empty mapping")
            return errs
        for vn, v in spec["variants"].items():
            if not re.fullmatch(r"[a-zA-Z0-9_.-]+", vn):
                errs.append("bad variant name %r" % vn)
            for k in (v or {}):
                if k not in VAR_KEYS:
                    errs.append("variant %s: unknown key %r" % (vn, k))
    for vn, defs, deps, tasks in variants_of(spec):
        for k, val in defs.items():
            if val is not None and not isinstance(val, str):
                errs.append("%s: define %s must be a string or null" % (vn, k))
        for k in deps:
            if k not in DEPS:
                errs.append("%s: unexpected dependency %s" % (vn, k))
            if deps[k] != {}:
                errs.append("%s: dependency %s must be {}" % (vn, k))
        if "klee_runtime" in deps and "svcomp_klee_runtime" in deps:
            errs.append("%s: both klee_runtime and svcomp_klee_runtime" % vn)
        if not tasks:
            errs.append("%s: no verification task listed" % vn)
        for t, tv in tasks.items():
            if t not in TASKS:
                errs.append("%s: unknown task %s" % (vn, t))
                continue
            if tv.get("correct") not in (True, False):
                errs.append("%s/%s: correct must be true or false" % (vn, t))
            if tv.get("correct") is False:
                ces = tv.get("counter_examples")
                if not ces:
                    errs.append("%s/%s: no counter_examples" % (vn, t))
                for ce in ces or []:
                    if not str(ce.get("description", "")).startswith("input:") \
                            or ";" not in ce["description"]:
                        errs.append("%s/%s: description must start with 'input: ...;'" % (vn, t))
                    for loc in ce.get("locations") or []:
                        if loc.get("file") not in (srcs or []):
                            errs.append("%s/%s: location file %s not a source" % (vn, t, loc.get("file")))
                        elif not isinstance(loc.get("line"), int):
                            errs.append("%s/%s: location line must be an int" % (vn, t))
                    if not ce.get("locations"):
                        errs.append("%s/%s: counter example without locations" % (vn, t))
            elif "counter_examples" in tv:
                errs.append("%s/%s: counter_examples on a correct task" % (vn, t))
    return errs


def std_flag(lang):
    return "-std=" + lang


def compile_variant(d, spec, defs, deps, out_bin, mode):
    """mode: witness | asan | ubsan | fast"""
    srcs = [os.path.join(d, s) for s in spec["sources"]]
    dflags = []
    for k, v in defs.items():
        dflags.append("-D%s" % k if v is None else "-D%s=%s" % (k, v))
    libs = ["-lm"]
    for dep in deps:
        libs = DEP_LIBS.get(dep, []) + libs
    if mode == "fast":
        san = ["-fsanitize=shift,bounds", "-fno-sanitize-recover=shift,bounds"]
        objs = []
        for s in srcs:
            obj = out_bin + "." + os.path.basename(s) + ".o"
            rc, so, se = run([FAST_CC, std_flag(spec["language"]), "-O2",
                              "-frounding-math", "-fsignaling-nans", "-fno-fast-math", "-w", "-g",
                              "-fno-pie", "-I", INCLUDE, "-Dmain=bench_main",
                              "-c"] + san + dflags + [s, "-o", obj], cwd=d)
            if rc:
                return se or so
            objs.append(obj)
        rc, so, se = run([FAST_CC, "-O2", "-g", "-fno-pie", "-c", MOCK, "-o",
                          out_bin + ".mock.o"])
        if rc:
            return se
        cmd = [FAST_CC, "-no-pie"] + san + objs + [
            out_bin + ".mock.o", "-Wl,--wrap=abort,--wrap=__assert_fail",
            "-o", out_bin] + libs
    else:
        san = []
        if mode == "asan":
            san = ["-fsanitize=address", "-fno-omit-frame-pointer"]
        elif mode == "ubsan":
            san = ["-fsanitize=shift", "-fno-sanitize-recover=shift"]
        werr = ["-Wall", "-Wextra", "-Werror", "-Wno-unused-parameter"]
        objs = []
        for s in srcs:
            obj = out_bin + "." + os.path.basename(s) + ".o"
            rc, so, se = run([CC, std_flag(spec["language"]), "-O0", "-g",
                              "-I", INCLUDE, "-Dmain=bench_main", "-c"] + werr +
                             san + dflags + [s, "-o", obj], cwd=d)
            if rc:
                return se or so
            objs.append(obj)
        rc, so, se = run([CC, "-O1", "-g", "-c", MOCK, "-o", out_bin + ".mock.o"])
        if rc:
            return se
        cmd = [CC, "-g"] + san + objs + [out_bin + ".mock.o", "-o", out_bin] + libs
    rc, so, se = run(cmd, cwd=d)
    if rc:
        return se or so
    return None


def parse_input(desc):
    m = re.match(r"input:(.*?);", desc, re.S)
    if not m:
        return None
    inp = " ".join(m.group(1).split())
    return "" if inp == "(none)" else inp


FRAME = re.compile(r" at (\S+):(\d+)\s*$")


def check_witness(bin_path, kind, inp, locs):
    """Returns None on success, else a reason."""
    env = {"FSB_MODE": "witness", "FSB_INPUT": inp,
           "ASAN_OPTIONS": "detect_leaks=0:abort_on_error=0",
           "UBSAN_OPTIONS": "print_stacktrace=0"}
    want = {(os.path.basename(l["file"]), l["line"]) for l in locs}
    if kind in ("no_reach_error_function", "no_integer_division_by_zero"):
        rc, so, se = run(["gdb", "-q", "-batch", "-nx",
                          "-iex", "set debuginfod enabled off",
                          "-ex", "run", "-ex", "bt", "--args", bin_path],
                         env=env, timeout=600)
        text = so + se
        if "ASSUMPTION VIOLATED" in text or "mock_klee:" in text:
            return "witness rejected: " + text.strip().splitlines()[-1]
        sig = "SIGABRT" if kind == "no_reach_error_function" else "SIGFPE"
        if "received signal " + sig not in text:
            return "no %s (gdb said: %s)" % (sig, " | ".join(text.strip().splitlines()[-3:]))
        if kind == "no_reach_error_function" and "Assertion" in text:
            return "an assertion failed, not abort()"
        for line in text.splitlines():
            if line.startswith("#"):
                m = FRAME.search(line)
                if m and (os.path.basename(m.group(1)), int(m.group(2))) in want:
                    return None
        frames = [l for l in text.splitlines() if l.startswith("#")]
        return "%s not at a listed location; frames: %s" % (sig, " | ".join(frames[:6]))
    rc, so, se = run([bin_path], env=env, timeout=600)
    if rc == 77 or "mock_klee:" in se:
        return "witness rejected: " + se.strip()
    if kind == "no_assert_fail":
        m = re.search(r"(\S+):(\d+): [^:]*: Assertion .* failed", se)
        if not m:
            return "no assertion failure (rc=%d, stderr=%r)" % (rc, se[-300:])
        if (os.path.basename(m.group(1)), int(m.group(2))) not in want:
            return "assertion failed at %s:%s, not at a listed location" % (m.group(1), m.group(2))
        return None
    if kind in ("no_invalid_deref", "no_invalid_free"):
        if "AddressSanitizer" not in se:
            return "ASan reported nothing (rc=%d)" % rc
        if kind == "no_invalid_free" and not re.search(
                r"attempting (free|double-free)|bad-free|double-free", se):
            return "ASan error is not an invalid free: " + se.splitlines()[1]
        if kind == "no_invalid_deref" and re.search(r"attempting (free|double-free)", se):
            return "ASan error is a free, not a dereference"
        for line in se.splitlines():
            m = re.search(r"^\s*#\d+ 0x[0-9a-f]+ in \S+ (\S+?\.(?:c|cc|cpp|h)):(\d+)", line)
            if m:
                loc = (os.path.basename(m.group(1)), int(m.group(2)))
                if loc in want:
                    return None
            if line.strip() == "" and "#0" in se[:se.find(line) if line else 0]:
                pass
        return "ASan error not at a listed location: " + " | ".join(
            l.strip() for l in se.splitlines() if re.match(r"\s*#\d", l))
    if kind == "no_overshift":
        m = re.search(r"(\S+):(\d+):\d+: runtime error: shift exponent", se)
        if not m:
            return "no overshift reported (rc=%d, %r)" % (rc, se[-200:])
        if (os.path.basename(m.group(1)), int(m.group(2))) not in want:
            return "overshift at %s:%s, not at a listed location" % (m.group(1), m.group(2))
        return None
    return "unknown task " + kind


KIND_OF = {"assert": "no_assert_fail", "abort": "no_reach_error_function",
           "SIGFPE": "no_integer_division_by_zero",
           "SIGSEGV": "no_invalid_deref"}


def collect_bugs(key, c, tasks, get_bin, full):
    """Searches a buggy variant for failures; every one must be listed."""
    fb, err = get_bin("fast")
    if err:
        bad(key + " compile fast", err.strip()[-800:])
        return
    env = {"FSB_MODE": c["mode"], "FSB_COLLECT": "1"}
    if c["mode"] == "random":
        env["FSB_N"] = str(min(c.get("N", 10**6), 10**6) if full else 10**5)
        env["FSB_HINTS"] = " ".join(c["hints"])
    t0 = time.time()
    rc, so, se = run([fb], env=env, timeout=4 * 3600)
    found, unlisted = [], []
    listed = {}
    for tname, t in tasks.items():
        if t.get("correct") is False:
            for ce in t["counter_examples"]:
                for l in ce["locations"]:
                    listed.setdefault(tname, set()).add((l["file"], l["line"]))
    for line in so.splitlines():
        m = re.match(r"LOC (\w+)@(\S+) (.*)", line)
        if not m:
            continue
        kind, where, inp = m.groups()
        if kind == "assert":
            f, ln = where.rsplit(":", 1)
            loc = (f, int(ln))
        else:
            r2, o2, e2 = run(["addr2line", "-e", fb, where])
            f, ln = o2.strip().rsplit(":", 1)
            ln = re.sub(r"\D.*", "", ln)
            loc = (os.path.basename(f), int(ln) if ln else 0)
        task = KIND_OF.get(kind, kind)
        found.append("%s %s:%d" % (task, loc[0], loc[1]))
        if loc not in listed.get(task, set()):
            unlisted.append("%s at %s:%d (%s)" % (task, loc[0], loc[1], inp))
    what = "%s %s search (%.0fs)" % (key, c["mode"], time.time() - t0)
    if rc and not found:
        bad(what, "rc=%d %s" % (rc, (so + se).strip()[-400:]))
    elif unlisted:
        bad(what, "reachable bugs missing from the spec: " + "; ".join(unlisted))
    else:
        ok("%s: found only listed bugs [%s]" % (what, ", ".join(sorted(set(found)))))


def loops_stress(key):
    """The loops category: tools/loops_stress.sh runs every iteration of the
    variant on ~3M inputs (a correct variant must never fail, a variant with
    bugs must fail natively); mock_klee's random mode cannot, as a run needs
    10^4-10^5 inputs that all satisfy their assumptions."""
    rc, so, se = run(["sh", os.path.join(HERE, "loops_stress.sh"), "^%s$" % key], timeout=3600)
    line = [l for l in so.splitlines() if l.startswith(("ok", "FAIL"))]
    if rc:
        bad(key + " loops_stress", (so + se).strip()[-600:])
    else:
        ok("%s loops_stress: %s" % (key, line[0] if line else so.strip()))


def load_checks():
    checks = {}
    with open(os.path.join(HERE, "checks.txt")) as f:
        for ln in f:
            ln = ln.split("#", 1)[0].strip()
            if not ln:
                continue
            parts = ln.split()
            key, mode = parts[0], parts[1]
            opts = {"mode": mode, "hints": []}
            for p in parts[2:]:
                if p.startswith("N="):
                    opts["N"] = int(float(p[2:]))
                else:
                    opts["hints"].append(p)
            checks[key] = opts
    return checks


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--full", action="store_true",
                    help="exhaustive checks and 10^7 random inputs")
    ap.add_argument("--only", default="", help="regexp on spec/variant")
    ap.add_argument("--no-correct", action="store_true")
    args = ap.parse_args()
    build = os.environ.get("FSB_BUILD", "/tmp/fsb-build")
    os.makedirs(build, exist_ok=True)
    checks = load_checks()
    seen = set()
    specs = load_specs(args.only)
    stats = {"specs": 0, "variants": 0, "bugs": 0, "correct_variants": 0,
             "buggy_variants": 0}
    for cat, name, d, spec in specs:
        errs = validate(cat, name, d, spec)
        variants = list(variants_of(spec)) if not errs else []
        if errs:
            bad(name + " spec", "; ".join(errs))
            continue
        stats["specs"] += 1
        for vname, defs, deps, tasks in variants:
            key = "%s/%s" % (name, vname)
            venv, vargs = runtime_env(spec, vname, d)
            VARIANT_ENV.clear()
            VARIANT_ENV.update(venv)
            if vargs:
                bad(key, "command_line_arguments are not supported by the native check")
                continue
            stats["variants"] += 1
            all_ok = all(t.get("correct") for t in tasks.values())
            if all_ok:
                stats["correct_variants"] += 1
            else:
                stats["buggy_variants"] += 1
            for t in tasks.values():
                if t.get("correct") is False:
                    locs = set()
                    for ce in t["counter_examples"]:
                        for l in ce["locations"]:
                            locs.add((l["file"], l["line"]))
                    stats["bugs"] += len(locs)
            if args.only and not re.search(args.only, key):
                seen.add(key)
                continue
            if set(tasks) <= FP_TASKS:
                print("skip %s: floating-point exception tasks (checked by floatsym's replay)" % key)
                seen.add(key)
                continue
            bins = {}

            def get_bin(mode):
                if mode not in bins:
                    b = os.path.join(build, "%s__%s__%s" % (name, vname, mode))
                    err = compile_variant(d, spec, defs, deps, b, mode)
                    bins[mode] = (b, err)
                return bins[mode]

            b, err = get_bin("witness")
            if err:
                bad(key + " compile", err.strip()[-800:])
                continue
            for tname, t in tasks.items():
                if t.get("correct") is not False:
                    continue
                mode = {"no_invalid_deref": "asan", "no_invalid_free": "asan",
                        "no_overshift": "ubsan"}.get(tname, "witness")
                bb, err = get_bin(mode)
                if err:
                    bad(key + " compile " + mode, err.strip()[-800:])
                    continue
                for i, ce in enumerate(t["counter_examples"]):
                    inp = parse_input(ce["description"])
                    why = check_witness(bb, tname, inp, ce["locations"])
                    what = "%s %s witness %d (%s) at %s" % (
                        key, tname, i + 1, inp,
                        ",".join("%s:%d" % (l["file"], l["line"]) for l in ce["locations"]))
                    if why:
                        bad(what, why)
                    else:
                        ok(what)
            if not all_ok:
                seen.add(key)
                c = checks.get(key)
                if c and c["mode"] == "loops":
                    loops_stress(key)
                elif c and c["mode"] != "concrete" and not args.no_correct and (
                        c["mode"] != "exhaustive" or args.full):
                    collect_bugs(key, c, tasks, get_bin, args.full)
                elif not c:
                    out("NOTE %s: no search entry in checks.txt" % key)
            if all_ok:
                seen.add(key)
                c = checks.get(key)
                if not c:
                    bad(key, "correct variant without an entry in checks.txt")
                    continue
                if args.no_correct:
                    continue
                mode = c["mode"]
                if mode == "loops":
                    loops_stress(key)
                    continue
                if mode == "concrete":
                    rc, so, se = run([b], env={"FSB_MODE": "witness", "FSB_INPUT": ""})
                    if rc:
                        bad(key + " concrete run", "rc=%d %s" % (rc, se.strip()[-300:]))
                    else:
                        ok(key + " concrete run exits 0")
                    continue
                if mode == "exhaustive" and not args.full:
                    out("SKIP %s exhaustive (use --full)" % key)
                    continue
                fb, err = get_bin("fast")
                if err:
                    bad(key + " compile fast", err.strip()[-800:])
                    continue
                env = {"FSB_MODE": mode}
                if mode == "random":
                    env["FSB_N"] = str(c.get("N", 10**7) if args.full else 10**5)
                    env["FSB_HINTS"] = " ".join(c["hints"])
                t0 = time.time()
                rc, so, se = run([fb], env=env, timeout=4 * 3600)
                dt = time.time() - t0
                msg = (so.strip() + " " + se.strip()).strip()
                if rc or "FAIL" in msg:
                    bad("%s %s" % (key, mode), msg[-600:])
                else:
                    m = re.search(r"(\d+) inputs satisfy", msg)
                    if m and int(m.group(1)) == 0:
                        bad("%s %s" % (key, mode), "no input satisfied the assumptions")
                    else:
                        ok("%s %s (%.0fs): %s" % (key, mode, dt, msg))
    for key in checks:
        if key not in seen and not args.only:
            bad(key, "checks.txt entry for an unknown or buggy variant")
    out("suite: %(specs)d specs, %(variants)d variants (%(correct_variants)d correct, "
        "%(buggy_variants)d with bugs), %(bugs)d expected bug locations" % stats)
    out("%d passed, %d failed" % (results["passed"], results["failed"]))
    return 1 if results["failed"] else 0


if __name__ == "__main__":
    sys.exit(main())
