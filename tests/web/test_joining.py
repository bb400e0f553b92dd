"""Joining by QR on the panel: the codes drawn in a frame beside their text, read back from the
rendered PNG as a phone camera reads them; the menus' entry; the codes `companion run` makes."""

from __future__ import annotations

import io
import json
import re
import sys
from pathlib import Path

import pytest
from PIL import Image

from companion.games import load
from companion.hw.screen import render
from companion.surface.events import KeyEvent
from companion.surface.frame import Frame
from companion.table.flow import GameMenu, MainMenu, Play
from companion.table.joining import MENU_JOIN, Join, broken, show_join
from companion.table.menu import main_menu
from companion.table.table import Table
from companion.web import qr

from ..companion_process import run_companion
from ..table.helpers import MemoryRecorder
from .helpers import vaaalbara_table

zxingcpp = pytest.importorskip("zxingcpp", reason="the QR decoder (zxing-cpp) is not installed")

HOTSPOT = ("table-4f2a", "Xk7pQ2mV9sLw3RtY")
SHOTS = Path(__file__).resolve().parents[2] / "docs" / "web"


def shot(image, name: str) -> None:
    """The panel as the docs show it: 4 times its size, lit pixels white on black."""
    image.convert("L").resize((image.width * 4, image.height * 4), Image.NEAREST).save(SHOTS / name)


def read_png(path_or_image) -> list[str]:
    """What a camera reads from the panel: the PNG on the panel's dark bezel, scaled up."""
    if isinstance(path_or_image, Image.Image):
        buffer = io.BytesIO()
        path_or_image.save(buffer, "PNG")
        path_or_image = io.BytesIO(buffer.getvalue())
    panel = Image.open(path_or_image).convert("L")
    shot = Image.new("L", (panel.width + 40, panel.height + 40), 0)
    shot.paste(panel, (20, 20))
    shot = shot.resize((shot.width * 4, shot.height * 4), Image.NEAREST)
    return [result.text for result in zxingcpp.read_barcodes(shot)]


def menu_table(language: str) -> Table:
    table = Table(MemoryRecorder(), {"vaaalbara": load("vaaalbara")}, language, new_seed=lambda: 11)
    table.joining = qr.join_codes("192.168.100.100", 8080, HOTSPOT)
    main_menu(table)
    return table


def host(table: Table, *keys: str) -> None:
    for key in keys:
        table.handle(KeyEvent(None, key))


def labels(table: Table) -> list[str]:
    return [item.label.get(table.language) for item in table.screen.items]


@pytest.mark.parametrize("language", ["cs", "en"])
def test_the_panel_shows_the_wifi_code_then_the_address_and_a_camera_reads_both(language):
    table = menu_table(language)
    host(table, *["up"] * (len(table.screen.items) - labels(table).index(MENU_JOIN.get(language))), "ok")
    assert isinstance(table.screen, Join)
    wifi = table.frame()
    assert wifi.header == "Wi-Fi" and wifi.lines == ("table-4f2a",)
    assert read_png(render(wifi)) == ["WIFI:T:WPA;S:table-4f2a;P:Xk7pQ2mV9sLw3RtY;;"]
    shot(render(wifi), f"panel-join-wifi-{language}.png")
    assert "Xk7p" not in " ".join(wifi.lines)  # the password is in the code only
    host(table, "ok")
    address = table.frame()
    assert address.header == {"cs": "Telefon", "en": "Phone"}[language]
    assert address.lines == ("192.168.", "100.100", ":8080")  # to type, where a camera fails
    assert read_png(render(address)) == ["HTTP://192.168.100.100:8080/"]
    shot(render(address), f"panel-join-url-{language}.png")
    host(table, "ok")
    assert isinstance(table.screen, MainMenu) and table.screen.title.get(language) == table.frame().header


def test_the_text_beside_the_code_is_the_frame_drawn_in_the_columns_left():
    table = menu_table("en")
    show_join(table, main_menu)
    frame = table.frame()
    image = render(frame)
    side = frame.bitmap.width
    assert side == 64 and frame.bitmap.height == 64
    assert image.crop((0, 0, side, 64)).tobytes() == frame.bitmap.bits
    text = render(frame._replace(bitmap=None), 128 - side, 64)
    assert image.crop((side, 0, 128, 64)).tobytes() == text.tobytes()
    assert render(Frame("x", ("a",))) == render(Frame("x", ("a",), bitmap=None))


def test_in_a_game_the_game_menu_has_the_entry_and_back_returns_to_it():
    table = vaaalbara_table(3, "cs")
    table.joining = qr.join_codes("10.42.0.1", 80)
    host(table, "menu")
    assert "Připojit telefon" in labels(table)
    table.screen.cursor = labels(table).index("Připojit telefon")
    host(table, "ok")
    assert isinstance(table.screen, Join) and len(table.joining.codes) == 1
    assert read_png(render(table.frame())) == ["HTTP://10.42.0.1/"]
    host(table, "back")
    assert isinstance(table.screen, GameMenu)
    host(table, "back")
    assert isinstance(table.screen, Play)


def test_without_the_web_table_no_menu_offers_to_join():
    table = Table(MemoryRecorder(), {"vaaalbara": load("vaaalbara")}, "en")
    assert "Join by phone" not in labels(table)
    show_join(table, main_menu)
    assert isinstance(table.screen, MainMenu)
    table = vaaalbara_table(3, "en")
    host(table, "menu")
    assert "Join by phone" not in labels(table)


def test_an_address_breaks_after_its_dots_and_before_its_port():
    from companion.surface.panel import Panel

    column = Panel(64, 64)
    assert broken(column, "192.168.4.1:8080") == ["192.168.", "4.1:8080"]
    assert broken(column, "10.42.0.1") == ["10.42.0.1"]
    assert all(column.fits(row) for row in broken(column, "192.168.100.100:8080"))


def write_script(path, *lines):
    path.write_text("\n".join(lines) + "\nquit\n", encoding="utf-8")
    return path


def test_run_puts_the_hotspot_and_address_codes_on_the_panel(tmp_path):
    """`companion run --web` with a hotspot file: the menu's entry shows the Wi-Fi code, then the
    address the box is reached at, as saved PNG frames a camera reads."""
    hotspot = tmp_path / "hotspot.toml"
    hotspot.write_text('ssid = "table-4f2a"\npassword = "Xk7pQ2mV9sLw3RtY"\naddress = "10.42.0.1"\n')
    config = tmp_path / "config.toml"
    config.write_text(f'[web]\nhotspot = "{hotspot}"\n')
    script = write_script(tmp_path / "keys.txt", "host up", "host up", "host up", "host ok", "host ok")
    frames = tmp_path / "frames"
    run = run_companion(
        "run", "--config", config, "--script", script, "--data-dir", tmp_path / "d", "--frames", frames,
        "--web", "127.0.0.1:0", "--language", "en", "-v",
    )  # fmt: skip
    assert run.returncode == 0, run.stderr
    pngs = sorted(frames.glob("frame_*.png"))
    read = [read_png(png) for png in pngs]
    codes = [found for found in read if found]

    laid = [json.loads(png.with_suffix(".json").read_text()) for png, found in zip(pngs, read) if found]
    assert [one.get("bitmap") for one in laid] == [{"size": [64, 64], "x": 0}] * 2  # for programs reading frames
    assert [row["text"] for row in laid[1]["rows"]][:2] == ["Phone", "10.42.0.1"]
    assert codes[0] == ["WIFI:T:WPA;S:table-4f2a;P:Xk7pQ2mV9sLw3RtY;;"]
    port = int(re.search(r"web table at http://127.0.0.1:(\d+)/", run.stderr).group(1))
    assert codes[1] == [f"HTTP://10.42.0.1:{port}/"] and len(codes) == 2  # the port listened on


def test_a_bad_hotspot_file_is_one_line(tmp_path):
    hotspot = tmp_path / "hotspot.toml"
    hotspot.write_text('ssid = "x"\n')
    config = tmp_path / "config.toml"
    config.write_text(f'[web]\nhotspot = "{hotspot}"\n')
    script = write_script(tmp_path / "keys.txt")
    run = run_companion(
        "run", "--config", config, "--script", script, "--data-dir", tmp_path / "d", "--web", "127.0.0.1:0"
    )
    assert run.returncode != 0 and "Traceback" not in run.stderr
    assert run.stderr.strip().splitlines() == [
        f"companion: the hotspot file {hotspot} needs ssid, password (and address) as text"
    ]


def test_with_the_web_table_off_nothing_of_it_is_imported():
    code = (
        "import sys, companion.run, companion.table.table\n"
        "print(sorted(m for m in sys.modules if m.startswith(('segno', 'websockets', 'companion.web'))))"
    )
    import subprocess

    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=True)
    assert out.stdout.strip() == "[]"


def test_the_hotspot_setup_pi_makes_fits_the_panel_at_2_px_a_module():
    """setup-pi.sh --hotspot names the network table-XXXX (4 hex digits) with a password of 20
    letters and digits: such a code is version 3, 2 px a module in the panel's 64 rows."""
    code = qr.wifi_qr("table-ffff", "z" * 20)
    assert code.version <= 3 and qr.panel_scale(code, (64, 64)) == 2
    joining = qr.join_codes("10.42.0.1", 80, ("table-ffff", "k7pq2mv9swx3rtyab4cd"))
    assert read_png(render(Frame("Wi-Fi", bitmap=joining.codes[0].bitmap))) == [
        "WIFI:T:WPA;S:table-ffff;P:k7pq2mv9swx3rtyab4cd;;"
    ]
