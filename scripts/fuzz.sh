#!/usr/bin/env bash
# Builds mapwire-fuzz with libFuzzer and runs each target for a bounded time,
# starting from the committed corpus in Fuzz/corpus/<target> (read, never
# written: new inputs go to a scratch folder). A crash leaves its input in
# .build-fuzz/artifacts/ and fails the run: replay it with
#   .build/debug/mapwire-fuzz <target> <file>
# and make it a regression test.
#
#   scripts/fuzz.sh [seconds per target, default 30]
set -euo pipefail
cd "$(dirname "$0")/.."

seconds="${1:-30}"
swift build --scratch-path .build-fuzz --product mapwire-fuzz \
    -Xswiftc -sanitize=fuzzer -Xswiftc -DFUZZING
binary="$(swift build --scratch-path .build-fuzz --show-bin-path)/mapwire-fuzz"
mkdir -p .build-fuzz/artifacts
for target in client-message api-body session http-connection vector-tile; do
    scratch="$(mktemp -d)"
    echo "fuzz.sh: $target for $seconds s"
    log=".build-fuzz/$target.log"
    status=0
    # Swift's own backtracer would take the crash signal before libFuzzer could save the input.
    SWIFT_BACKTRACE=enable=no MAPWIRE_ROOT="$PWD" "$binary" "$target" \
        -max_total_time="$seconds" -timeout=10 -rss_limit_mb=4096 -max_len=8192 -print_final_stats=1 \
        -artifact_prefix=.build-fuzz/artifacts/"$target"- "$scratch" "Fuzz/corpus/$target" >"$log" 2>&1 \
        || status=$?
    grep -E "^(#[0-9]+[[:space:]]+(DONE|INITED)|stat::number_of_executed_units|stat::peak_rss_mb|SUMMARY)|Fatal error|Test unit written" \
        "$log" || true
    rm -rf "$scratch"
    if [ "$status" != 0 ]; then
        tail -40 "$log" >&2
        echo "fuzz.sh: $target failed (exit $status); inputs in .build-fuzz/artifacts/" >&2
        exit 1
    fi
done
echo "fuzz.sh: every target ran $seconds s without a crash"
