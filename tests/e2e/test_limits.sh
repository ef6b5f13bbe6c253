#!/bin/bash
# make check's run of tests/fuzz/limits.sh: every hrel subcommand on the seed corpora
# and on crafted ~1 MB worst cases stays within 200 MB and 10 s (issue 14).
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
exec bash "$ROOT/tests/fuzz/limits.sh"
