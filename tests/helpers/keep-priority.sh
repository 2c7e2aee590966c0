#!/usr/bin/env bash
# Runs a command at the priority it was started with, even in a session of its own. Playwright starts
# the site and the browser each in a new session, and Linux with autogroups shares the CPU between
# sessions first and weighs nice only inside each one: `npm test` starts the browser tests at nice
# 10, yet each shard's site and browser took as much CPU as the whole run beside them, the function
# tests (its longest chain) included. A session's own nice puts them back below.
if [ -w /proc/self/autogroup ]; then nice >/proc/self/autogroup 2>/dev/null || true; fi
exec "$@"
