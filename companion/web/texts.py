"""What a phone says in words of its own (the rest comes from the game and the table)."""

from __future__ import annotations

from ..engine import Msg

OK = Msg("Pokračovat", "Continue")
LOCK = Msg("Zamknout", "Lock in")
CHOOSE = Msg("Potvrdit", "Confirm")
CHANGE = Msg("Změnit volbu", "Change my pick")
WAIT_FOR = Msg("Čeká se: {what} – {who}", "Waiting for: {what} – {who}")
WAIT_HOST = Msg("Čeká se na hostitele: {what}", "Waiting for the host: {what}")
WAIT_SECRET = Msg("Ostatní volí tajně. Čeká se na: {who}", "The others pick in secret. Waiting for: {who}")
WAIT_REVEAL = Msg("Všichni zvolili: odhalí se hned.", "Everyone has picked: the reveal comes now.")
OR = Msg(" nebo ", " or ")
UNDO_ALL = Msg("Vrátit tah? Souhlasí každý hráč.", "Undo? Every player agrees.")
UNDO_YES = Msg("Ano, vrátit", "Yes, undo")
UNDO_NO = Msg("Ne", "No")
MENU = Msg("hostitel má otevřenou nabídku", "the host has the menu open")
CLAIM = Msg("hostitel potvrzuje místo pro telefon", "the host confirms a phone's seat")
UNDO = Msg("hostitel vrací tah", "the host is undoing a move")
NO_GAME = Msg("Hra ještě nezačala.", "The game has not started yet.")
OVER = Msg("Hra skončila.", "The game is over.")
