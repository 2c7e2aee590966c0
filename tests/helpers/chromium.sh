#!/usr/bin/env bash
# Debian's Chromium as the browser tests launch it. Chromium keeps only the last --disable-features
# it is given, so Playwright's list and ours are joined into one here. Ours: the address bar's
# suggestion popups, which Chromium preloads as two extra renderers for every new window (every
# test's page), though a headless browser never shows them; without them a new page opens in about
# half the time.
set -euo pipefail
features=(WebUIOmniboxPopup WebUIOmniboxAimPopup)
args=()
for arg in "$@"; do
  case "$arg" in
    --disable-features=*) IFS=, read -r -a listed <<<"${arg#--disable-features=}" && features+=("${listed[@]}") ;;
    *) args+=("$arg") ;;
  esac
done
exec "${CHROMIUM_PATH:-/usr/bin/chromium}" "${args[@]}" "--disable-features=$(IFS=,; echo "${features[*]}")"
