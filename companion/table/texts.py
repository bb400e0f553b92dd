"""The table's own sentences (menus, locks, undo), in Czech and English."""

from ..engine import Msg

ROUND = Msg("Kolo", "Round")
TURN = Msg("Na tahu: {seat}", "Turn: {seat}")
CHOICE_HINT = Msg("▲▼ OK nebo kód", "▲▼ OK or code")
CHOICE_TYPED_HINT = Msg("▲▼ OK nebo kód #", "▲▼ OK or code #")
PAGE = Msg("{hint} {page}/{pages}", "{hint} {page}/{pages}")
NUMBER_HINT = Msg("▲▼ OK nebo číslo #", "▲▼ OK or number #")
CONFIRM_HINT = Msg("OK nebo # pokračuje", "OK or # to go on")
SCROLL_HINT = Msg("▲▼ další · OK dál", "▲▼ more · OK go on")
MAP_TEXT_HINT = Msg("▼ slovy · OK dál", "▼ in words · OK go on")
MAP_PICTURE_HINT = Msg("▲ obrázek · ▼ dál · OK", "▲ picture · ▼ more · OK")
CELL_HINT = Msg("2/4/6/8 posun, 5 vybrat", "2/4/6/8 move, 5 select")
CELL_CODE_HINT = Msg("2/4/6/8, 5 vybrat, {codes}", "2/4/6/8, 5 select, {codes}")
SECRET_KEYS_TYPED = Msg("Na padu: {n} číslice a #", "On your pad: {n} digits, #")
SECRET_KEYS_DIGIT = Msg("Na padu: číslice a #", "On your pad: digit, #")
SECRET_KEYS_YES_NO = Msg("Na padu: # ano, * ne", "On your pad: # yes, * no")
NEWS_HINT = Msg("OK: k otázce", "OK: to the question")
NEWS_SCROLL_HINT = Msg("▼ další", "▼ more")
VALUE = Msg("Hodnota: {v}", "Value: {v}")
VALUE_IN = Msg("Hodnota: {v} ({low}–{high})", "Value: {v} ({low}–{high})")
READ_QUESTION_HINT = Msg("▲▼ čtení · OK k odpovědi", "▲▼ read · OK to answer")
REFUSED = Msg("Nelze", "Not allowed")
REFUSED_WHY = Msg("✗ {why}", "✗ {why}")
PAUSED = Msg("Čeká se na pad: {seats}", "Waiting for pad: {seats}")

MENU_TITLE = Msg("Nová hra", "New game")
MENU_NEW = Msg("{game}", "{game}")
GAME_UNAVAILABLE = Msg(
    "{game} nelze spustit: chyba hry, viz log.", "Cannot start {game}: a fault in the game, see the log."
)
MENU_LANGUAGE = Msg("Jazyk: čeština", "Language: English")
MENU_BRIGHTNESS = Msg("Jas: {n}/{total}", "Brightness: {n}/{total}")

GAME_MENU_TITLE = Msg("Nabídka hry", "Game menu")
GAME_MENU_CONTINUE = Msg("Pokračovat", "Continue")
GAME_MENU_UNDO = Msg("Vrátit poslední akci", "Undo the last action")
GAME_MENU_END = Msg("Ukončit tuto hru", "End this game")
GAME_MENU_NAMES = Msg("Jména hráčů", "Player names")
NAMES_TITLE = Msg("Jména hráčů", "Player names")
SEAT_NAMED = Msg("{seat}: {name}", "{seat}: {name}")
NO_NAME_MARK = Msg("—", "—")
NAMES_DONE = Msg("← zpět do hry", "← back to the game")
NAME_FOR = Msg("Jméno: {seat}", "Name: {seat}")
NO_NAME = Msg("Bez jména", "No name")
NAMES_ON_PHONES = Msg("Nová jména se píšou na telefonu.", "New names are typed on a phone.")
NAMED = Msg("Jméno uloženo.", "Name saved.")
UNNAMED = Msg("Místo je bez jména.", "The seat has no name.")
NAME_FAILED = Msg("Jméno neuloženo: {why}", "Name not saved: {why}")
END_ASK_TITLE = Msg("Ukončit hru?", "End the game?")
END_ASK_KEEP = Msg("Zůstane v historii jako nedohraná.", "It stays in the history as abandoned.")
END_YES = Msg("Ano, ukončit", "Yes, end it")
END_NO = Msg("Ne, hrát dál", "No, play on")
ENDED = Msg("Hra ukončena, je v historii.", "Game ended; it is in the history.")
END_FAILED = Msg("Hru nelze ukončit: {why}", "Cannot end the game: {why}")

RESUME_TITLE = Msg("Nedohraná hra", "Unfinished game")
RESUME_TITLE_OF = Msg("Nedohraná: {game}", "Unfinished: {game}")
RESUME_ACTIONS = Msg("Zapsaných akcí: {n}", "Actions logged: {n}")
RESUME_AT = Msg("Stav z {at}", "As of {at}")
RESUME_ROUND_AT = Msg("{round}, {at}", "{round}, {at}")
RESUME_WHERE = Msg("{when}, {phase}", "{when}, {phase}")
RESUME_CONTINUE = Msg("Pokračovat v ní", "Continue it")
RESUME_END = Msg("Ukončit ji", "End it")
RESUME_BROKEN = Msg("Nejde přehrát: {why}", "Does not replay: {why}")
SECRETS_AGAIN = Msg("Tajné volby zadejte znovu: {seats}.", "Enter your secret picks again: {seats}.")
SEATS_TITLE = Msg("{game}: počet hráčů", "{game}: players")
SEATS_ITEM = Msg("{n} hráči", "{n} players")
SEATS_ITEM_MANY = Msg("{n} hráčů", "{n} players")
SEATS_ITEM_ONE = Msg("1 hráč", "1 player")
SETTINGS_TITLE = Msg("{game}: nastavení", "{game}: settings")
SETTINGS_START = Msg("▶ Začít hru", "▶ Start the game")
SETTING_LINE = Msg("{label}: {value}", "{label}: {value}")
SETTING_PICK_TITLE = Msg("{label}: vyberte {n}", "{label}: choose {n}")
SETTING_PICK_COUNT = Msg("Vybráno {k} z {n}", "Chosen {k} of {n}")
SETTING_PICK_DONE = Msg("← hotovo", "← done")
BACK = Msg("← zpět", "← back")
BOX_MEMORY_IGNORED = Msg("Uložené opravy krabice nelze použít: {why}", "Saved box corrections not used: {why}")

UNDO_ASK = Msg("Vrátit poslední akci?", "Take back the last action?")
UNDO_KEYS = Msg("OK ano · zpět ne", "OK yes · back no")
MENU_KEYS = Msg("▲▼ OK · zpět = hra", "▲▼ OK · back = game")
MENU_MORE_HINT = Msg("▲▼ další · OK vybrat", "▲▼ more · OK choose")
UNDO_EVERYONE = Msg("Vrátí odhalené volby!", "Takes back a reveal!")
UNDO_EVERYONE_KEYS = Msg("Všichni stiskněte # ({n}/{total})", "Everyone press # ({n}/{total})")
UNDO_NOTHING = Msg("Není co vrátit.", "Nothing to undo.")
UNDONE = Msg("Vráceno.", "Undone.")
UNDO_ASK_WHAT = Msg("Vrátit: {what}?", "Take back: {what}?")
UNDONE_WHAT = Msg("Vráceno: {what}.", "Taken back: {what}.")
PUT_BACK = Msg("Na stole vraťte: {what}", "Undo on the table: {what}")
ANSWERED = Msg("{q} → {a}", "{q} → {a}")
REVEAL_OF = Msg("odhalení ({q})", "the reveal ({q})")
NOTHING = Msg("nic", "nothing")

GAME_OVER = Msg("Konec hry", "Game over")
DRAW = Msg("Remíza", "Draw")  # first place shared (the header of the final ranking)
NOBODY_WON = Msg("Prohra všech", "All lost")  # a defeat shared by everyone
RANK_LINE = Msg("{rank}. {seat} {points}", "{rank}. {seat} {points}")
TOTAL_LINE = Msg("{seat} {points}", "{seat} {points}")  # a game whose end ranks nobody
NEW_GAME_HINT = Msg("OK: nová hra", "OK: new game")
NEW_GAME_SCROLL_HINT = Msg("▲▼ pořadí · OK nová hra", "▲▼ scroll · OK new game")
NEXT_HINT = Msg("OK: dál", "OK: go on")  # the ended game asks something next (its follow-up)
NEXT_SCROLL_HINT = Msg("▲▼ pořadí · OK dál", "▲▼ scroll · OK go on")

RESUMED = Msg("Hra obnovena, pokračujte.", "Game resumed, carry on.")
RESUME_FAILED = Msg("Uloženou hru nelze obnovit: {why}", "The saved game cannot be resumed: {why}")
STORE_FAILED = Msg("Zápis selhal, akce nepřijata: {why}", "Could not save, action not accepted: {why}")
ARCHIVE_FAILED = Msg(
    "Výsledek zatím nejde uložit do historie: {why}. Hra je zapsaná, zkusím to znovu.",
    "Cannot put the result in the history yet: {why}. The game is logged; trying again.",
)
RESUMED_OVER = Msg(
    "Hra skončila před restartem; výsledek je v historii.",
    "The game ended before the restart; its result is in the history.",
)
FOLLOW_UP_TITLE = Msg("Než uklidíte", "Before you pack up")
FOLLOW_UP_YES = Msg("Ano, teď", "Yes, now")
FOLLOW_UP_LATER = Msg("Později", "Later")

PRIVATE_NEXT = Msg("{seat}: OK = tajná volba na hostu", "{seat}: OK = secret pick on host")
PRIVATE_TITLE = Msg("Tajná volba", "Secret pick")
PRIVATE_LOOK_AWAY = Msg("{seat} volí, ostatní se nedívejte!", "{seat} chooses, others look away!")
PRIVATE_START = Msg("OK = začít, zpět = zrušit", "OK = start, back = cancel")
PRIVATE_KEYS = Msg("▲▼ vyber, OK zamkni", "▲▼ choose, OK locks")

CLAIM_TITLE = Msg("Telefon", "Phone")
CLAIM_ASK = Msg("{name} chce místo: {seat}.", "{name} asks for a seat: {seat}.")
CLAIM_TAKEN = Msg("Telefon přebírá místo", "Phone takes a seat over")
CLAIM_YES = Msg("Ano, pustit", "Yes, let in")
CLAIM_NO = Msg("Ne", "No")
CLAIMED = Msg("{seat} hraje na telefonu ({name}).", "{seat} plays on a phone ({name}).")
CLAIMED_OVER = Msg("{seat}: telefon převzal místo ({name}).", "{seat}: a phone took over the seat ({name}).")
CLAIM_REFUSED = Msg("Telefon nepuštěn.", "Phone not let in.")
MENU_PAIR = Msg("Spárovat pady", "Pair pads")
PAIR_TITLE = Msg("Párování padů", "Pairing pads")
PAIR_NEXT = Msg("Hráč {n}: stiskni klávesu na padu", "Seat {n}: press a key on your pad")
PAIR_COUNT = Msg("Spárováno: {n}", "Paired: {n}")
PAIR_KEYS = Msg("OK hotovo · zpět vrátit", "OK done · back undo")
PAIR_SAVED = Msg("Pady spárovány: {n}", "Pads paired: {n}")
UNPAIRED_PAD = Msg("Nespárovaný pad: spárujte ho v menu.", "Unpaired pad: pair it in the menu.")

PAD_TROUBLE = {
    "old_firmware": Msg("Pad {pad}: nahrajte nový firmware padu.", "Pad {pad}: update the pad firmware."),
    "new_firmware": Msg("Pad {pad} je novější: aktualizujte krabici.", "Pad {pad} is newer: update the box."),
    "duplicate_id": Msg("Dva pady mají číslo {pad}: jeden se nepoužije.", "Two pads have id {pad}: one is ignored."),
    "flooding": Msg(
        "Pad {pad} posílá klávesy příliš rychle: zaseklá klávesa?", "Pad {pad} sends keys too fast: a stuck key?"
    ),
}

TOO_SOON = Msg("{seat}: nová otázka, stiskněte znovu.", "{seat}: new question, press again.")
TOO_SOON_HOST = Msg("Nová obrazovka: stiskněte znovu.", "New screen: press again.")
TOO_SOON_PAD = Msg("Nová otázka!", "New question!")
REFUSED_PAD = Msg("Nelze: viz panel", "Refused: see panel")
REFUSED_OWN = Msg("Zadej znovu!", "Enter it again!")
# a hidden entry refused: the table's one line, the same whatever was typed and whatever the reason
SECRET_REFUSED = Msg("✗ {seat}: volba nepřijata, zadej ji znovu.", "✗ {seat}: entry not taken, enter it again.")
CODE_REFUSED = Msg("Kód {code}: {why}", "Code {code}: {why}")
PHONE_AWAY = Msg("{seat}: telefon odpojen.", "{seat}: phone disconnected.")
PAD_NOT_PLAYING = Msg("Pad {pad} v této hře nehraje.", "Pad {pad} is not in this game.")
NOT_YOUR_TURN = Msg("{seat}: na řadě je {asked}.", "{seat}: it is {asked}'s turn.")
NOT_LISTED = Msg("{seat}: kód {code} tu není ({codes}).", "{seat}: no code {code} here ({codes}).")
SECRET_ON_PADS = Msg("Volí se tajně na padech.", "Secret picks are made on the pads.")

STARTUP_TITLE = Msg("Nelze spustit", "Cannot start")
STARTUP_KEYS = Msg("Oprav a zapni znovu", "Fix it and restart")
