#!/bin/sh
# The first step of `npm test`: the browser tests drive Chromium and the export test opens the
# CSVs in LibreOffice Calc, both from Debian's packages at the paths the tests use. Installs the
# missing ones where it can (root with apt-get), otherwise stops at once with the command to run.
set -eu

chromium=${CHROMIUM_PATH:-/usr/bin/chromium}
soffice=${SOFFICE_PATH:-/usr/bin/soffice}
missing=''
[ -x "$chromium" ] || missing="$missing chromium"
[ -x "$soffice" ] || missing="$missing libreoffice-calc-nogui"
[ -z "$missing" ] && exit 0

need="The browser and export tests need$missing"
if ! command -v apt-get >/dev/null 2>&1; then
  echo "$need: install Chromium at $chromium and LibreOffice at $soffice (or set CHROMIUM_PATH, SOFFICE_PATH)" >&2
  exit 1
fi
if [ "$(id -u)" -ne 0 ]; then
  echo "$need: sudo sh -c 'apt-get update && apt-get install -y$missing'" >&2
  exit 1
fi
echo "$need: installing them"
export DEBIAN_FRONTEND=noninteractive
# $missing is a list of package names, split on purpose.
# shellcheck disable=SC2086
apt-get update -qq && apt-get install -y -qq $missing >/dev/null
for tool in "$chromium" "$soffice"; do
  [ -x "$tool" ] || { echo "Installed$missing, but $tool is still missing." >&2; exit 1; }
done
