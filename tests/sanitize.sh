#!/usr/bin/env bash
# The compiled core under AddressSanitizer and UndefinedBehaviorSanitizer (run on demand, from the
# repository's top folder, in an environment where the package is installed for development):
#     tests/sanitize.sh [pytest arguments...]
# A copy of the tree is built with the sanitizers (the installed extensions are not touched) and
# the core's tests, and any named, run against it with the sanitizer runtime preloaded into Python.
# Any error report fails the run (halt_on_error); leaks are not checked (CPython keeps memory to
# the end on purpose).
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
git -C "$here" ls-files -z --cached --others --exclude-standard | (cd "$here" && xargs -0 cp --parents -t "$work")
cd "$work"
flags="-fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined -O1 -g"
CFLAGS="$flags" LDFLAGS="-fsanitize=address,undefined" python setup.py -q build_ext --inplace >/dev/null
preload="$(gcc -print-file-name=libasan.so):$(gcc -print-file-name=libubsan.so)"
tests=("$@")
if [ ${#tests[@]} -eq 0 ]; then
    tests=(tests/test_core_bounds.py tests/test_core_rules.py tests/test_core_search.py tests/test_core_cli.py
        tests/test_numbers_core.py tests/test_plain_judge.py tests/test_plain_adjudicate.py tests/test_hostile.py
        tests/test_lg.py)
fi
ASAN_OPTIONS=detect_leaks=0:halt_on_error=1:abort_on_error=1 UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
    LD_PRELOAD="$preload" PYTHONPATH="$work" python -c "import catchup_notation._hexcore as h, sys; assert h.__file__.startswith(sys.argv[1]), h.__file__" "$work"
ASAN_OPTIONS=detect_leaks=0:halt_on_error=1:abort_on_error=1 UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
    LD_PRELOAD="$preload" PYTHONPATH="$work" python -m pytest -q -p no:cacheprovider -x "${tests[@]}"
