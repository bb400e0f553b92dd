"""The web table's tests run only where its optional libraries are installed (``.[web]``)."""

import pytest

pytest.importorskip("websockets", reason="the web table's extra is not installed: pip install '.[web]'")
pytest.importorskip("segno", reason="the web table's extra is not installed: pip install '.[web]'")
