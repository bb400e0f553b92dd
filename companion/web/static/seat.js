// A phone as a seat's pad: the seat's private screen and its keypad. It shows only what the box
// sent last (never updated before the box answers); keys go to the box as they are pressed.
"use strict";

const KEYPAD = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "*", "0", "#"];
const TOKEN = "companion-seat-token";
let chosen = null;
let seatCount = 0;
let table = null;
let refusal = "";  // why the box said no last (kept beside "no game yet" in an empty lobby)

function token() {
  try { return localStorage.getItem(TOKEN) || ""; } catch (e) { return ""; }
}

function keep(value) {
  try {
    if (value) localStorage.setItem(TOKEN, value); else localStorage.removeItem(TOKEN);
  } catch (e) { /* private mode: the seat is asked for again after a reload */ }
}

function showLobby(view) {
  setLanguage(view.lang);
  document.getElementById("pad").hidden = true;
  document.getElementById("lobby").hidden = false;
  document.getElementById("lobby-game").textContent = view.game || "";
  seatCount = view.seats.length;
  const items = view.seats.map((seat) => {
    const item = el("li");
    const button = el("button", seatName(seat.label, seat.player), "seat");
    button.type = "button";
    button.dataset.seat = String(seat.seat);
    const held = seat.taken ? `${seat.name} (${word("taken")})` : word("seat_free");
    const note = seat.waiting ? `${held}, ${word("waiting")}` : held;
    button.append(el("span", note, "seat-note"));
    if (chosen === seat.seat) button.classList.add("chosen");
    button.addEventListener("click", () => { chosen = seat.seat; showLobby(view); });
    item.append(button);
    return item;
  });
  fill(document.getElementById("seats"), items);
  if (!seatCount) document.getElementById("lobby-note").textContent = [refusal, word("no_game")].filter(Boolean).join(" ");
}

function showPad(view) {
  setLanguage(view.lang);
  document.getElementById("lobby").hidden = true;
  document.getElementById("pad").hidden = false;
  document.getElementById("seat-label").textContent = seatName(view.label, view.name);
  document.getElementById("header").textContent = view.header || "";
  fill(document.getElementById("ask"), (view.ask || []).map((row) => el("p", row)));
  fill(document.getElementById("private"), (view.private || []).map((row) => el("p", row)));
  const entry = document.getElementById("entry");
  entry.className = "entry";
  if (view.refused) {
    entry.textContent = `✗ ${view.refused}`;
    entry.classList.add("wrong");
  } else if (view.wrong) {
    entry.textContent = `✗ ${view.wrong} — ${word("wrong")}`;
    entry.classList.add("wrong");
  } else if (view.typed) {
    const width = Math.max(view.width || 1, view.typed.length);
    const code = view.typed.padStart(width, "0");
    const meaning = (view.hints || []).find((hint) => hint[0] === code);
    entry.textContent = `${word("typed")}: ${view.typed}${meaning ? " = " + meaning[1] + "?" : ""}`;
  } else if (view.locked) {
    entry.textContent = `✓ ${word("locked")}: ${view.locked}`;
    entry.classList.add("locked");
  } else {
    entry.textContent = view.help || "";
  }
  document.getElementById("status").textContent = view.status || "";
  const usable = new Set(view.keys || []);
  fill(document.getElementById("keys"), KEYPAD.map((key) => {
    const button = el("button", key, "key");
    button.type = "button";
    button.dataset.key = key;
    button.disabled = !usable.has(key);
    button.addEventListener("click", () => table.send({ t: "key", key }));
    return button;
  }));
  const hints = view.hints || [];
  document.getElementById("hints-box").hidden = hints.length === 0;
  fill(document.getElementById("hints"), hints.map((hint) => el("li", `${hint[0]} = ${hint[1]}`)));
}

function onView(view) {
  const note = document.getElementById("lobby-note");
  if (view.t === "welcome") {
    keep(view.token);
    refusal = "";
    note.textContent = "";
  } else if (view.t === "lobby") {
    showLobby(view);
  } else if (view.t === "seat") {
    showPad(view);
  } else if (view.t === "refused") {
    if (view.why === "taken_over" || view.why === "ended") keep("");  // that token seats nobody any more
    refusal = word(`refused_${view.why}`);
    note.textContent = refusal;
  }
}

function onState(open) {
  const line = document.getElementById("connection");
  line.hidden = open;
  line.textContent = word(open ? "connecting" : "lost");
}

document.addEventListener("DOMContentLoaded", () => {
  setLanguage((navigator.language || "cs").slice(0, 2) === "en" ? "en" : "cs");
  table = connectTable(() => ({ t: "hello", role: "seat", token: token() }), onView, onState);
  document.getElementById("take").addEventListener("click", () => {
    const name = document.getElementById("name").value.trim();
    if (chosen === null || !name) {
      document.getElementById("lobby-note").textContent = word("refused_invalid");
      return;
    }
    document.getElementById("lobby-note").textContent = word("wait_host");
    table.send({ t: "claim", seat: chosen, name });
  });
  document.addEventListener("keydown", (event) => {
    if (!document.getElementById("pad").hidden && KEYPAD.includes(event.key)) table.send({ t: "key", key: event.key });
  });
});
