"""The shared Catan core: what every Catan scenario on the companion has in common.

Not a game itself (nothing registers it). A scenario package (``great_wall``, ``troy``) writes a
``Scenario`` subclass and exposes ``GAME = CatanGame(TheScenario())``. The board, the resource
cards and the pieces stay on the table; the core keeps the score, including the hidden points.

Where to read: ``core.py`` (state, points, turn order, the win), ``steps.py`` (the core's
decisions), ``scenario.py`` (the hooks a scenario overrides), ``game.py`` (the engine's Game),
``texts.py`` (Czech and English).

The contract for a scenario
---------------------------
Numbers (class attributes of ``Scenario``): ``name``, ``title``, ``min_seats``/``max_seats``,
``players`` (refusal of a wrong count), ``target`` (VP that win on one's own turn: 10, 15),
``start_settlements``/``start_roads`` (after founding), ``dev_cards`` (buying and knights on or
off), ``army_vp`` (Largest Army's VP, None: no Largest Army), ``special_building_from`` (seat
count from which the 5-6 player special building phase runs), ``settings``, ``extra_options``,
``steps`` (the scenario's own ``engine.Step`` objects; their names must not clash with the
core's: first_player, founding, roll, build, special_build, special_who, longest_road, dev_card).

Hooks (all optional except ``founding_text`` and ``seven``; each changes the working state in
place or raises ``RuleError``; scenario data lives in ``state[scenario.name]``):

- ``check_options(options)``, ``setup(state, options)``;
- ``setup_tasks(state)`` -> tasks queued once the starting player is known (e.g. Troy's secret
  allegiance, the Great Wall's fortress sections), asked before the founding screen;
- ``founding_text(state)`` -> Msg for the founding screen;
- ``roll_options(state, seat)`` -> extra Options on the roll prompt (codes other than 0-9 and
  "#", e.g. "*"), ``roll_choice(state, seat, value)`` when one is picked;
- ``seven(state, seat)`` -> Msg: what replaces the robber on a 7 (discarding is the core's);
- ``after_roll(state, seat, roll)``: before production (the Great Wall's raiders);
- ``built(state, seat, piece)`` after "road" / "settlement" / "city" was counted;
- ``knight(state, seat)`` after a knight was counted and Largest Army settled;
- ``roll_explain(state, seat, value)`` / ``menu_explain(state, seat, value, special)`` -> the
  RuleError for one of its options not offered now (None: the core's generic ``catan.not_now``);
- ``menu_options(state, seat, special)`` -> extra build-menu Options (codes 7, 8, 9, 0; also
  4 and 5 when ``dev_cards`` is False), ``menu_choice(state, seat, value, special)``;
- ``end_turn(state, seat)``: the player ended his turn, before the special building phase;
- ``special_over(state, seat)``: the special building phase after ``seat``'s turn is over, before
  the next turn begins (what it queues is asked first; e.g. Troy's battle after the phase);
- ``public_points(state, seat)`` / ``hidden_points(state, seat)`` -> {kind: VP} added to the
  core's (settlements, cities, longest_road, largest_army | vp_cards); ``points_label(kind, value)``;
- ``win_points(state, seat, points)`` -> the parts of the true total (``points``, by kind) that
  count towards ``target`` on one's own turn (default: all; Troy may leave out its saga VP);
- ``win_waits(state)`` -> True while a question the ended turn queued must come before the
  player now on turn may win (Troy's battle with 4 players);
- ``lost(state)`` -> Msg when everyone has lost now, else None;
- ``ranking(state, totals)`` -> seats in final order (tie-breaks; the winner is put first);
  ``tie_key(state, totals, seat)`` -> what that order compares (equal keys share a place);
- ``game_over(state)``: called once when the game ends, however (``state["over"]`` is set), for
  the scenario's reveals; its events come before the reason of the end;
- ``view(state, seat)`` -> extra view keys; ``learned_box(state)`` -> box corrections to keep.

Core functions a scenario calls (``core``): ``who(state, seat)`` (the seat's name),
``tell(state, msg)`` (public event saying what to do on the board, also kept in
``state["hint"]`` until the next answer), ``note(state, msg)`` (public event only; the table shows
an action's events before the next list, so announce only what players must read; score changes
are announced by the core itself, ``CatanGame.score_events``), ``ask(state, task)`` / ``ask_first`` (queue
a question ``{"step": name, ...}``; it is asked before the phase's own step) and
``finish(state, task)`` (the answered head leaves the queue), ``public_total`` /
``true_total`` / ``breakdown``, ``clockwise(state, start)``, ``refuse(rule, cs, en)`` (rules
named ``catan.<rule>``; scenarios name their own), ``end_game(scenario, state, winner, why, sharing)``.

The turn, as the table sees it
------------------------------
``first_player`` (anyone: who rolled highest) -> the scenario's setup tasks -> ``founding``
(confirm) -> for each turn: ``roll`` (one key: 2-9, 0 = 10, 1 = 11, # = 12) -> ``build`` (one key
per item: 1 road, 2 settlement, 3 city, 4 development card, 5 knight, 6 Longest Road claim,
scenario items 7-9/0, # end of turn) -> with 5-6 players ``special_who`` (anyone: who builds
next, clockwise; # nobody else) and ``special_build`` (that player's menu, # done) -> next turn.
A development card bought is ``dev_card``: a SECRET_CHOICE on the buyer's pad (1 other card,
2 VP card, then #: the same keys for both). After every answer the core checks the end: the
scenario's ``lost``, then the player on his own turn at ``target`` (true total with hidden
VP, or the parts ``win_points`` keeps) wins at once, and the reveal names what made his total.
When a 5-6 player special building phase is over, the scenario's ``special_over`` runs and its
questions are answered before the next turn begins. The header shows the phase and
every seat's public points; whose turn it is goes in front of the question.

State keys of the core: seats, scenario, target, phase, turn, first, round, pieces (per seat
{road, settlement, city}), knights, card_played, army, longest_road, dev_bought, vp_cards
(hidden), last_roll, hint, special, over ({winner, ranking, places, why}), rng, queue, recent;
with rules version 2 also rules, fresh (cards bought this turn, per seat), fresh_vp (hidden: VP
cards among them) and deck ({cards, vp, knights} when the scenario knows its deck, set by its
``setup``; None: not counted).

Rules versions (``core.RULES``, the setup option ``rules``, never in the menu): 2 plays Longest
Road with at least 5 roads, keeps a development card bought this turn and every VP card from
being played, counts a known deck, and lets ``win_waits`` hold a win; 1 is how 0.2.0 and earlier
played, for session files recorded then (a state without ``rules`` is version 1).
"""

from .core import LIMITS
from .game import CatanGame
from .scenario import Scenario

__all__ = ["LIMITS", "CatanGame", "Scenario"]
