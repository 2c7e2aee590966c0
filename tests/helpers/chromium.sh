#!/usr/bin/env bash
# Chromium as the browser tests launch it: a headless shell, the same Blink and V8 without the
# desktop browser around them (what Playwright runs by default for headless tests), which spent a
# fifth less CPU on the same tests than the full browser in headless mode. By default the build that
# @sparticuz/chromium carries (scripts/platform/chromium.mjs unpacks it, with its libraries and font);
# CHROMIUM_PATH names another, such as Debian's /usr/lib/chromium/chromium-headless-shell. Chromium keeps
# only the last --disable-features it is given, so Playwright's list and ours are joined into one
# here. Ours matter when CHROMIUM_PATH names the full browser: the address bar's suggestion popups,
# which it preloads as two extra renderers for every new window though a headless browser never
# shows them; without them a new page opens in about half the time.
# Run as root, Chromium raises its browser and GPU processes to nice -8, above the function tests
# that run beside it and carry the run's longest chain; without CAP_SYS_NICE it keeps the priority it
# was started with (`npm test` starts it at nice 10), in its own session too (keep-priority.sh).
set -euo pipefail
features=(WebUIOmniboxPopup WebUIOmniboxAimPopup)
args=()
for arg in "$@"; do
  case "$arg" in
    --disable-features=*) IFS=, read -r -a listed <<<"${arg#--disable-features=}" && features+=("${listed[@]}") ;;
    *) args+=("$arg") ;;
  esac
done
lower=()
if [ "$(id -u)" = 0 ] && command -v setpriv >/dev/null; then lower=(setpriv --bounding-set -sys_nice --inh-caps -sys_nice --); fi
here="$(dirname "$0")"
browser="$(node "$here/../../scripts/platform/chromium.mjs")"
unpacked="$(dirname "$browser")"
if [ -f "$unpacked/fonts.conf" ]; then
  export LD_LIBRARY_PATH="$unpacked/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" FONTCONFIG_FILE="$unpacked/fonts.conf"
fi
exec "$here/keep-priority.sh" "${lower[@]}" "$browser" "${args[@]}" "--disable-features=$(IFS=,; echo "${features[*]}")"
