#!/usr/bin/env bash
# Copy the pad firmware (padlogic.py, main.py) to a Raspberry Pi Pico running MicroPython.
#
#   firmware_scripts/deploy.sh [--port PORT] [--no-break] [--wait SECONDS]
#
# Needs `mpremote` (pip install mpremote) and python3. Stop the companion service first
# (sudo systemctl stop companion): it holds the pad ports open.
#
# A running pad ignores Ctrl-C (its port carries the protocol), so mpremote cannot interrupt
# it. This script first sends the protocol's REPL frame: the pad marks a flag file and resets,
# and on that boot stops before its watchdog and main loop, leaving the REPL to mpremote.
# A pad that does not answer (old or no firmware): hold "*" while plugging it in, or flash
# MicroPython afresh, then run this with --no-break.
#
# Options:
#   --port PORT    the pad's serial port (default: the only /dev/serial/by-id/*MicroPython*)
#   --no-break     the pad is already at the REPL: do not send the REPL frame
#   --wait S       seconds to wait for the port to come back after the reset (default 10)
#   -h, --help     this text
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
PORT=""
BREAK=1
WAIT=10

usage() { sed -n '2,/^set -euo/p' "$0" | sed -e '$d' -e 's/^# \{0,1\}//'; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --port) PORT="${2:?--port needs a device}"; shift 2 ;;
        --port=*) PORT="${1#--port=}"; shift ;;
        --no-break) BREAK=0; shift ;;
        --wait) WAIT="${2:?--wait needs seconds}"; shift 2 ;;
        -h|--help) usage; exit 0 ;;
        *) echo "deploy.sh: unknown option $1 (see --help)" >&2; exit 2 ;;
    esac
done

command -v mpremote >/dev/null || { echo "deploy.sh: mpremote not found (pip install mpremote)" >&2; exit 1; }

if [[ -z "$PORT" ]]; then
    shopt -s nullglob
    found=(/dev/serial/by-id/*MicroPython*)
    shopt -u nullglob
    if [[ ${#found[@]} -ne 1 ]]; then
        echo "deploy.sh: found ${#found[@]} MicroPython boards; plug in exactly one or use --port" >&2
        exit 1
    fi
    PORT="${found[0]}"
fi
[[ -e "$PORT" ]] || { echo "deploy.sh: no such port: $PORT" >&2; exit 1; }

if [[ "$BREAK" == 1 ]]; then
    echo "asking the pad on $PORT to reboot into the REPL"
    # One protocol frame, "0 REPL*<CRC-16/CCITT-FALSE>", written without any terminal setup.
    python3 - "$PORT" <<'PY'
import binascii, os, sys
payload = b"0 REPL"
frame = b"\n%s*%04X\n" % (payload, binascii.crc_hqx(payload, 0xFFFF))
fd = os.open(sys.argv[1], os.O_WRONLY | os.O_NOCTTY)
try:
    os.write(fd, frame)
finally:
    os.close(fd)
PY
    sleep 1  # the pad resets: its port disappears and comes back
    for _ in $(seq "$WAIT"); do
        [[ -e "$PORT" ]] && break
        sleep 1
    done
    [[ -e "$PORT" ]] || { echo "deploy.sh: $PORT did not come back" >&2; exit 1; }
    sleep 1
fi

echo "copying padlogic.py and main.py to $PORT"
mpremote connect "$PORT" \
    fs cp "$HERE/padlogic.py" :padlogic.py + \
    fs cp "$HERE/main.py" :main.py + \
    reset
echo "done: the pad restarts with the new firmware"
