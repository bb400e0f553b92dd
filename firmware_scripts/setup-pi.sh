#!/usr/bin/env bash
# Set up a Raspberry Pi (Raspberry Pi OS Bookworm) as a companion table box.
#
#   sudo firmware_scripts/setup-pi.sh            # from a checkout of the repository
#
# What it does (every step is safe to repeat):
#   1. apt packages for the venv and for building lgpio (skip with --no-apt); on 32-bit
#      Raspberry Pi OS (armhf) also what Pillow and cbor2 need to build from source, as the
#      package index has no wheels of them for armv7l;
#   2. I2C on, without prompts: `raspi-config nonint do_i2c 0` (0 means enable), and
#      dtparam=i2c_arm_baudrate=400000 in /boot/firmware/config.txt (or /boot/config.txt on
#      older images): a full OLED frame takes ~23 ms instead of ~92 ms. Needs a reboot;
#   3. the system user `companion` in the groups gpio, i2c, dialout (no login, no home);
#   4. a venv in /opt/companion/venv with this package and its [pi] extra, every dependency
#      at the exact version of firmware_scripts/constraints-pi.txt (the same on every box);
#   5. /etc/udev/rules.d/70-companion-pads.rules (pad ports: group dialout, no ModemManager);
#   6. /etc/systemd/system/companion.service, enabled (starts at the next boot, or now with
#      `systemctl start companion`); /etc/companion/config.toml if missing;
#   7. with --web or --hotspot only: the web table (docs/web-table.md) -- its extra in the venv
#      and /etc/systemd/system/companion.socket, enabled: systemd listens on port 80 and passes
#      the socket to the service, which keeps PrivateNetwork=yes;
#   8. with --hotspot only: the Pi becomes its own Wi-Fi hotspot (a NetworkManager connection
#      "companion-hotspot" on wlan0, address 10.42.0.1, started at the next boot) with a random
#      password that is never printed: the panel shows it only as a Wi-Fi QR code (kept in
#      /etc/companion/hotspot.toml, readable by root and the companion group only).
#
# Options:
#   --root DIR   write every file under DIR instead of /, and only print the system commands
#                (useradd, apt-get, pip, systemctl...). For tests and for inspecting the result.
#   --dry-run    change nothing at all; print what would be done.
#   --source DIR the package to install (default: the checkout this script is in).
#   --no-apt     do not run apt-get.
#   --web        also serve the web table on port 80 (phones as pads, a board page).
#   --hotspot    --web, and the Pi is its own Wi-Fi hotspot (for a table without a network).
#   -h, --help   this text.
set -euo pipefail

ROOT=/
DRY_RUN=0
NO_APT=0
WEB=0
HOTSPOT=0
SRC="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

usage() { sed -n '2,/^set -euo/p' "$0" | sed -e '$d' -e 's/^# \{0,1\}//'; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --root) ROOT="${2:?--root needs a directory}"; shift 2 ;;
        --root=*) ROOT="${1#--root=}"; shift ;;
        --dry-run) DRY_RUN=1; shift ;;
        --source) SRC="${2:?--source needs a directory}"; shift 2 ;;
        --no-apt) NO_APT=1; shift ;;
        --web) WEB=1; shift ;;
        --hotspot) WEB=1; HOTSPOT=1; shift ;;
        -h|--help) usage; exit 0 ;;
        *) echo "setup-pi.sh: unknown option $1 (see --help)" >&2; exit 2 ;;
    esac
done

ROOT="${ROOT%/}"
OFFLINE=0   # 1: do not run system commands, only print them
if [[ -n "$ROOT" ]]; then
    [[ -d "$ROOT" ]] || { echo "setup-pi.sh: --root $ROOT is not a directory" >&2; exit 2; }
    ROOT="$(cd "$ROOT" && pwd)"
    [[ "$ROOT" == / ]] && ROOT=""
fi
[[ -n "$ROOT" || "$DRY_RUN" == 1 ]] && OFFLINE=1
if [[ "$OFFLINE" == 0 && "$(id -u)" != 0 ]]; then
    echo "setup-pi.sh: run as root (sudo), or use --root DIR / --dry-run" >&2
    exit 1
fi

say() { printf '==> %s\n' "$*"; }

# A system command: run it, or print it when offline.
run() {
    if [[ "$OFFLINE" == 1 ]]; then
        printf 'would run:'; printf ' %q' "$@"; printf '\n'
    else
        "$@"
    fi
}

# Install file $1 to $ROOT$2 with mode $3 (identical content: nothing changes).
put() {
    local src="$1" dest="$ROOT$2" mode="$3"
    if [[ "$DRY_RUN" == 1 ]]; then
        echo "would install $src -> $dest (mode $mode)"
        return
    fi
    mkdir -p "$(dirname "$dest")"
    if [[ -f "$dest" ]] && cmp -s "$src" "$dest"; then
        chmod "$mode" "$dest"
        return
    fi
    install -m "$mode" "$src" "$dest"
    echo "installed $dest"
}

# Ensure "key=value" in a config.txt: replace an existing key=... line, else append under [all].
set_config() {
    local file="$1" key="$2" value="$3"
    if [[ "$DRY_RUN" == 1 ]]; then
        echo "would set $key=$value in $file"
        return
    fi
    if grep -Eq "^[[:space:]]*${key}=" "$file"; then
        if ! grep -Eq "^[[:space:]]*${key}=${value}[[:space:]]*$" "$file"; then
            sed -i -E "s|^[[:space:]]*${key}=.*$|${key}=${value}|" "$file"
            echo "set $key=$value in $file"
        fi
        return
    fi
    local last_section
    last_section="$(grep -E '^[[:space:]]*\[[^]]*\]' "$file" | tail -n 1 | tr -d '[:space:]' || true)"
    {
        [[ -s "$file" && -n "$(tail -c 1 "$file")" ]] && echo
        [[ -n "$last_section" && "$last_section" != "[all]" ]] && echo "[all]"
        echo "${key}=${value}"
    } >> "$file"
    echo "added $key=$value to $file"
}

# 1. packages
if [[ "$NO_APT" == 0 ]]; then
    say "apt packages"
    run apt-get update
    run apt-get install -y --no-install-recommends python3-venv python3-dev swig liblgpio-dev i2c-tools
    if [[ "$(dpkg --print-architecture 2>/dev/null || echo unknown)" == armhf ]]; then
        say "32-bit OS: build packages for Pillow and cbor2 (no armv7l wheels on the package index)"
        run apt-get install -y --no-install-recommends build-essential libjpeg62-turbo-dev \
            zlib1g-dev libfreetype-dev libopenjp2-7-dev libtiff-dev
    fi
fi

# 2. I2C
say "I2C at 400 kHz"
if [[ "$OFFLINE" == 1 ]] || command -v raspi-config >/dev/null; then
    run raspi-config nonint do_i2c 0
else
    echo "raspi-config not found: enabling I2C in config.txt only" >&2
fi
CONFIG=""
for c in /boot/firmware/config.txt /boot/config.txt; do
    if [[ -f "$ROOT$c" ]]; then CONFIG="$ROOT$c"; break; fi
done
if [[ -n "$CONFIG" ]]; then
    set_config "$CONFIG" dtparam=i2c_arm on
    set_config "$CONFIG" dtparam=i2c_arm_baudrate 400000
else
    echo "no /boot/firmware/config.txt or /boot/config.txt under '${ROOT:-/}': skipping" >&2
fi

# 3. user
say "system user companion"
for g in gpio i2c dialout; do   # Pi OS has them all; a plain Debian may lack gpio and i2c
    if [[ "$OFFLINE" == 1 ]]; then
        echo "would create group $g if missing"
    elif ! getent group "$g" >/dev/null; then
        groupadd --system "$g"
    fi
done
if [[ "$OFFLINE" == 0 ]] && id companion >/dev/null 2>&1; then
    run usermod --append --groups gpio,i2c,dialout companion
else
    run useradd --system --user-group --groups gpio,i2c,dialout --home-dir /var/lib/companion \
        --no-create-home --shell /usr/sbin/nologin companion
fi

# 4. venv and package
say "venv in /opt/companion/venv"
if [[ "$DRY_RUN" == 0 ]]; then mkdir -p "$ROOT/opt/companion"; fi
run python3 -m venv "$ROOT/opt/companion/venv"
EXTRAS=pi
[[ "$WEB" == 1 ]] && EXTRAS=pi,web
run "$ROOT/opt/companion/venv/bin/pip" install --constraint "$SRC/firmware_scripts/constraints-pi.txt" \
    "${SRC}[${EXTRAS}]"

# 5. udev rule for the pads
say "udev rule"
put "$SRC/systemd/70-companion-pads.rules" /etc/udev/rules.d/70-companion-pads.rules 0644
run udevadm control --reload
run udevadm trigger --subsystem-match=tty

# 6. configuration and service
say "service"
if [[ "$DRY_RUN" == 1 ]]; then
    echo "would create $ROOT/etc/companion/config.toml if missing"
elif [[ ! -e "$ROOT/etc/companion/config.toml" ]]; then
    mkdir -p "$ROOT/etc/companion"
    printf '# companion settings (TOML). Empty: built-in defaults.\n' > "$ROOT/etc/companion/config.toml"
    chmod 0644 "$ROOT/etc/companion/config.toml"
    echo "created $ROOT/etc/companion/config.toml"
fi
put "$SRC/systemd/companion.service" /etc/systemd/system/companion.service 0644
run systemctl daemon-reload
run systemctl enable companion.service

# 7. the web table: systemd listens on port 80 and passes the socket to the service
if [[ "$WEB" == 1 ]]; then
    say "web table on port 80"
    put "$SRC/systemd/companion.socket" /etc/systemd/system/companion.socket 0644
    run systemctl daemon-reload
    run systemctl enable companion.socket
fi

# Ensure "key = value" under [web] in the companion's config.toml (added when missing).
set_web_setting() {
    local key="$1" value="$2" file="$ROOT/etc/companion/config.toml"
    if [[ "$DRY_RUN" == 1 ]]; then
        echo "would set [web] $key = $value in $file"
        return
    fi
    if grep -Eq "^[[:space:]]*${key}[[:space:]]*=" "$file"; then
        return
    fi
    if grep -Eq '^[[:space:]]*\[web\][[:space:]]*$' "$file"; then
        sed -i -E "/^[[:space:]]*\[web\][[:space:]]*$/a ${key} = ${value}" "$file"
    else
        printf '\n[web]\n%s = %s\n' "$key" "$value" >> "$file"
    fi
    echo "set [web] $key in $file"
}

# 8. the hotspot: a NetworkManager keyfile (the password never on a command line or printed)
if [[ "$HOTSPOT" == 1 ]]; then
    say "Wi-Fi hotspot (NetworkManager)"
    SECRET="$ROOT/etc/companion/hotspot.toml"
    KEYFILE="$ROOT/etc/NetworkManager/system-connections/companion-hotspot.nmconnection"
    if [[ "$OFFLINE" == 0 ]] && ! command -v nmcli >/dev/null; then
        echo "setup-pi.sh: --hotspot needs NetworkManager (nmcli), the network stack of Raspberry Pi OS Bookworm" >&2
        exit 1
    fi
    if [[ "$DRY_RUN" == 1 ]]; then
        echo "would create $SECRET and $KEYFILE (a random password, not shown) if missing"
    else
        if [[ ! -s "$SECRET" ]]; then
            HOTSPOT_SSID="table-$(od -An -N2 -tx1 /dev/urandom | tr -d ' \n')"
            # 20 characters of 32 (100 bits), no look-alikes (l 1 o 0) and never a hex key
            HOTSPOT_PASSWORD="$(od -An -N20 -tu1 /dev/urandom | awk '{ for (i = 1; i <= NF; i++)
                printf "%s", substr("abcdefghijkmnpqrstuvwxyz23456789", $i % 32 + 1, 1) }')"
            mkdir -p "$(dirname "$SECRET")"
            (umask 0077; printf '# the box'"'"'s own Wi-Fi (setup-pi.sh --hotspot); the panel shows it as a QR code\nssid = "%s"\npassword = "%s"\naddress = "10.42.0.1"\n' \
                "$HOTSPOT_SSID" "$HOTSPOT_PASSWORD" > "$SECRET")
            echo "created $SECRET"
        fi
        chmod 0640 "$SECRET"
        if [[ ! -s "$KEYFILE" ]]; then
            HOTSPOT_SSID="$(sed -n -E 's/^ssid = "(.*)"$/\1/p' "$SECRET")"
            HOTSPOT_PASSWORD="$(sed -n -E 's/^password = "(.*)"$/\1/p' "$SECRET")"
            mkdir -p "$(dirname "$KEYFILE")"
            (umask 0077; printf '%s\n' "[connection]" "id=companion-hotspot" "uuid=$(cat /proc/sys/kernel/random/uuid)" \
                "type=wifi" "interface-name=wlan0" "autoconnect=true" "autoconnect-priority=100" "" \
                "[wifi]" "mode=ap" "band=bg" "ssid=$HOTSPOT_SSID" "" \
                "[wifi-security]" "key-mgmt=wpa-psk" "proto=rsn" "pairwise=ccmp" "group=ccmp" "psk=$HOTSPOT_PASSWORD" "" \
                "[ipv4]" "method=shared" "address1=10.42.0.1/24" "" "[ipv6]" "method=disabled" > "$KEYFILE")
            echo "created $KEYFILE"
        fi
        chmod 0600 "$KEYFILE"
    fi
    run chown root:companion "$SECRET"
    set_web_setting hotspot '"/etc/companion/hotspot.toml"'
    run nmcli connection reload
    echo "the hotspot starts at the next boot (now it would drop an SSH session over this Wi-Fi);"
    echo "its password is shown only as the Wi-Fi QR code on the panel"
elif [[ "$WEB" == 1 ]]; then
    echo "give the box a fixed address on your network (a DHCP reservation) and set it as"
    echo "[web] address in /etc/companion/config.toml, so the panel can show its QR code"
fi

say "done. Reboot once for the I2C speed (sudo reboot); then: systemctl status companion"
