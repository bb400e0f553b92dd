"""setup-pi.sh and deploy.sh, run for real but offline: files under a temporary root, system
commands replaced by recorders on PATH so nothing on this machine is changed."""

import os
import pathlib
import subprocess

import pytest

from companion.hw import protocol

ROOT = pathlib.Path(__file__).resolve().parents[2]
SETUP = ROOT / "firmware_scripts" / "setup-pi.sh"
DEPLOY = ROOT / "firmware_scripts" / "deploy.sh"
SYSTEM_COMMANDS = (
    "apt-get",
    "raspi-config",
    "useradd",
    "usermod",
    "groupadd",
    "systemctl",
    "udevadm",
    "pip",
    "python3",
    "mpremote",
)


@pytest.fixture
def shims(tmp_path):
    """A PATH where every system command only records its call."""
    bin_dir = tmp_path / "shims"
    bin_dir.mkdir()
    log = tmp_path / "calls.log"
    for name in SYSTEM_COMMANDS:
        p = bin_dir / name
        p.write_text(f'#!/bin/sh\necho "{name} $*" >> "{log}"\n')
        p.chmod(0o755)
    env = dict(os.environ, PATH=f"{bin_dir}:{os.environ['PATH']}")
    return env, log


def calls(log):
    return log.read_text().splitlines() if log.exists() else []


def setup(root, env, *args):
    r = subprocess.run(
        ["bash", str(SETUP), "--root", str(root), *args], env=env, capture_output=True, text=True, timeout=60
    )
    assert r.returncode == 0, r.stderr
    return r.stdout


def tree(root):
    return {str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


def test_scripts_are_strict_bash():
    for script in (SETUP, DEPLOY):
        text = script.read_text()
        assert text.startswith("#!/usr/bin/env bash\n") and "\nset -euo pipefail\n" in text
        assert os.access(script, os.X_OK)
        subprocess.run(["bash", "-n", str(script)], check=True, timeout=30)


def test_setup_writes_the_files_under_root_and_runs_nothing(tmp_path, shims):
    env, log = shims
    root = tmp_path / "root"
    (root / "boot/firmware").mkdir(parents=True)
    (root / "boot/firmware/config.txt").write_text("[pi4]\narm_boost=1\n\n[all]\ndtparam=audio=on\n")
    out = setup(root, env)
    files = tree(root)
    assert files["etc/systemd/system/companion.service"] == (ROOT / "systemd/companion.service").read_bytes()
    assert files["etc/udev/rules.d/70-companion-pads.rules"] == (ROOT / "systemd/70-companion-pads.rules").read_bytes()
    assert "etc/companion/config.toml" in files
    config = files["boot/firmware/config.txt"].decode()
    assert config.endswith("[all]\ndtparam=audio=on\ndtparam=i2c_arm=on\ndtparam=i2c_arm_baudrate=400000\n")
    for expected in (
        "raspi-config nonint do_i2c 0",
        "useradd --system --user-group --groups gpio\\,i2c\\,dialout",
        "-m venv " + str(root / "opt/companion/venv"),
        "pip install --constraint " + str(ROOT / "firmware_scripts/constraints-pi.txt") + " " + str(ROOT) + "\\[pi\\]",
        "systemctl enable companion.service",
        "udevadm control --reload",
    ):
        assert expected in out, expected
    assert calls(log) == []

    again = setup(root, env)  # idempotent: same files, nothing re-installed or re-added
    assert tree(root) == files
    assert "installed" not in again and "added" not in again
    assert calls(log) == []


def architecture_shim(env, tmp_path, arch):
    """dpkg answering --print-architecture as a Pi OS of that word size would."""
    dpkg = tmp_path / "shims" / "dpkg"
    dpkg.write_text(f"#!/bin/sh\necho {arch}\n")
    dpkg.chmod(0o755)


@pytest.mark.parametrize("arch, builds", [("armhf", True), ("arm64", False)])
def test_setup_installs_build_packages_only_on_a_32_bit_os(tmp_path, shims, arch, builds):
    env, _ = shims
    architecture_shim(env, tmp_path, arch)
    root = tmp_path / "root"
    root.mkdir()
    out = setup(root, env)
    assert ("libjpeg62-turbo-dev" in out and "libfreetype-dev" in out) == builds
    assert "python3-venv" in out


def test_every_dependency_is_pinned_within_its_declared_range():
    """The Pi installs exactly constraints-pi.txt: each dependency of the package (with the [pi]
    extra, and the [web] extra of setup-pi.sh --web) must be pinned there, and the pin must
    satisfy the range pyproject.toml declares."""
    import tomllib

    from packaging.requirements import Requirement
    from packaging.utils import canonicalize_name

    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    pins = {}
    for line in (ROOT / "firmware_scripts/constraints-pi.txt").read_text().splitlines():
        line = line.split("#")[0].strip()
        if line:
            name, version = line.split("==")
            pins[canonicalize_name(name)] = version
    extras = project["optional-dependencies"]
    for text in project["dependencies"] + extras["pi"] + extras["web"]:
        requirement = Requirement(text)
        name = canonicalize_name(requirement.name)
        assert name in pins, f"{name} is not pinned in constraints-pi.txt"
        assert requirement.specifier.contains(pins[name], prereleases=True), (name, pins[name])


def test_setup_falls_back_to_boot_config_and_fixes_a_slow_baudrate(tmp_path, shims):
    env, log = shims
    root = tmp_path / "root"
    (root / "boot").mkdir(parents=True)
    (root / "boot/config.txt").write_text("dtparam=i2c_arm=off\ndtparam=i2c_arm_baudrate=100000\n[cm4]\notg_mode=1")
    setup(root, env, "--no-apt")
    config = (root / "boot/config.txt").read_text()
    assert config.splitlines()[:2] == ["dtparam=i2c_arm=on", "dtparam=i2c_arm_baudrate=400000"]
    assert config.count("i2c_arm") == 2
    assert not (root / "boot/firmware").exists()
    assert calls(log) == []


def test_setup_appends_under_all_when_the_last_section_is_conditional(tmp_path, shims):
    env, _ = shims
    root = tmp_path / "root"
    (root / "boot/firmware").mkdir(parents=True)
    (root / "boot/firmware/config.txt").write_text("[pi4]\narm_boost=1\n")
    setup(root, env)
    assert (root / "boot/firmware/config.txt").read_text() == (
        "[pi4]\narm_boost=1\n[all]\ndtparam=i2c_arm=on\ndtparam=i2c_arm_baudrate=400000\n"
    )


def test_setup_dry_run_writes_nothing(tmp_path, shims):
    env, log = shims
    root = tmp_path / "root"
    root.mkdir()
    out = setup(root, env, "--dry-run")
    assert "would install" in out and tree(root) == {} and calls(log) == []
    r = subprocess.run(
        ["bash", str(SETUP), "--dry-run", "--no-apt"], env=env, capture_output=True, text=True, timeout=60
    )
    assert r.returncode == 0 and "would run: systemctl enable companion.service" in r.stdout
    assert calls(log) == []


def test_setup_refuses_to_touch_the_system_without_root(shims):
    env, log = shims
    if os.geteuid() == 0:
        pytest.skip("running as root")
    r = subprocess.run(["bash", str(SETUP)], env=env, capture_output=True, text=True, timeout=60)
    assert r.returncode == 1 and "run as root" in r.stderr and calls(log) == []


def test_deploy_sends_the_repl_frame_then_copies_with_mpremote(tmp_path, shims):
    env, log = shims
    env["PATH"] = env["PATH"].replace(str(tmp_path / "shims") + ":", "", 1)
    shim_dir = tmp_path / "mp"
    shim_dir.mkdir()
    (shim_dir / "mpremote").write_text(f'#!/bin/sh\necho "mpremote $*" >> "{log}"\n')
    (shim_dir / "mpremote").chmod(0o755)
    env["PATH"] = f"{shim_dir}:{env['PATH']}"  # real python3, recorded mpremote
    port = tmp_path / "ttyACM0"
    port.write_bytes(b"")
    r = subprocess.run(
        ["bash", str(DEPLOY), "--port", str(port), "--wait", "1"], env=env, capture_output=True, text=True, timeout=60
    )
    assert r.returncode == 0, r.stderr
    frames = protocol.FrameDecoder(protocol.HOST_TO_PAD).feed(port.read_bytes())
    assert [f.verb for f in frames] == ["REPL"]
    fw = ROOT / "firmware_scripts"
    assert calls(log) == [
        f"mpremote connect {port} mip install ssd1306 + "
        f"fs cp {fw}/padlogic.py :padlogic.py + fs cp {fw}/padscreen.py :padscreen.py + "
        f"fs cp {fw}/main.py :main.py + reset"
    ]
    r = subprocess.run(
        ["bash", str(DEPLOY), "--port", str(tmp_path / "nope"), "--no-break"],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert r.returncode == 1 and "no such port" in r.stderr


def test_setup_without_web_installs_no_socket_and_no_hotspot(tmp_path, shims):
    env, _ = shims
    root = tmp_path / "root"
    root.mkdir()
    out = setup(root, env, "--no-apt")
    assert "companion.socket" not in out and "nmcli" not in out
    assert not (root / "etc/systemd/system/companion.socket").exists()
    assert "\\[pi\\]" in out and "web" not in (root / "etc/companion/config.toml").read_text()


def test_setup_web_installs_and_enables_the_socket_and_the_web_extra(tmp_path, shims):
    env, log = shims
    root = tmp_path / "root"
    root.mkdir()
    out = setup(root, env, "--no-apt", "--web")
    socket_unit = root / "etc/systemd/system/companion.socket"
    assert socket_unit.read_bytes() == (ROOT / "systemd/companion.socket").read_bytes()
    assert "systemctl enable companion.socket" in out and "\\[pi\\,web\\]" in out
    assert "[web] address" in out  # what to set for the panel's QR code
    assert not (root / "etc/companion/hotspot.toml").exists() and calls(log) == []


def test_setup_hotspot_keeps_its_random_password_out_of_every_output_and_repeats_safely(tmp_path, shims):
    env, log = shims
    root = tmp_path / "root"
    root.mkdir()
    out = setup(root, env, "--no-apt", "--hotspot")
    secret = root / "etc/companion/hotspot.toml"
    keyfile = root / "etc/NetworkManager/system-connections/companion-hotspot.nmconnection"
    import tomllib

    hotspot = tomllib.loads(secret.read_text())
    assert hotspot["address"] == "10.42.0.1" and hotspot["ssid"].startswith("table-")
    password = hotspot["password"]
    assert len(password) == 20 and set(password) <= set("abcdefghijkmnpqrstuvwxyz23456789")  # 100 random bits
    assert password not in out and hotspot["ssid"] not in out
    assert oct(secret.stat().st_mode & 0o777) == "0o640" and oct(keyfile.stat().st_mode & 0o777) == "0o600"
    nm = keyfile.read_text()
    for line in ("mode=ap", "key-mgmt=wpa-psk", f"psk={password}", f"ssid={hotspot['ssid']}", "method=shared"):
        assert line in nm.splitlines(), line
    assert "address1=10.42.0.1/24" in nm
    assert f"chown root:companion {secret}" in out and "nmcli connection reload" in out
    assert "systemctl enable companion.socket" in out
    config = tomllib.loads((root / "etc/companion/config.toml").read_text())
    assert config == {"web": {"hotspot": "/etc/companion/hotspot.toml"}}
    from companion import config as config_module

    assert config_module.load(root / "etc/companion/config.toml")["web"]["hotspot"] == "/etc/companion/hotspot.toml"
    files = tree(root)
    again = setup(root, env, "--no-apt", "--hotspot")  # the same password, nothing added twice
    assert tree(root) == files and password not in again
    assert calls(log) == []


def test_setup_hotspot_dry_run_writes_nothing_and_shows_no_password(tmp_path, shims):
    env, log = shims
    root = tmp_path / "root"
    root.mkdir()
    out = setup(root, env, "--no-apt", "--hotspot", "--dry-run")
    assert tree(root) == {} and "random password, not shown" in out and calls(log) == []
