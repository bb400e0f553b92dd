"""Preferences: small settings (the language) that survive a restart."""

from __future__ import annotations

import pytest

from companion.store import Store


def test_a_preference_survives_reopening(db_path):
    with Store(db_path) as store:
        assert store.preference("language") is None
        assert store.preference("language", "cs") == "cs"
        store.set_preference("language", "en")
        store.set_preference("language", "cs")
        store.set_preference("contrast", {"level": 3})
    with Store(db_path) as store:
        assert store.preference("language", "en") == "cs"
        assert store.preference("contrast") == {"level": 3}


def test_a_preference_handed_out_is_a_copy(store):
    store.set_preference("seats", ["a", "b"])
    store.preference("seats").append("c")
    assert store.preference("seats") == ["a", "b"]


def test_a_preference_must_be_json_and_named(store):
    with pytest.raises(ValueError):
        store.set_preference("", 1)
    with pytest.raises((TypeError, ValueError)):
        store.set_preference("bad", object())
    assert store.preference("bad") is None
