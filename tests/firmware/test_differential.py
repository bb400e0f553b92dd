"""padlogic answers the same under MicroPython as under CPython (where most of its tests run):
frame decoding of valid, damaged and random lines, the CRC, screen text escapes, and whole
screen conversations with random frames and keys."""

import importlib.util
import json
import random

from companion.hw import protocol

from . import MP_STANDINS, load_padlogic, run_micropython

pl = load_padlogic()
CZECH = "áčďéěíňóřšťúůýžÁČĎÉĚÍŇÓŘŠŤÚŮÝŽ"


def load_differential():
    """mp/differential.py imported under CPython (padlogic already loaded): its call() is the
    CPython side of the comparison."""
    spec = importlib.util.spec_from_file_location("differential", MP_STANDINS / "differential.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


cpython = load_differential().call


def calls():
    rnd = random.Random(15)
    out = []
    texts = ["", "a", " x", "y ", "a  b", "100 %", "Tvůj součet: 37", CZECH, "€→ß", "%41"]
    texts += ["".join(rnd.choice("ab %*" + CZECH) for _ in range(rnd.randrange(20))) for _ in range(60)]
    for t in texts:
        out.append(["text_tokens", t])
        out.append(["text_from", pl.text_tokens(t)])
    for bad in (["%"], ["%4"], ["%zz"], ["%C5"], ["%C5%C5"], ["%0A"], ["%C2%85"], ["a", "%FF"]):
        out.append(["text_from", bad])
    for _ in range(200):
        out.append(["crc16", rnd.randbytes(rnd.randrange(40)).hex()])
    lines = []
    for seq in range(0, 65536, 4099):
        frame = protocol.encode_frame(seq, "TEXT", seq % 4, *pl.text_tokens(rnd.choice(texts)[:16]))
        lines.append(frame[:-1])
        damaged = bytearray(frame[:-1])
        damaged[rnd.randrange(len(damaged))] = rnd.randrange(256)
        lines.append(bytes(damaged))
        lines.append(frame[:-6] + b"*0x" + frame[-4:-2])
    lines += [rnd.randbytes(rnd.randrange(1, 140)) for _ in range(100)]
    out += [["decode", line.hex()] for line in lines]
    for _ in range(30):
        size = rnd.choice([[128, 32], [128, 64]])
        host = [
            protocol.encode_frame(
                1, "ENTRY", rnd.choice(["type", "echo", "none"]), rnd.randrange(1, 4), *pl.text_tokens("# = ok")
            )
        ]
        for n in range(rnd.randrange(6)):
            host.append(
                protocol.encode_frame(
                    2 + n, "HINT", str(rnd.randrange(100)), *pl.text_tokens(rnd.choice(["Lovec", "Kněz", "x"]))
                )
            )
        host.append(protocol.encode_frame(9, "TEXT", rnd.randrange(8), *pl.text_tokens(rnd.choice(texts)[:16])))
        keys = "".join(rnd.choice(pl.KEYS) for _ in range(rnd.randrange(12)))
        out.append(["screen", size, [h.hex() for h in host], keys])
    return out


def test_micropython_answers_like_cpython(tmp_path):
    todo = calls()
    (tmp_path / "in.json").write_text(json.dumps(todo))
    done = run_micropython(MP_STANDINS / "differential.py", tmp_path / "in.json", tmp_path / "out.json", cwd=tmp_path)
    assert done.returncode == 0, done.stderr.decode()
    got = json.loads((tmp_path / "out.json").read_text())
    want = json.loads(json.dumps([cpython(c[0], c[1:]) for c in todo]))
    assert len(got) == len(want)
    for call, g, w in zip(todo, got, want):
        assert g == w, call
    # the cases are not all alike: some frames decode, some do not, some screens show typing
    decoded = [w for c, w in zip(todo, want) if c[0] == "decode"]
    assert any(d is None for d in decoded) and any(d is not None for d in decoded)
