#!/usr/bin/env bash
# Copy the pad firmware (padlogic.py, padscreen.py, main.py) to a Raspberry Pi Pico running
# MicroPython, with micropython-lib's ssd1306 display driver (mpremote mip install ssd1306).
#
#   firmware_scripts/deploy.sh [--port PORT] [--screen SIZE] [--driver FILE] [--no-break]
#                              [--wait SECONDS]
#
# Needs `mpremote` (pip install mpremote) and python3; installing the driver needs the network
# (or --driver). Stop the companion service first (sudo systemctl stop companion): it holds the
# pad ports open. The pad finds its screen by itself at every boot (an SSD1306 answering at
# I2C address 0x3C or 0x3D); a pad without one works as before. See docs/pad-screen.md.
#
# A running pad ignores Ctrl-C (its port carries the protocol), so mpremote cannot interrupt
# it. This script first sends the protocol's REPL frame: the pad marks a flag file and resets,
# and on that boot stops before its watchdog and main loop, leaving the REPL to mpremote.
# A pad that does not answer (old or no firmware): hold "*" while plugging it in, or flash
# MicroPython afresh, then run this with --no-break.
#
# Options:
#   --port PORT    the pad's serial port (default: the only /dev/serial/by-id/*MicroPython*)
#   --screen SIZE  128x32 or 128x64: the size of the pad's screen (written to its screen.cfg;
#                  without this option the pad keeps its setting, 128x32 if it has none);
#                  none: a pad without a screen, no driver is installed
#   --driver FILE  copy this ssd1306.py (from micropython-lib) instead of downloading it
#   --no-break     the pad is already at the REPL: do not send the REPL frame
#   --wait S       seconds to wait for the port to come back after the reset (default 10)
#   -h, --help     this text
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
PORT=""
BREAK=1
WAIT=10
SCREEN=""
DRIVER=""

usage() { sed -n '2,/^set -euo/p' "$0" | sed -e '$d' -e 's/^# \{0,1\}//'; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --port) PORT="${2:?--port needs a device}"; shift 2 ;;
        --port=*) PORT="${1#--port=}"; shift ;;
        --screen) SCREEN="${2:?--screen needs 128x32, 128x64 or none}"; shift 2 ;;
        --screen=*) SCREEN="${1#--screen=}"; shift ;;
        --driver) DRIVER="${2:?--driver needs a file}"; shift 2 ;;
        --driver=*) DRIVER="${1#--driver=}"; shift ;;
        --no-break) BREAK=0; shift ;;
        --wait) WAIT="${2:?--wait needs seconds}"; shift 2 ;;
        -h|--help) usage; exit 0 ;;
        *) echo "deploy.sh: unknown option $1 (see --help)" >&2; exit 2 ;;
    esac
done

case "$SCREEN" in
    ""|128x32|128x64|none) ;;
    *) echo "deploy.sh: --screen must be 128x32, 128x64 or none, not $SCREEN" >&2; exit 2 ;;
esac
if [[ -n "$DRIVER" && ! -f "$DRIVER" ]]; then
    echo "deploy.sh: no such driver file: $DRIVER" >&2; exit 1
fi
if [[ -n "$DRIVER" && "$SCREEN" == none ]]; then
    echo "deploy.sh: --driver and --screen none contradict each other" >&2; exit 2
fi
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

# One mpremote run for everything: between two runs mpremote soft-resets the pad, which would
# start main.py again and shut the REPL.
STEPS=()
if [[ "$SCREEN" == none ]]; then
    echo "no screen: the display driver is not installed"
elif [[ -n "$DRIVER" ]]; then
    echo "copying the display driver $DRIVER"
    STEPS+=(exec "import os
try:
    os.mkdir('lib')
except OSError:
    pass" + fs cp "$DRIVER" :lib/ssd1306.py +)
else
    echo "installing the display driver: mpremote mip install ssd1306"
    STEPS+=(mip install ssd1306 +)
fi
if [[ -n "$SCREEN" ]]; then
    CFG="$(mktemp)"
    trap 'rm -f "$CFG"' EXIT
    if [[ "$SCREEN" == none ]]; then
        STEPS+=(exec "import os
try:
    os.remove('screen.cfg')
except OSError:
    pass" +)
    else
        echo "$SCREEN" > "$CFG"
        STEPS+=(fs cp "$CFG" :screen.cfg +)
    fi
fi

echo "copying padlogic.py, padscreen.py and main.py to $PORT"
if ! mpremote connect "$PORT" "${STEPS[@]}" \
    fs cp "$HERE/padlogic.py" :padlogic.py + \
    fs cp "$HERE/padscreen.py" :padscreen.py + \
    fs cp "$HERE/main.py" :main.py + \
    reset; then
    echo "deploy.sh: mpremote failed; if the driver could not be downloaded (no network)," \
         "get ssd1306.py from micropython-lib and pass --driver FILE, or use --screen none;" \
         "then run this again" >&2
    exit 1
fi
echo "done: the pad restarts with the new firmware"
