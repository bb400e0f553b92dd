"""Graenaland on the companion: setup, the awaited input, applying actions, views and scores.

The rules themselves live next door: ``rounds`` (phase order), ``board`` (moves), ``votes``,
``production``, ``building``, ``payment``, ``goals``; box data in ``data/box.toml``.
Resource and supply cards stay physical: the companion tracks only how many cards lie at each
territory, and who owns what on the board.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from ...engine import Game, Msg, Option, Prompt, PromptKind, RuleError, Scores, Setting, Status, rng
from . import boxcheck, boxdata, building, draft, goals, production, rounds, texts
from .board import HEROES, move_choices, move_code
from .rounds import clockwise, movers, open_voter, proposable
from .votes import weights

OPTIONS = {"seats", "three_player_variant", "open_votes", "vp_cards", "draft_starts", "five_player_grant", "box", "check_box"}
YES_NO = (Option("yes", texts.YES, "#"), Option("no", texts.NO, "*"))
OFF_ON = ((False, texts.NO), (True, texts.YES))


@lru_cache(maxsize=1)
def _file_data() -> dict:
    return boxdata.load()


def box_data(options: dict) -> dict:
    return boxdata.merge(_file_data(), options.get("box") or {})


def _bad_option(name: str, cs: str, en: str) -> RuleError:
    return RuleError("graenaland.bad_option",
                     Msg("Volba {o}: " + cs, "Option {o}: " + en).format(o=name))


class Graenaland(Game):
    name = "graenaland"
    title = Msg("Graenaland", "Graenaland")
    min_seats, max_seats = 3, 5
    settings = (
        Setting("three_player_variant", Msg("Úpravy pro tři", "3-player changes"), OFF_ON[::-1], seats=(3,)),
        Setting("open_votes", Msg("Veřejné hlasování", "Open votes"), OFF_ON),
        Setting("vp_cards", Msg("Karty vít. bodů", "VP cards"), OFF_ON),
        Setting("draft_starts", Msg("Výběr pozic", "Drafted starts"), OFF_ON),
        Setting("five_player_grant", Msg("Nabídka stavby", "Offer a build"), OFF_ON, seats=(5,)),
        Setting("check_box", Msg("Ověřit data dílů", "Check box data"), OFF_ON),
    )

    # -- setup -----------------------------------------------------------------------------------
    def validate_options(self, options: dict[str, Any]) -> dict[str, Any]:
        unknown = set(options) - OPTIONS
        if unknown:
            raise _bad_option(", ".join(sorted(unknown)), "tuto volbu hra nezná.", "the game has no such option.")
        seats = options.get("seats")
        if not isinstance(seats, int) or isinstance(seats, bool) or not 3 <= seats <= 5:
            raise _bad_option("seats", "Graenaland hrají 3 až 5 hráči.", "Graenaland is for 3 to 5 players.")
        out = {"seats": seats,
               "three_player_variant": options.get("three_player_variant", seats == 3),
               "open_votes": options.get("open_votes", False),
               "vp_cards": options.get("vp_cards", False),
               "draft_starts": options.get("draft_starts", False),
               "five_player_grant": options.get("five_player_grant", False),
               "box": options.get("box") or {},
               "check_box": options.get("check_box", False)}
        for key in ("three_player_variant", "open_votes", "vp_cards", "draft_starts", "five_player_grant", "check_box"):
            if not isinstance(out[key], bool):
                raise _bad_option(key, "má být ano nebo ne.", "must be true or false.")
        if out["three_player_variant"] and seats != 3:
            raise _bad_option("three_player_variant", "úpravy pro hru ve třech platí jen pro 3 hráče.",
                              "the 3-player changes are for 3 players only.")
        if out["five_player_grant"] and seats != 5:
            raise _bad_option("five_player_grant", "alternativa pro pět hráčů platí jen pro 5 hráčů.",
                              "the 5-player alternative is for 5 players only.")
        if not isinstance(out["box"], dict):
            raise _bad_option("box", "oprava dat krabice má tvar souboru box.toml.",
                              "a box data correction has the shape of box.toml.")
        data = box_data(out)
        boxdata.check(data)
        return out

    def setup(self, options: dict[str, Any], seed: int) -> dict:
        seats = options["seats"]
        data = box_data(options)
        board = boxdata.board_for(data, seats)
        order = board["order"]
        state = {
            "seats": seats, "options": {k: v for k, v in options.items() if k != "box"},
            "rng": rng.new(seed), "board": board,
            "settlements": {t: {} for t in order}, "buildings": {t: {} for t in order},
            "public": {t: [] for t in order}, "cards": {t: 0 for t in order},
            "heroes": [], "pending": [{} for _ in range(seats)],
            "army": [board["rules"]["army_start"]] * seats,
            "round": 1, "main": 0, "phase": "setup", "step": "setup",
            "checks": [], "queue": [], "proposal": None, "last_vote": None, "last_moves": {},
            "supply": {"deck": board["supply"]["cards"] - board["supply"]["display"],
                       "display": board["supply"]["display"], "taken": False, "turned": False},
            "round_flags": {"coop": False, "grant": False}, "coop": None,
            "builder": None, "mode": None, "final": [], "announcer": None, "claims": {},
            "vp": None, "recent": [], "shown": None, "fixing": None,
            # box data: the session's corrections given as the option, and what was learned
            # or corrected on the device during play (both in box.toml's shape)
            "box": options.get("box") or {}, "learned": {},
        }
        if options["vp_cards"]:
            # the cards are dealt on the table; the companion learns each kept card's number
            # (hidden until revealed) and, when a card is shown, its thresholds if unknown
            state["vp"] = {"cards": data["vp"]["cards"], "kept": {}, "revealed": [], "claim": None,
                           "learning": None, "to_learn": [], "then": None}
            # thresholds still marked verified = false (box.toml's card 1 only fits the
            # rulebook example) decide nothing: such a card is asked like an unknown one
            checked = {str(c.get("id")) for c in data["vp_cards"] if c.get("verified") is True}
            board["vp_cards"] = {k: v for k, v in board["vp_cards"].items() if k in checked}
        if options.get("draft_starts"):
            draft.begin(state)
        else:
            for seat in range(seats):
                spot = board["start"][str(seat)]
                for tid in spot["settlements"]:
                    state["settlements"][tid][str(seat)] = state["settlements"][tid].get(str(seat), 0) + 1
                state["heroes"].append({"warrior": spot["warrior"], "priest": None, "skald": None})
            rounds.note(state, Msg("Každý hráč si vezme 2 karty surovin, jednu za každou svou osadu.",
                                   "Each player takes 2 resource cards, one for each of his settlements."))
            rounds.after_placement(state)
            rounds.start_spots(state)   # where the pieces go (the spots are placeholders)
        if options.get("check_box"):
            boxcheck.begin(state, data)   # before round 1 and any other setup step
        return state

    # -- what is awaited -------------------------------------------------------------------------
    def prompt(self, state: dict) -> Prompt | None:
        step = state["step"]
        board = state["board"]
        if step == "over":
            return None
        if step == boxcheck.STEP:
            return boxcheck.prompt(state)
        if step in ("draft_cards", "draft_place", "draft_anchor"):
            return draft.prompt(state)
        if step == "keep_vp_card":
            seats = tuple(range(state["seats"]))
            cards = tuple(Option(n, Msg(f"Karta č. {n}", f"Card no. {n}"), f"{n:02d}")
                          for n in range(1, state["vp"]["cards"] + 1))
            return Prompt(PromptKind.SECRET_CHOICE, step, seats,
                          Msg("Karta VB: zadej její číslo", "VP card: enter its number"),
                          {s: cards for s in seats},
                          detail=Msg("Rozdejte každému 3 karty vítězných bodů. Každý si jednu tajně nechá, dvě odloží lícem dolů a na padu zadá číslo své karty (01–{n}) a #.",
                                     "Deal 3 victory-point cards to each player. Each keeps one secretly, discards two face down and enters his card's number on the pad (01-{n}), then #.")
                          .format(n=state["vp"]["cards"]))
        if step == "vp_threshold":
            return self._threshold_prompt(state)
        if step in rounds.SHOWN:
            shown = state["shown"]
            return Prompt(PromptKind.CONFIRM, step, (), Msg.from_json(shown["title"]),
                          detail=Msg("; ".join(i["cs"] for i in shown["items"]),
                                     "; ".join(i["en"] for i in shown["items"])))
        if step == "production":
            return Prompt(PromptKind.CONFIRM, step, (), Msg("Produkce surovin", "Resource production"),
                          detail=self._production_detail(state))
        if step == "improvement":
            return self._improvement_prompt(state)
        if step == "fix_cards":
            options = [Option(tid, Msg("{t}: leží {n}", "{t}: {n} lie").format(
                t=texts.place(board, tid), n=state["cards"][tid]), str(board["order"].index(tid) + 1))
                for tid in board["order"] if production.total_houses(state, tid) or state["cards"][tid]]
            options.append(Option("back", Msg("Zpět", "Back"), "#"))
            return Prompt(PromptKind.CHOICE, step, (), Msg("Oprava: které území?", "Fix which territory?"),
                          {Prompt.ANYONE: tuple(options)},
                          detail=Msg("Vyberte území, kde leží jiný počet karet, než companion ukazuje.",
                                     "Pick the territory where the cards lying there differ from the companion's count."))
        if step == "fix_count":
            tid = state["fixing"]
            most = rounds.fix_most(state, tid)
            return Prompt(PromptKind.NUMBER, step, (), Msg("{t}: karet?", "{t}: cards?").format(t=texts.place(board, tid)),
                          minimum=0, maximum=most,
                          detail=Msg("Kolik karet tam opravdu leží (nejvýš {m}).", "How many cards really lie there (at most {m}).")
                          .format(m=most))
        if step == "move":
            seats = tuple(movers(state))
            return Prompt(PromptKind.SECRET_CHOICE, step, seats,
                          Msg("Pohyb: hrdina a směr", "Move: hero, direction"),
                          {s: self._move_options(state, s) for s in seats},
                          detail=Msg("Hrdina 1–3, směr na kompasu (5 = zůstat), pak 5, nebo týž směr znovu = o dva po pobřeží.",
                                     "Hero 1-3, compass direction (5 = stay), then 5, or the same direction again = two along the coast."))
        if step == "propose":
            seat = state["queue"][0]
            # the card count first, then the territory: the screen cuts what does not fit
            options = [Option(tid, Msg("{n}× {t}", "{n}× {t}").format(
                t=texts.place(board, tid), n=state["cards"][tid]), str(board["order"].index(tid) + 1))
                for tid in proposable(state, seat)]
            options.append(Option("pass", Msg("Nenavrhovat", "No proposal"), "0"))
            options.append(Option("fix", Msg("Opravit počet karet", "Fix a card count"), "*"))
            return Prompt(PromptKind.CHOICE, step, (seat,),
                          Msg("{s}: návrh – kde?", "{s}: proposal?").format(s=texts.seat(seat)),
                          {seat: tuple(options)},
                          detail=Msg("Území s kartami, kde máš hlas (karet× území); * opraví počet karet, který nesedí.",
                                     "Territories with cards where you have a vote (cards× territory); * fixes a count that is wrong."))
        if step == "split":
            proposal = state["proposal"]
            remaining = proposal["cards"] - sum(proposal["shares"].values())
            target = proposal["ask"][0]
            # the recipient first (the proposer answers: his LED shows it)
            return Prompt(PromptKind.NUMBER, step, (proposal["proposer"],),
                          Msg("→ {s}: kolik karet?", "→ {s}: cards?").format(s=texts.seat(target)),
                          minimum=0, maximum=remaining,
                          detail=Msg("Zbývá rozdělit {n} (celkem {a}) – {t}.", "{n} left to share (of {a}) – {t}.").format(
                              n=remaining, a=proposal["cards"], t=texts.place(board, proposal["territory"])))
        if step == "vote":
            proposal = state["proposal"]
            seats = tuple(int(s) for s in proposal["weights"])
            return Prompt(PromptKind.VOTE, step, seats, self._vote_title(state),
                          {s: YES_NO for s in seats}, detail=self._vote_detail(state))
        if step == "vote_open":
            seat = open_voter(state)
            return Prompt(PromptKind.CHOICE, step, (seat,),
                          Msg("{s}: pro návrh?", "{s}: for it?").format(s=texts.seat(seat)),
                          {seat: YES_NO}, detail=self._vote_title(state) + Msg(": ", ": ") + self._vote_detail(state))
        if step == "claim":
            win = board["vp"]["win"]
            options = [Option("done", Msg("Nikdo další", "Nobody else"), "#")]
            options += [Option(f"seat:{s}", texts.seat(s), str(s + 1))
                        for s in clockwise(state, state["main"]) if str(s) not in state["claims"]]
            return Prompt(PromptKind.CHOICE, step, (),
                          Msg("Ohlásí někdo {w}+ VB?", "Who claims {w}+ VP?").format(w=win),
                          {Prompt.ANYONE: tuple(options)},
                          detail=Msg("Kdo má aspoň {w} vítězných bodů, může ohlásit vítězství.",
                                     "Whoever has at least {w} victory points may announce victory.").format(w=win))
        if step == "claim_points":
            seat = state["claimant"]
            return Prompt(PromptKind.NUMBER, step, (seat,),
                          Msg("{s}: kolik VB?", "{s}: VP claimed?").format(s=texts.seat(seat)),
                          minimum=board["vp"]["win"], maximum=rounds.CLAIM_MAX,
                          detail=Msg("Kolik vítězných bodů ohlašuješ (nejméně {w}).",
                                     "How many victory points you claim (at least {w}).").format(w=board["vp"]["win"]))
        if step == "build":
            seat, mode = state["builder"], state["mode"]
            values = building.legal(state, seat, mode)
            values.append("nothing" if mode == "grant" else "done")
            width = max(2, len(str(len(values))))
            options = tuple(Option(v, building.label(state, v, seat),
                                   "#" if v in ("done", "nothing") else str(i + 1).zfill(width))
                            for i, v in enumerate(values))
            title = {"main": Msg("{s} staví", "{s} builds"),
                     "final": Msg("{s} staví naposled", "{s}: last build"),
                     "grant": Msg("{s}: stavba navíc", "{s}: one build")}[mode]
            return Prompt(PromptKind.CHOICE, step, (seat,), title.format(s=texts.seat(seat)), {seat: options},
                          detail=self._build_detail(state, seat, mode))
        if step == "coop_result":
            coop = state["coop"]
            main = state["main"]
            # the main player answers (his LED and the header's ship show it); the question first
            return Prompt(PromptKind.CHOICE, step, (main,),
                          Msg("Stojí {p} {t}?", "{P} {t} built?").format(
                              p=texts.PUBLIC_SHORT[coop["kind"]], P=texts.capital(texts.PUBLIC_SHORT[coop["kind"]]),
                              t=texts.tag(board, coop["territory"])),
                          {main: (Option("built", Msg("Postaveno", "Built"), "#"),
                                  Option("not_built", Msg("Nepostaveno", "Not built"), "*"))},
                          detail=Msg("Postavili jste společně {p} – {t}?", "Did you build the joint {p} – {t}?").format(
                              p=texts.PUBLIC[coop["kind"]], t=texts.territory(board, coop["territory"])))
        if step == "announce":
            main = state["main"]
            return Prompt(PromptKind.CHOICE, step, (main,),
                          Msg("{s}: ohlásí výhru?", "{s}: announce?").format(s=texts.seat(main)), {main: YES_NO},
                          detail=Msg("{s} splňuje {n} cíle a může ohlásit vítězství.",
                                     "{s} meets {n} goals and may announce victory.").format(
                              s=texts.seat(main), n=board["goals"]["needed"]))
        raise RuntimeError(f"unknown step {step!r}")

    def _threshold_prompt(self, state: dict) -> Prompt:
        """One threshold of a revealed card whose values the box data does not know."""
        learning = state["vp"]["learning"]
        levels = learning["levels"]
        column, level = goals.COLUMNS[len(levels) // 3], len(levels) % 3 + 1
        # the card is public now: anyone may type (the column and level first, the screen is narrow)
        return Prompt(PromptKind.NUMBER, "vp_threshold", (),
                      Msg("{g} {l}/3, karta {c}", "{g} {l}/3, card {c}").format(
                          c=learning["card"], g=texts.GOAL_SHORT[column], l=level),
                      minimum=levels[-1] if len(levels) % 3 else 0, maximum=rounds.THRESHOLD_MAX,
                      detail=Msg("Opiš z odkryté karty č. {c} stupně sloupců zleva doprava ({k}/15): hodnoty karty zatím neznáme, uloží se pro příští hry.",
                                 "Copy the levels from revealed card no. {c}, column by column, left to right ({k}/15): the card is not known yet and is kept for later games.")
                      .format(c=learning["card"], k=len(levels) + 1))

    def _move_options(self, state: dict, seat: int) -> tuple[Option, ...]:
        out = []
        for hero in HEROES:
            if state["heroes"][seat][hero] is None:
                continue
            for direction in move_choices(state["board"]):
                out.append(Option(f"{hero}:{direction}", Msg("{h}: {d}", "{h}: {d}").format(
                    h=texts.HERO[hero], d=texts.DIRECTION[direction]), move_code(hero, direction)))
        return tuple(out)

    def _improvement_prompt(self, state: dict) -> Prompt:
        """The dealer turns the check card: the two possible counts are the answers, so the
        answer is the outcome the table sees."""
        board = state["board"]
        tid = state["checks"][0]
        low = state["cards"][tid]
        res = board["territories"][tid]["improvement_resource"]
        symbol = (Msg("symbol na dílu", "the symbol on the piece") if res not in texts.RESOURCE or res == "unknown"
                  else texts.RESOURCE[res])
        match = Msg("shoda", "match") if res not in texts.RESOURCE or res == "unknown" else texts.RESOURCE[res]
        options = (Option(low + 1, texts.capital(match) + Msg(": přidat ({n})", ": add it ({n})").format(n=low + 1), "#"),
                   Option(low, Msg("Jiná: odložit ({n})", "Other: discard ({n})").format(n=low), "*"))
        return Prompt(PromptKind.CHOICE, "improvement", (),
                      Msg("Kontrola {t}", "Check: {t}").format(t=texts.place(board, tid)),
                      {Prompt.ANYONE: options},
                      detail=Msg("Otoč kontrolní kartu. Odpovídá-li symbolu zlepšení ({r}), přilož ji (pak leží {h}); jinak ji odlož (leží {l}).",
                                 "Turn the check card. If it matches the improvement symbol ({r}), add it ({h} lie there); otherwise discard it ({l}).")
                      .format(r=symbol, h=low + 1, l=low))

    def _production_detail(self, state: dict) -> Msg:
        """One line per item: what lies at each settled territory now against its cap, then
        what the dealer adds there."""
        lines = []
        if state["supply"].get("turned"):
            lines.append(Msg("Otočte novou kartu zásob.", "Turn up a new supply card."))
        for entry in production.plan(state):
            lines.append(Msg("{t}: leží {n}/{c}", "{t}: {n}/{c} lie").format(
                t=texts.place(state["board"], entry["territory"]), n=entry["lying"], c=entry["cap"]))
            if entry["regular"]:
                lines.append(Msg("+1 lícem nahoru", "+1 face up"))
            if entry["road"]:
                lines.append(Msg("+1 lícem dolů (cesta)", "+1 face down (road)"))
            if entry["check"]:
                lines.append(Msg("+1 kontrolní karta", "+1 check card"))
            if not (entry["regular"] or entry["road"] or entry["check"]):
                lines.append(Msg("nic, je plno", "nothing, it is full"))
        return Msg("; ".join(m.cs for m in lines) or "Nic se neprodukuje.",
                   "; ".join(m.en for m in lines) or "Nothing is produced.")

    def _vote_title(self, state: dict) -> Msg:
        proposal = state["proposal"]
        return Msg("Hlasování – {t}", "Vote – {t}").format(t=texts.place(state["board"], proposal["territory"]))

    def _vote_detail(self, state: dict) -> Msg:
        """One line per item: who proposes, who would get what, each voter's votes, the rule."""
        proposal = state["proposal"]
        items = [Msg("Navrhuje {s}", "Proposed by {s}").format(s=texts.seat(proposal["proposer"]))]
        items += [Msg("{s} dostane {c}", "{s} gets {c}").format(s=texts.seat(int(s)), c=texts.cards_accusative(n))
                  for s, n in proposal["shares"].items()]
        items += [Msg("{s}: {v}", "{s}: {v}").format(s=texts.seat(int(s)), v=texts.votes(w))
                  for s, w in proposal["weights"].items()]
        items.append(Msg("Návrh projde s více než polovinou hlasů.", "The proposal passes with more than half the votes."))
        return Msg("; ".join(m.cs for m in items), "; ".join(m.en for m in items))

    def _build_detail(self, state: dict, seat: int, mode: str) -> Msg:
        if mode == "final":
            return Msg("Bez karty zásob a bez veřejných staveb.", "No supply card and no public buildings.")
        if mode == "grant":
            return Msg("Jedna stavba, platíš sám: bez tržiště a karty zásob.",
                       "One build, paid alone: no market, no supply card.")
        if not state["supply"]["taken"] and state["supply"]["display"] > 0:
            return Msg("Nezapomeň si vzít kartu zásob.", "Remember to take a supply card.")
        return Msg("Stav, co zaplatíš.", "Build what you can pay for.")

    # -- applying actions --------------------------------------------------------------------------
    def apply(self, state: dict, action: dict) -> dict:
        step = state["step"]
        if action.get("step") != step:
            raise RuleError("graenaland.wrong_step", Msg("Teď se čeká na jiný krok.", "Another step is awaited now."))
        value = action.get("value")
        if step == boxcheck.STEP:
            boxcheck.apply(state, value)
        elif step == "draft_cards":
            draft.cards_laid(state)
        elif step == "draft_place":
            draft.place(state, value)
        elif step == "draft_anchor":
            draft.anchor(state, value)
        elif step == "keep_vp_card":
            rounds.vp_cards_kept(state, {str(s): v for s, v in action["picks"].items()})
        elif step == "vp_threshold":
            rounds.threshold_entered(state, value)
        elif step in rounds.SHOWN:
            rounds.resume(state)
        elif step == "production":
            rounds.produce(state)
        elif step == "improvement":
            low = state["cards"][state["checks"][0]]
            if value not in (low, low + 1) or isinstance(value, bool):
                raise RuleError("graenaland.improvement_count", Msg(
                    "Po kontrolní kartě tam leží {a}, nebo {b}.",
                    "After the check card {a} or {b} cards lie there.").format(a=low, b=texts.cards(low + 1)))
            rounds.improvement_counted(state, value)
        elif step == "fix_cards":
            board = state["board"]
            if value != "back" and value not in board["order"]:
                raise RuleError("graenaland.fix_territory", Msg("Opravit lze jen počet karet na území.",
                                                                 "Only the card count of a territory can be fixed."))
            rounds.fix_territory(state, value)
        elif step == "fix_count":
            most = rounds.fix_most(state, state["fixing"])
            if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= most:
                raise RuleError("graenaland.fix_count_cap", Msg(
                    "Na území leží nejvýš o kartu víc, než kolik je tam sídel: {m}.",
                    "A territory holds at most one card more than its houses: {m}.").format(m=most))
            rounds.fix_count(state, value)
        elif step == "move":
            picks = action["picks"]
            for seat, pick in picks.items():
                hero, _, direction = str(pick).partition(":")
                if (hero not in HEROES or state["heroes"][int(seat)][hero] is None
                        or direction not in move_choices(state["board"])):
                    raise RuleError("graenaland.hero_not_in_play", Msg(
                        "Pohnout lze jen hrdinou, který je na plánu, a jen jedním směrem z kompasu.",
                        "Only a hero on the board can move, in one direction of the compass."))
            rounds.moves_revealed(state, picks)
        elif step == "propose":
            seat = state["queue"][0]
            if value == "fix":
                rounds.fix_started(state)
                return state
            if value != "pass" and value not in proposable(state, seat):
                raise RuleError("graenaland.proposal_needs_vote", Msg(
                    "Navrhnout lze jen rozdělení karet z území, kde máš aspoň jeden hlas.",
                    "You may only propose for a territory with cards where you have at least one vote."))
            rounds.proposed(state, value)
        elif step == "split":
            proposal = state["proposal"]
            remaining = proposal["cards"] - sum(proposal["shares"].values())
            if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= remaining:
                raise RuleError("graenaland.split_all_cards", Msg(
                    "Rozděluješ všechny karty území, zbývá jich {n}.",
                    "The proposal splits all the territory's cards; {n} are left.").format(n=remaining))
            rounds.share_given(state, value)
        elif step == "vote":
            rounds.vote_counted(state, {str(s): v for s, v in action["picks"].items()}, public=False)
        elif step == "vote_open":
            if value not in ("yes", "no"):
                raise RuleError("graenaland.vote_yes_no", Msg("Hlasuje se ano, nebo ne.", "The vote is yes or no."))
            rounds.open_vote_given(state, value)
        elif step == "claim":
            if value == "done":
                rounds.claim_done(state)
            else:
                state["claimant"] = int(str(value).split(":")[1])
                state["step"] = "claim_points"
        elif step == "claim_points":
            win = state["board"]["vp"]["win"]
            if not isinstance(value, int) or isinstance(value, bool) or not win <= value <= rounds.CLAIM_MAX:
                raise RuleError("graenaland.claim_points", Msg(
                    "Ohlásit lze {w} až {m} vítězných bodů.", "A claim is {w} to {m} victory points.").format(
                    w=win, m=rounds.CLAIM_MAX))
            state["claims"][str(state.pop("claimant"))] = value
            state["step"] = "claim"
        elif step == "build":
            building.check(state, state["builder"], str(value), state["mode"])
            rounds.built(state, str(value))
        elif step == "coop_result":
            coop = state["coop"]
            if value == "built":
                building.check_public(state, state["main"], coop["kind"], coop["territory"], "main")
            rounds.coop_decided(state, value)
        elif step == "announce":
            if value == "yes" and not goals.can_announce(state, state["main"]):
                raise RuleError("graenaland.goals_not_met", Msg("K vítězství jsou třeba 3 splněné cíle.",
                                                               "Victory needs 3 goals met."))
            rounds.announced(state, value)
        return state

    # -- what players see --------------------------------------------------------------------------
    def view(self, state: dict, seat: int | None = None) -> dict:
        board = state["board"]
        territories = {}
        for tid in board["order"]:
            info = board["territories"][tid]
            w = weights(state, tid)
            territories[tid] = {
                "name": texts.territory(board, tid).to_json(),
                "terrain": info["terrain"], "coastal": info["coastal"], "piece": info["piece"],
                "neighbours": board["neighbours"][tid],
                "cards": state["cards"][tid],
                "settlements": dict(state["settlements"][tid]),
                "buildings": dict(state["buildings"][tid]),
                "public": list(state["public"][tid]),
                "heroes": [[s, h] for s, mine in enumerate(state["heroes"]) for h, where in mine.items() if where == tid],
                "votes": {str(s): v for s, v in w.items() if v},
                "settlement_cost": info["settlement_cost"],
                "improvement_resource": info["improvement_resource"],
            }
        players = {}
        for s in range(state["seats"]):
            players[str(s)] = {
                "army": state["army"][s], "heroes": dict(state["heroes"][s]),
                "waiting_heroes": dict(state["pending"][s]),
                "houses_left": building.houses_left(state, s),
                "goals": goals.goals_met(state, s), "stats": goals.stats(state, s),
            }
        proposal = state["proposal"]
        out = {
            "game": "graenaland", "round": state["round"], "main": state["main"],
            "phase": state["phase"], "step": state["step"], "awaiting": self._awaiting(state),
            "territories": territories, "players": players,
            "supply": dict(state["supply"]), "round_flags": dict(state["round_flags"]),
            "proposal": None if proposal is None else {
                k: proposal[k] for k in ("proposer", "territory", "cards", "shares", "weights") if k in proposal},
            "last_vote": state["last_vote"], "last_moves": state["last_moves"],
            "announcer": state["announcer"], "claims": dict(state["claims"]),
            "costs": {**board["costs"], **{k: v["cost"] for k, v in board["public"].items()}},
            "recent": state["recent"],
            "data": {"unverified_count": len(board["unverified"]), "unverified": board["unverified"]},
        }
        if state.get("draft") and not state["draft"]["done"]:
            out["draft"] = {k: state["draft"][k] for k in ("round", "queue", "cards", "arrivals", "anchor")}
        vp = state["vp"]
        if vp is not None:
            # a kept card is public only once revealed; its owner always sees his own
            out["vp_cards"] = {str(s): self._vp_card_view(state, s) for s in vp["revealed"]}
            out["vp_claim"] = vp["claim"]
            if seat is not None and str(seat) in vp["kept"]:
                out["vp_card"] = self._vp_card_view(state, seat)
        return out

    def _vp_card_view(self, state: dict, seat: int) -> dict:
        card = state["vp"]["kept"][str(seat)]
        return {"kept": card, "thresholds": state["board"]["vp_cards"].get(str(card)),
                "points": goals.vp_total(state, seat)}

    def learned_box(self, state: dict) -> dict:
        return boxdata.merge(state.get("box") or {}, state.get("learned") or {})

    def _awaiting(self, state: dict) -> dict:
        prompt = self.prompt(state)
        if prompt is None:
            return {"step": None, "seats": []}
        return {"step": prompt.step, "seats": list(prompt.seats), "title": prompt.title.to_json()}

    def score(self, state: dict) -> Scores:
        """Totals are what ranks the players: goals met (base game) or victory points (VP
        cards); the breakdown gives them per goal. A hidden VP card counts nothing until it is
        revealed, so no score tells what a player keeps. Ranking: the announcer first, the
        others by total, equal totals clockwise from the announcer; an announcer who missed his
        claim comes last (see goals.ranking)."""
        vp = state["vp"]
        breakdown = {}
        for s in range(state["seats"]):
            if vp is None:
                breakdown[s] = {k: int(v) for k, v in goals.goals_met(state, s).items()}
            else:
                card = state["board"]["vp_cards"].get(str(vp["kept"].get(str(s))))
                shown = s in vp["revealed"] and card is not None
                breakdown[s] = goals.vp_points(card, goals.stats(state, s)) if shown else {}
        totals = {s: sum(parts.values()) for s, parts in breakdown.items()}
        over = state["step"] == "over"
        ranking = goals.ranking(state, totals) if over else ()
        return Scores(totals, breakdown, ranking, over)

    def status(self, state: dict) -> Status:
        """The header reads 'Kolo 3 · Pohyb ⚓2': the phase and the seat holding the ship
        marker (the main player), short enough for the 128 px header; the question itself is
        the body's first line."""
        prompt = self.prompt(state)
        phase = texts.PHASE[state["phase"]]
        recent = tuple(Msg.from_json(m) for m in state["recent"][-5:])
        if prompt is None:  # the final screen: its header stays short enough to read
            return Status(state["round"], None, phase, None, recent)
        turn = None
        # the split names its recipient first, the joint build its building; the answering
        # seat's LED shows who answers
        if not prompt.kind.hidden and len(prompt.seats) == 1 and prompt.step not in ("split", "coop_result"):
            turn = prompt.seats[0]
        ship = Msg(f" ⚓{state['main'] + 1}", f" ⚓{state['main'] + 1}")
        return Status(state["round"], None, phase + ship, turn, recent)

    def seat_label(self, state: dict, seat: int) -> Msg:
        """On the final screen the announcer is marked, since he ranks first (or, having
        missed his claim, last) whatever his total: ★ won, ✗ missed the claim."""
        if state["step"] == "over" and seat == state["announcer"]:
            return texts.seat(seat) + Msg(" " + goals.announcer_mark(state), " " + goals.announcer_mark(state))
        return texts.seat(seat)


GAME = Graenaland()
