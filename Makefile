# floatsym: the two commands of the README (`make demo`, `make test`) and
# the benchmark targets. Every target installs missing system packages
# first through scripts/install-deps.sh, the same script the Dockerfile uses.

GO      ?= go
BIN     := bin/floatsym
export CGO_CFLAGS_ALLOW := -frounding-math

.PHONY: deps build demo test test-full test-hostile test-slurm fuzz vet walk bench-interp bench bench-pictures bench-quick bench-libs bench-solver crosscheck bench-smt prove-check loops-stress libc-survey coverage-check clean

deps:
	@bash scripts/install-deps.sh

build: deps
	$(GO) build -o $(BIN) ./cmd/floatsym

demo: build
	rm -rf /tmp/floatsym-demo && $(BIN) run --output-dir /tmp/floatsym-demo examples/demo.c && $(BIN) replay --program examples/demo.c /tmp/floatsym-demo

vet:
	$(GO) vet ./...
	@test -z "$$(gofmt -l $$(git ls-files '*.go'))" || { gofmt -l $$(git ls-files '*.go'); echo "gofmt needed"; exit 1; }

# The last step is floatsym on a real single-node Slurm, quick form
# (scripts/test-slurm.sh --quick: 20 quick variants and a split
# exploration through sbatch, compared with local runs). It prints
# "slurm: passed (...)" or, when Slurm cannot be installed or started,
# "slurm: not tested (reason)" and does not fail; a Slurm that runs and
# judges differently fails.
# The test binaries run floatsym's packages in-process, so they get the GC
# target the CLI sets for itself (cmd/floatsym/gc.go) instead of Go's
# 100: a third less CPU in the solver packages, the same peak memory
# (benchmarks/results/ci/gc.md).
TEST_GOGC ?= 400

test: deps vet bench-quick
	GOGC=$(TEST_GOGC) $(GO) test -count=1 -timeout 18m ./...
	@bash scripts/test-slurm.sh --quick; rc=$$?; [ $$rc -eq 3 ] && exit 0; exit $$rc

# Every test plus the opt-in slow ones (internal/testtool.RequireSlow: the
# library builds from Debian's sources, the concurrent cold-cache runs,
# the slow fpexc programs, the suite's counter examples, the -O2 level of
# executor's TestDifferential, TestErrorPrograms and TestSymbolic, the
# levels the differential suites and TestSymbolic run only on covering
# subsets in make test
# (executor/diff_cover_test.go; TestDifferentialCover checks them), all 2^32
# floats of internal/arith's TestExhaustiveF32 where make test sweeps the
# chunks at every exponent's edges). Under CI=true a
# missing clang-14, z3 or cvc5 fails the tests that need it.
test-full: deps vet bench-quick
	GOGC=$(TEST_GOGC) FLOATSYM_SLOW_TESTS=1 FLOATSYM_LIB_TESTS=1 FLOATSYM_BENCH_SUITE=1 $(GO) test -count=1 -timeout 90m ./...

# Each fuzz target for FUZZTIME, one after the other, from its checked-in
# seed corpus (testdata/fuzz/FuzzXxx; go run ./scripts/fuzzcorpus writes
# it). A crash leaves the failing input in that directory.
FUZZTIME ?= 30s
FUZZ_TARGETS := ./ir:FuzzLoad ./scalarize:FuzzScalarize ./internal/ktest:FuzzRead ./internal/bench:FuzzSpec \
	./solver/z3:FuzzScript ./solver/expr:FuzzSimplify
fuzz:
	@set -e; for t in $(FUZZ_TARGETS); do \
		pkg=$${t%%:*}; fn=$${t##*:}; echo "== $$fn ($$pkg, $(FUZZTIME))"; \
		$(GO) test -run '^$$' -fuzz "^$$fn$$" -fuzztime $(FUZZTIME) $$pkg; \
	done

# The generated suite of hostile inputs (internal/hostile): every input
# run by the floatsym binary under its limits, each must end with a clear
# message, no Go panic, no hang, bounded memory. HOSTILE_N inputs.
HOSTILE_N ?= 1000
test-hostile: build
	FLOATSYM_HOSTILE_N=$(HOSTILE_N) $(GO) test -count=1 -timeout 120m -run '^TestHostile$$' -v ./internal/hostile/ | tail -40

# floatsym on a real single-node Slurm (scripts/test-slurm.sh): 20 quick
# variants through `floatsym bench --slurm`, their verdicts equal to a
# local --jobs 2 run's, and a split exploration when the build has `run
# --split`. When Slurm cannot be installed or started it prints "slurm: not
# tested (reason)" and does not fail; any other failure fails. The full
# form (with the resubmission of two lost tasks); `make test` runs the
# quick one. See README, "Scale".
test-slurm: build
	@bash scripts/test-slurm.sh; rc=$$?; [ $$rc -eq 3 ] && exit 0; exit $$rc

# The KLEE user's walk (issue 25): benchmarks/tools/walk's programs run
# as a KLEE 3.x user would, each step judged (ok, DEFECT, open); the table
# goes to WALK_TABLE (docs/walk.md has the before/after of issue 25).
WALK_TABLE ?= walk-last.md
walk: build
	bash scripts/walk.sh $(BIN) $(WALK_TABLE)

# The quick benchmark subset (benchmarks/quick.txt): a verdict regression
# (a false positive, a crash, or a missed expected verdict) fails it. It
# runs under --crosscheck: every native UNSAT and rewrite is re-asked of
# z3 and cvc5, and a disagreement fails it (58 s for the 12 variants on a
# loaded 2-core machine, 6 verdicts re-asked, 6 agreed).
bench-quick: build
	$(BIN) bench --time-limit 30s --quiet --expect-all --crosscheck --filter "^($$(paste -sd'|' benchmarks/quick.txt))$$" benchmarks

# The whole suite under --crosscheck (CROSSCHECK_FILTER selects variants):
# a disagreement between the native stage and the SMT backends fails it;
# the run's crosscheck-NNN.smt2 files stay in CROSSCHECK_DIR.
CROSSCHECK_DIR    ?= /tmp/floatsym-crosscheck
CROSSCHECK_FILTER ?=
crosscheck: build bench-libs
	rm -rf $(CROSSCHECK_DIR) && mkdir -p $(CROSSCHECK_DIR)
	$(BIN) bench --quiet --crosscheck --keep --work-dir $(CROSSCHECK_DIR)/runs --json $(CROSSCHECK_DIR)/results.json \
		--filter '$(CROSSCHECK_FILTER)' benchmarks

# GSL and GMP as LLVM bitcode for the realworld benchmarks: built once
# (minutes) into the user's cache, then found there (the second call).
bench-libs: build
	$(BIN) lib gsl gmp
	$(BIN) lib gsl gmp

# The whole suite at the default time limit, with every report.
bench: build bench-libs
	mkdir -p benchmarks/results
	$(BIN) bench --json benchmarks/results/results.json --markdown benchmarks/results/results.md \
		--svg benchmarks/results/results.svg --csv benchmarks/results/results.csv benchmarks
	$(MAKE) bench-pictures

# README's pictures: the quick subset twice, with the SMT portfolio (z3 and
# cvc5 racing) and with z3 alone; the second run's --compare draws the
# per-variant chart, the cactus plot (quick.cactus.*) and the scatter plot
# (quick.scatter.*) of the two runs.
PICTURES_DIR  ?= benchmarks/results/pictures
PICTURES_TIME ?= 30s
bench-pictures: build
	mkdir -p $(PICTURES_DIR)
	$(BIN) bench --time-limit $(PICTURES_TIME) --quiet --json $(PICTURES_DIR)/portfolio.json \
		--filter "^($$(paste -sd'|' benchmarks/quick.txt))$$" benchmarks > $(PICTURES_DIR)/portfolio.txt
	$(BIN) bench --time-limit $(PICTURES_TIME) --quiet --solver z3 --name z3 --compare $(PICTURES_DIR)/portfolio.json \
		--json $(PICTURES_DIR)/z3.json --svg $(PICTURES_DIR)/quick.svg --png $(PICTURES_DIR)/quick.png \
		--filter "^($$(paste -sd'|' benchmarks/quick.txt))$$" benchmarks > $(PICTURES_DIR)/z3.txt

# The suite twice in one run, the native FP solver stage on and off, and
# the comparison per variant and in total (FP queries, share decided
# natively, solver and wall time, verdicts, ratios). SOLVER_BENCH_FILTER
# selects variants (regular expression on spec/variant; default all).
SOLVER_BENCH_DIR    ?= /tmp/floatsym-bench-solver
SOLVER_BENCH_TIME   ?= 60s
SOLVER_BENCH_FILTER ?=
bench-solver: build
	rm -rf $(SOLVER_BENCH_DIR) && mkdir -p $(SOLVER_BENCH_DIR)
	$(BIN) bench --time-limit $(SOLVER_BENCH_TIME) --quiet --keep --work-dir $(SOLVER_BENCH_DIR)/on \
		--json $(SOLVER_BENCH_DIR)/on.json --filter '$(SOLVER_BENCH_FILTER)' benchmarks > $(SOLVER_BENCH_DIR)/on.txt
	$(BIN) bench --time-limit $(SOLVER_BENCH_TIME) --quiet --keep --work-dir $(SOLVER_BENCH_DIR)/off \
		--floatsym scripts/floatsym-presolver-off.sh \
		--json $(SOLVER_BENCH_DIR)/off.json --filter '$(SOLVER_BENCH_FILTER)' benchmarks > $(SOLVER_BENCH_DIR)/off.txt
	$(GO) run ./benchmarks/tools/solvercmp $(SOLVER_BENCH_DIR)/on.json $(SOLVER_BENCH_DIR)/off.json

# floatsym solve against z3 and cvc5 on a corpus of SMT-LIB files: the
# scripts floatsym writes for its own test programs (--write-smt2, the
# native stage off so every query is written) and the native fuzz
# generator's queries; solved within SMT_BENCH_TIMEOUT, total time, a
# CSV per file and tool and cactus data in SMT_BENCH_DIR.
SMT_BENCH_DIR     ?= /tmp/floatsym-bench-smt
SMT_BENCH_TIMEOUT ?= 20s
SMT_BENCH_GEN     ?= 100
bench-smt: build
	rm -rf $(SMT_BENCH_DIR) && mkdir -p $(SMT_BENCH_DIR)/corpus $(SMT_BENCH_DIR)/runs
	FLOATSYM_SMT2_CORPUS=$(SMT_BENCH_DIR)/corpus FLOATSYM_SMT2_CORPUS_N=$(SMT_BENCH_GEN) \
		$(GO) test -count=1 -run TestSMTLIBRoundTrip ./solver/native/
	for p in executor/testdata/symbolic/*.c examples/demo.c; do n=$$(basename $$p .c); \
		$(BIN) run --presolver=off --write-smt2 --max-time 30s --output-dir $(SMT_BENCH_DIR)/runs/$$n $$p > /dev/null 2>&1; \
		for q in $(SMT_BENCH_DIR)/runs/$$n/query*.smt2; do [ -f $$q ] && cp $$q $(SMT_BENCH_DIR)/corpus/$$n-$$(basename $$q); done; done; true
	$(BIN) solve --compare $(SMT_BENCH_DIR)/corpus --timeout $(SMT_BENCH_TIMEOUT) \
		--csv $(SMT_BENCH_DIR)/results.csv --cactus $(SMT_BENCH_DIR)/cactus.csv

# The prover's soundness corpus (benchmarks/prove-check): every witness
# checked natively, then `floatsym run --prove=on` on every false property;
# fails if one is proved (or if floatsym has no --prove flag).
prove-check: build
	bash scripts/prove-check.sh

# The loops category's native check (every correct variant never fails on
# ~3M inputs, every bug variant fails).
loops-stress:
	sh benchmarks/tools/loops_stress.sh

# The coverage oracle: floatsym's covered lines against gcov's on the
# natively replayed tests (llvm-cov-14 gcov, clang-14 --coverage), per
# file, for the programs of cmd/floatsym/testdata/coverage.
coverage-check: deps
	$(GO) test -count=1 -run '^TestCoverageGcov$$' -v ./cmd/floatsym/ | grep -v '^=== '
	# with a library: GSL as bitcode (built once, minutes, then cached)
	FLOATSYM_SLOW_TESTS=1 $(GO) test -count=1 -timeout 40m -run '^TestCoverageGcovGSL$$' -v ./cmd/floatsym/

bench-interp: build
	$(GO) test -run '^$$' -bench BenchmarkInterpreter -benchtime 3x ./executor/

# The C library surface real Debian programs need (docs/libc-survey.md).
libc-survey: deps
	bash scripts/libc-survey.sh

clean:
	rm -rf bin
