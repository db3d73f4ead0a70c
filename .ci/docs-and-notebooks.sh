#!/usr/bin/env bash
# Docs and notebooks: the docs built strictly, their examples run, the notebooks
# executed top to bottom, and a look at both in headless Chromium.
# Assumes gentensor with its test, docs and notebooks extras is installed in the
# active environment; installs Chromium and MathJax (Debian packages) when missing.
set -euo pipefail
cd "$(dirname "$0")/.."

need=()
[ -x /usr/bin/chromium ] || need+=(chromium)
[ -f /usr/share/javascript/mathjax/MathJax.js ] || need+=(libjs-mathjax)
if [ "${#need[@]}" -gt 0 ]; then
    echo "== installing ${need[*]} (apt-get)"
    if [ "$(id -u)" -ne 0 ]; then
        echo "docs-and-notebooks: need root to apt-get install ${need[*]}" >&2
        exit 1
    fi
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null
fi

export NO_MKDOCS_2_WARNING=1
echo "== docs: mkdocs build --strict"
python -m mkdocs build --strict --site-dir site

echo "== docs examples, notebooks executed, browser check"
python -m pytest -q tests/test_docs.py tests/test_notebooks.py tests/test_browser.py
