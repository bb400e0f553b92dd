"""Joining by QR: the table's address and the hotspot's Wi-Fi code, drawn for the 128x64 panel
and read back from the rendered PNG as a phone camera would read it."""

from __future__ import annotations

import io

import pytest
import segno

from companion.web import qr

zxingcpp = pytest.importorskip("zxingcpp", reason="the QR decoder (zxing-cpp) is not installed")


def decoded(image) -> list[str]:
    """Decode the PNG the panel image makes, on the panel's dark bezel (unlit all around),
    scaled up as a camera sees a small panel from close."""
    from PIL import Image

    buffer = io.BytesIO()
    image.save(buffer, "PNG")
    panel = Image.open(io.BytesIO(buffer.getvalue())).convert("L")
    shot = Image.new("L", (panel.width + 40, panel.height + 40), 0)
    shot.paste(panel, (20, 20))
    shot = shot.resize((shot.width * 4, shot.height * 4), Image.NEAREST)
    return [result.text for result in zxingcpp.read_barcodes(shot)]


def test_the_table_url_is_an_upper_case_ip_address():
    assert qr.table_url("192.168.4.1", 8080) == "HTTP://192.168.4.1:8080/"
    assert qr.table_url("10.0.0.7") == "HTTP://10.0.0.7/"
    with pytest.raises(qr.QrError, match="not an IP address"):
        qr.table_url("companion.local")


def test_the_url_code_is_version_2_and_drawn_at_2_px_a_module_on_the_panel():
    code = qr.url_qr("192.168.100.100", 8080)
    assert code.version == 2 and len(code.matrix) == 25
    assert qr.panel_scale(code) == 2
    image = qr.panel_image(code)
    assert image.size == (128, 64) and image.mode == "1"
    assert qr.read_modules(image, 25, 2) == qr.modules(code)


def test_a_phone_camera_reads_the_url_from_the_rendered_panel():
    image = qr.panel_image(qr.url_qr("192.168.4.1", 8080))
    assert decoded(image) == ["HTTP://192.168.4.1:8080/"]


def test_a_phone_camera_reads_the_wifi_code_with_its_special_characters_escaped():
    code = qr.wifi_qr('Stůl;1', 'pa:ss"w;rd\\x')
    image = qr.panel_image(code)
    assert image.size == (128, 64)
    assert decoded(image) == ['WIFI:T:WPA;S:Stůl\\;1;P:pa\\:ss\\"w\\;rd\\\\x;;']


def test_a_typical_hotspot_code_fits_at_2_px_a_module():
    code = qr.wifi_qr("companion-4f2a", "Xk7pQ2mV9sLw3RtY")
    assert qr.panel_scale(code) == 2
    assert decoded(qr.panel_image(code)) == ["WIFI:T:WPA;S:companion-4f2a;P:Xk7pQ2mV9sLw3RtY;;"]


def test_a_code_too_big_for_the_panel_is_refused_in_one_line():
    with pytest.raises(qr.QrError, match="does not fit"):
        qr.panel_scale(segno.make("x" * 300, error="l"))
    with pytest.raises(qr.QrError):
        qr.wifi_qr("", "secret")


def test_a_phone_camera_reads_the_host_code_with_its_key_from_the_panel():
    key = "K3J9QRST2VWX"
    joining = qr.join_codes("192.168.4.1", 8080, host_key=key, height=64)
    assert [code.kind for code in joining.codes] == ["url", "host"]
    code = segno.make(qr.host_url("192.168.4.1", 8080, key), error="m", micro=False, boost_error=False)
    assert qr.panel_scale(code) >= 1
    assert decoded(qr.panel_image(code)) == [f"HTTP://192.168.4.1:8080/#HOST-{key}"]
    assert [code.kind for code in qr.join_codes("192.168.4.1", 8080).codes] == ["url"]  # no key: no code
