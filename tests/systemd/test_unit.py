"""The service unit and udev rule: key settings, `systemd-analyze verify`, security rating."""

import pathlib
import re
import shutil
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
UNIT = ROOT / "systemd" / "companion.service"
RULE = ROOT / "systemd" / "70-companion-pads.rules"
ANALYZE = shutil.which("systemd-analyze")
needs_analyze = pytest.mark.skipif(ANALYZE is None, reason="systemd-analyze not installed")


def parse_unit(text):
    """section -> key -> list of values (systemd keys may repeat, so configparser won't do)."""
    out, section = {}, None
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line[0] in "#;":
            continue
        if line.startswith("["):
            section = out.setdefault(line.strip("[]"), {})
            continue
        key, _, value = line.partition("=")
        section.setdefault(key.strip(), []).append(value.strip())
    return out


@pytest.fixture(scope="module")
def unit():
    return parse_unit(UNIT.read_text())


def one(unit, section, key):
    (value,) = unit[section][key]
    return value


def test_service_type_watchdog_and_restart(unit):
    s = "Service"
    assert one(unit, s, "Type") == "notify"
    assert one(unit, s, "NotifyAccess") == "main"
    assert one(unit, s, "Restart") == "on-failure"
    assert int(one(unit, s, "WatchdogSec")) > 0
    assert int(one(unit, s, "TimeoutStopSec")) > 0
    assert one(unit, s, "ExecStart") == (
        "/opt/companion/venv/bin/companion run --config /etc/companion/config.toml --data-dir /var/lib/companion"
    )
    assert one(unit, "Install", "WantedBy") == "multi-user.target"


def test_runs_as_companion_with_device_groups_and_directories(unit):
    s = "Service"
    assert one(unit, s, "User") == "companion"
    assert set(one(unit, s, "SupplementaryGroups").split()) >= {"gpio", "i2c", "dialout"}
    assert one(unit, s, "StateDirectory") == "companion"
    assert one(unit, s, "RuntimeDirectory") == "companion"
    assert one(unit, s, "WorkingDirectory") == "/var/lib/companion"
    env = dict(kv.split("=", 1) for kv in one(unit, s, "Environment").split())
    assert env["GPIOZERO_PIN_FACTORY"] == "lgpio" and env["LG_WD"] == "/run/companion"
    assert one(unit, s, "UMask") == "0027"


def test_device_access_is_an_allow_list_never_private_devices(unit):
    s = unit["Service"]
    assert s["DevicePolicy"] == ["closed"]
    assert sorted(s["DeviceAllow"]) == ["char-gpiochip rw", "char-i2c rw", "char-ttyACM rw"]
    assert "PrivateDevices" not in s
    for mod in ("modprobe@cdc_acm.service", "modprobe@i2c_dev.service"):
        assert mod in one(unit, "Unit", "Wants").split()
        assert mod in one(unit, "Unit", "After").split()


def test_hardening(unit):
    s = unit["Service"]
    for key in (
        "NoNewPrivileges",
        "ProtectHome",
        "PrivateTmp",
        "ProtectClock",
        "ProtectKernelTunables",
        "ProtectKernelModules",
        "ProtectKernelLogs",
        "ProtectControlGroups",
        "RestrictNamespaces",
        "LockPersonality",
        "RestrictRealtime",
        "RestrictSUIDSGID",
    ):
        assert s[key] == ["yes"], key
    assert s["ProtectSystem"] == ["strict"]
    assert s["CapabilityBoundingSet"] == [""]
    assert s["RestrictAddressFamilies"] == ["AF_UNIX"]
    assert s["SystemCallArchitectures"] == ["native"]


def runnable_copy(tmp_path):
    """The unit with ExecStart pointed at a binary that exists here (verify checks it)."""
    text = UNIT.read_text().replace("ExecStart=/opt/companion/venv/bin/companion", "ExecStart=" + shutil.which("true"))
    path = tmp_path / "companion.service"
    path.write_text(text)
    return path


@needs_analyze
def test_systemd_analyze_verify_prints_nothing(tmp_path):
    r = subprocess.run([ANALYZE, "verify", str(runnable_copy(tmp_path))], capture_output=True, text=True, timeout=60)
    assert (r.returncode, r.stdout + r.stderr) == (0, "")


@needs_analyze
def test_systemd_analyze_security_rates_it_ok_or_better(tmp_path):
    r = subprocess.run(
        [ANALYZE, "security", "--offline=true", str(runnable_copy(tmp_path))],
        capture_output=True,
        text=True,
        timeout=60,
    )
    m = re.search(r"Overall exposure level for \S+: ([0-9.]+) (\w+)", r.stdout)
    assert m, r.stdout + r.stderr
    exposure, rating = float(m.group(1)), m.group(2)
    assert rating in ("OK", "SAFE", "PERFECT"), (exposure, rating)
    assert exposure < 5.0


def test_udev_rule_for_picos():
    rule = RULE.read_text()
    (match,) = [l for l in rule.splitlines() if "2e8a" in l and not l.startswith("#")]
    for part in (
        'ATTRS{idVendor}=="2e8a"',
        'ATTRS{idProduct}=="0005"',
        'GROUP="dialout"',
        'MODE="0660"',
        'ENV{ID_MM_DEVICE_IGNORE}="1"',
        'SYMLINK+="companion/',
    ):
        assert part in match
    assert 'KERNEL!="ttyACM[0-9]*"' in rule and 'SUBSYSTEM!="tty"' in rule
    labels = re.findall(r'GOTO="(\w+)"', rule)
    assert labels and all(f'LABEL="{l}"' in rule for l in labels)


SOCKET = ROOT / "systemd" / "companion.socket"


def test_the_socket_unit_listens_on_port_80_for_the_local_network_only_and_names_its_socket():
    unit = parse_unit(SOCKET.read_text())
    s = unit["Socket"]
    assert s["ListenStream"] == ["80"] and s["Accept"] == ["no"]
    assert s["FileDescriptorName"] == ["web"]  # what companion.web.activation.passed_socket looks for
    assert s["Service"] == ["companion.service"]
    assert s["IPAddressDeny"] == ["any"]
    allowed = " ".join(s["IPAddressAllow"]).split()
    assert sorted(allowed) == sorted(
        ["localhost", "link-local", "10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "fc00::/7"]
    )
    assert unit["Install"]["WantedBy"] == ["sockets.target"]


def test_the_service_keeps_no_network_of_its_own_with_the_socket_passed_in(unit):
    """The socket is systemd's: the service still has PrivateNetwork=yes, denies every IP
    address and may create only AF_UNIX sockets (tests/web/test_activation.py serves a passed
    socket from a network namespace of its own)."""
    s = unit["Service"]
    assert s["PrivateNetwork"] == ["yes"] and s["IPAddressDeny"] == ["any"]
    assert s["RestrictAddressFamilies"] == ["AF_UNIX"]
    assert "Sockets" not in s  # companion.socket is passed by its name, when it is enabled


@needs_analyze
def test_systemd_analyze_verify_the_socket_with_its_service(tmp_path):
    service = runnable_copy(tmp_path)
    socket_unit = tmp_path / "companion.socket"
    socket_unit.write_text(SOCKET.read_text())
    r = subprocess.run([ANALYZE, "verify", str(socket_unit), str(service)], capture_output=True, text=True, timeout=60)
    assert (r.returncode, r.stdout + r.stderr) == (0, "")


def test_the_service_may_open_more_files_than_the_default_soft_limit(unit):
    """Issue 34, point 7: pads, phones and their sockets, the store's files: 1,024 is soon reached."""
    assert int(one(unit, "Service", "LimitNOFILE")) >= 4096
