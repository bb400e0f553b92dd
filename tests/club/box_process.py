"""A box of the club in a process of its own: the club's sync over its own data dir, with the
owner loop of ``companion club sync``, and commands on standard input so a test can play on it
while it runs (on the owner's thread, as the table would). One JSON line answers each command.

    python3 -m tests.club.box_process DATA_DIR CONFIG
    play SEED Anna,Petr[,Eva]     a finished example game played here
    status                        {"uids": [...], "outbox": n, "inbox": n, "league": {...}}
    rename OLD NEW | merge OLD NEW
"""

from __future__ import annotations

import json
import queue
import sys
import threading
from pathlib import Path

from companion import config as config_module
from companion.club import league as league_module
from companion.club.runner import ClubLink
from companion.club.settings import settings_of
from companion.known_games import KNOWN
from companion.store import Store
from tests.club.plays import Clock, play_example


def snapshot(store, link) -> dict:
    records = store.history()
    result = league_module.league(records, link.club.aliases())
    ratings = {
        game: {person: [round(r.mu, 9), round(r.sigma, 9)] for person, r in people.items()}
        for game, people in result.ratings.items()
    }
    return {
        "uids": sorted(r["uid"] for r in records),
        "count": len(records),
        "outbox": len(link.club.outbox),
        "inbox": link.club.pending(),
        "league": ratings,
        "people": link.club.people(store),
        "origins": link.club.state.origins(),
        "conflicts": sorted(link.club.state.conflicts),
    }


def main() -> None:
    data_dir, config = Path(sys.argv[1]), sys.argv[2]
    settings = settings_of(config_module.load(config)["club"])
    commands: queue.SimpleQueue = queue.SimpleQueue()
    woken = threading.Event()

    def read() -> None:
        for line in sys.stdin:
            commands.put(line.split())
            woken.set()
        commands.put(["quit"])
        woken.set()

    threading.Thread(target=read, daemon=True).start()
    data_dir.mkdir(parents=True, exist_ok=True)
    store = Store(data_dir / "companion.db", rules=KNOWN, clock=Clock())
    link = ClubLink(settings, data_dir, woken.set)
    link.club.collect(store, force=True)
    link.start()
    print(json.dumps({"ready": True}), flush=True)
    while True:
        while not commands.empty():
            words = commands.get()
            if not words:
                continue
            if words[0] == "quit":
                link.close()
                store.close()
                return
            if words[0] == "play":
                uid = play_example(store, int(words[1]), words[2].split(","))
                link.work(store, limit=0)
                print(json.dumps({"played": uid}), flush=True)
            elif words[0] == "status":
                print(json.dumps(snapshot(store, link), ensure_ascii=False), flush=True)
            elif words[0] in ("rename", "merge"):
                try:
                    print(json.dumps({"done": link.club.rename(store, words[0], words[1], words[2])}), flush=True)
                except ValueError as error:
                    print(json.dumps({"refused": str(error)}), flush=True)
        if link.work(store, limit=200):
            continue
        woken.wait(0.5)
        woken.clear()


if __name__ == "__main__":
    main()
