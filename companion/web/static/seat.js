// A phone as a seat's controller: the question as a touch form (the prompt the panel renders,
// rendered for a finger), the seat's private rows, the table's story, and the pad's keypad one
// tap away. It shows only what the box sent last; a tap goes to the box as one message.
//
// A hidden pick is chosen here and only "Lock" sends it: one message of one size, whatever was
// chosen, and the choosing changes nothing the neighbours could read off the screen but a thin
// outline (no bright block).
"use strict";

const KEYPAD = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "*", "0", "#"];
const TOKEN = "companion-seat-token";
const NAME = "companion-player-name";
const SEAT = "companion-last-seat";
const LANG = "companion-language";
let chosen = null;
let seatCount = 0;
let table = null;
let refusal = "";  // why the box said no last (kept beside "no game yet" in an empty lobby)
let last = null;  // the last seat view
let picked = null;  // the option chosen on this phone, not sent yet: {q, code}
let changing = -1;  // the question whose locked pick is being changed
let wasTurn = false;
let hosting = false;  // this phone holds the host's buttons
let hostKey = "";  // the key of the panel's host code this page was opened with (sent once)

function stored(key) {
  try { return localStorage.getItem(key) || ""; } catch (e) { return ""; }
}

function store(key, value) {
  try {
    if (value) localStorage.setItem(key, value); else localStorage.removeItem(key);
  } catch (e) { /* private mode: asked again after a reload */ }
}

function chosenLanguage() {
  const kept = stored(LANG);
  if (kept === "cs" || kept === "en") return kept;
  return (navigator.language || "cs").slice(0, 2) === "en" ? "en" : "cs";
}

function switchLanguage() {
  const next = language === "cs" ? "en" : "cs";
  store(LANG, next);
  setLanguage(next);
  table.send({ t: "lang", lang: next });
  if (!document.getElementById("lobby").hidden && lastLobby) showLobby(lastLobby);
}

let lastLobby = null;

function showLobby(view) {
  lastLobby = view;
  if (hostKey) {  // opened from the panel's host code: the host's buttons at once
    table.send({ t: "claim", seat: "host", name: stored(NAME) || word("host"), key: hostKey });
    hostKey = "";
  }
  setLanguage(chosenLanguage());
  document.getElementById("pad").hidden = true;
  document.getElementById("lobby").hidden = false;
  document.getElementById("lobby-game").textContent = view.game || "";
  seatCount = view.seats.length;
  const wanted = Number(stored(SEAT));
  if (chosen === null && stored(SEAT) !== "" && view.seats.some((s) => s.seat === wanted && !s.taken)) chosen = wanted;
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
  const name = document.getElementById("name");
  if (!name.value) name.value = stored(NAME);
  if (!seatCount) document.getElementById("lobby-note").textContent = [refusal, word("no_game")].filter(Boolean).join(" ");
}

function button(text, cls, onClick) {
  const node = el("button", text, cls);
  node.type = "button";
  node.addEventListener("click", onClick);
  return node;
}

function send(form, extra) {
  table.send(Object.assign({ t: "answer", q: form.q }, extra));
}

// -- the touch forms --------------------------------------------------------------------------

function optionButton(form, option, onPick) {
  const node = button("", "option", () => onPick(option));
  node.append(el("span", option.label, "option-label"));
  if (option.default) node.append(el("span", word("default"), "option-default"));
  node.dataset.code = option.code;
  if (picked && picked.q === form.q && picked.code === option.code) node.classList.add("picked");
  return node;
}

// An answer the rules do not allow now: a tap in a public question asks the box, which says
// why as it would to a pad; in a hidden pick the reason is here already (nothing is sent).
function offButton(form, option) {
  const node = button("", "option off", () => {
    if (!form.hidden) {
      send(form, { code: option.code });
      return;
    }
    const why = document.getElementById("why");
    why.hidden = false;
    why.textContent = `${option.label}: ${(form.reasons || [])[option.why] || word("not_now")}`;
  });
  node.append(el("span", option.label, "option-label"));
  node.dataset.code = option.code;
  node.setAttribute("aria-disabled", "true");
  return node;
}

// A public answer goes at once (one tap, as one key on a pad; a wrong one is undone on the box);
// a hidden pick is only chosen here, and sent by Lock.
function pick(form, option) {
  if (!form.hidden) {
    send(form, { code: option.code });
    return;
  }
  picked = { q: form.q, code: option.code };
  render(last);
}

// The button that sends the answer chosen: Lock (a hidden pick) or Confirm; one for every option.
function sendButton(form) {
  const ready = picked && picked.q === form.q;
  const node = button(form.ok, form.hidden ? "send lock" : "send", () => {
    if (!ready) return;
    send(form, { code: picked.code });
    picked = null;
    changing = -1;
  });
  node.disabled = !ready;
  return node;
}

function listForm(form, box) {
  const list = el("div", null, "options");
  for (const option of form.options) list.append(optionButton(form, option, (o) => pick(form, o)));
  for (const option of form.off || []) list.append(offButton(form, option));
  box.append(list);
  if (form.hidden) box.append(sendButton(form));
}

function yesNoForm(form, box) {
  const row = el("div", null, "yesno");
  for (const option of form.options) row.append(optionButton(form, option, (o) => pick(form, o)));
  box.append(row);
  if (form.hidden) box.append(sendButton(form));
}

function roseForm(form, box) {
  const byCode = Object.fromEntries(form.options.map((o) => [o.code, o]));
  const rose = el("div", null, "rose");
  for (const key of ["1", "2", "3", "4", "5", "6", "7", "8", "9"]) {
    const option = byCode[key];
    if (option) rose.append(optionButton(form, option, (o) => pick(form, o)));
    else rose.append(el("span", "", "rose-gap"));
  }
  const rest = el("div", null, "options");
  for (const option of form.options) if (!"123456789".includes(option.code)) rest.append(optionButton(form, option, (o) => pick(form, o)));
  box.append(rose, rest);
  if (form.hidden) box.append(sendButton(form));
}

// A place's words under its picture: what lies there ("Hostinec – zelená"), the place itself
// ("[1,0]") where nothing does; a tap sends at once, so it is read before.
function placeWords(label) {
  if (!label) return "";
  const words = label.replace(/\s*\[-?\d+,-?\d+\]$/, "");
  return words || label;
}

function cellForm(form, box) {
  const grid = el("div", null, "grid");
  grid.style.gridTemplateColumns = `repeat(${form.columns}, minmax(0, 1fr))`;
  const labels = Object.fromEntries(form.options.map((o) => [o.code, o.label]));
  for (const [shown, code] of form.cells) {
    if (code) {
      const node = optionButton(form, { code, label: shown || "·", default: false }, (o) => pick(form, o));
      node.classList.add("cell");
      node.setAttribute("aria-label", labels[code] || shown);
      const words = placeWords(labels[code]);
      if (words) node.append(el("span", words, "cell-words"));
      grid.append(node);
    } else {
      grid.append(el("span", shown, "cell blank"));
    }
  }
  const rest = el("div", null, "options");
  const places = new Set(form.cells.map((cell) => cell[1]).filter(Boolean));
  for (const option of form.options) if (!places.has(option.code)) rest.append(optionButton(form, option, (o) => pick(form, o)));
  box.append(grid, rest);
}

// A number: each value a button when there are a dozen or so (one tap), else − / + and send.
function numberForm(form, box) {
  if (form.max - form.min <= 12) {
    const row = el("div", null, "numbers");
    for (let n = form.min; n <= form.max; n += 1) {
      const node = button(String(n), "option number-value", () => send(form, { number: n }));
      node.dataset.number = String(n);
      if (n === form.value) node.classList.add("current");
      row.append(node);
    }
    box.append(row);
    return;
  }
  // more values: typed on a keypad of digits (as many taps as the pad's keys), within the bounds
  const typed = picked && picked.q === form.q ? picked.code : "";
  const value = typed === "" ? form.value : Number(typed);
  const shown = el("output", typed === "" ? String(form.value) : typed, "value");
  const ok = value >= form.min && value <= form.max;
  const digits = el("div", null, "digits");
  const set = (text) => { picked = { q: form.q, code: text }; render(last); };
  for (const key of ["1", "2", "3", "4", "5", "6", "7", "8", "9", "⌫", "0"]) {
    const node = button(key, "digit", () => set(key === "⌫" ? typed.slice(0, -1) : (typed + key).slice(-String(form.max).length)));
    node.dataset.digit = key;
    digits.append(node);
  }
  const sendIt = button(form.ok, "send", () => { send(form, { number: value }); picked = null; });
  sendIt.disabled = !ok;
  box.append(shown, el("p", `${form.min}–${form.max}`, "bounds"), digits, sendIt);
}

// Several counts (cards to give): a counter per kind; Lock sends the mix the counters show, once
// they add up to what is asked. Each card costs one tap, and Lock one more.
function countsForm(form, box) {
  const counts = picked && picked.q === form.q && picked.counts ? picked.counts : form.kinds.map(() => 0);
  const sum = counts.reduce((a, b) => a + b, 0);
  const set = (index, delta) => {
    const next = counts.slice();
    next[index] = Math.max(0, next[index] + delta);
    if (next.reduce((a, b) => a + b, 0) > form.total) return;
    const code = Object.keys(form.mixes).find((c) => form.mixes[c].every((n, i) => n === next[i])) || "";
    picked = { q: form.q, code, counts: next };
    render(last);
  };
  const list = el("div", null, "counts");
  form.kinds.forEach((label, index) => {
    const row = el("div", null, "count-row");
    const minus = button("−", "step", () => set(index, -1));
    minus.disabled = counts[index] === 0;
    const plus = button("+", "step", () => set(index, 1));
    plus.disabled = sum >= form.total;
    plus.dataset.kind = String(index);
    row.append(el("span", label, "count-label"), minus, el("output", String(counts[index]), "count"), plus);
    list.append(row);
  });
  box.append(list, el("p", `${sum} / ${form.total}`, "bounds"));
  const lock = sendButton(form);
  lock.disabled = !(picked && picked.q === form.q && picked.code && sum === form.total);
  box.append(lock);
}

function keysForm(form, box) {
  box.append(el("p", form.text, "wait"));
  if (form.done) return;
  const row = el("div", null, "yesno");
  for (const option of form.options) row.append(button(option.label, "option", () => table.send({ t: "key", key: option.key })));
  box.append(row);
}

function overForm(form, box, view) {
  box.append(el("p", form.text, "wait"));
  const list = el("ol", null, "ranking");
  for (const row of form.rows) {
    const item = el("li", `${row.place}. ${seatName(row.label, row.name)} · ${row.points} ${word("points")}`);
    if (row.seat === view.seat) item.classList.add("me");
    list.append(item);
  }
  box.append(list);
}

function lockedForm(form, box, view) {
  box.append(el("p", `✓ ${word("locked")}: ${view.locked}`, "locked-note"));
  box.append(button(form.change, "change", () => { changing = form.q; render(last); }));
}

function renderForm(view) {
  const box = document.getElementById("form");
  const form = view.form || { kind: "wait", text: "" };
  box.replaceChildren();
  box.dataset.q = String(form.q ?? "");
  box.dataset.locked = view.locked ? "1" : "0";
  document.getElementById("why").hidden = true;
  if (form.hidden && view.locked && changing !== form.q) { lockedForm(form, box, view); return; }
  if (form.kind === "confirm") box.append(button(form.ok, "send", () => send(form, {})));
  else if (form.kind === "list") listForm(form, box);
  else if (form.kind === "yesno") yesNoForm(form, box);
  else if (form.kind === "rose") roseForm(form, box);
  else if (form.kind === "cell") cellForm(form, box);
  else if (form.kind === "number") numberForm(form, box);
  else if (form.kind === "keys") keysForm(form, box);
  else if (form.kind === "counts") countsForm(form, box);
  else if (form.kind === "over") overForm(form, box, view);
  else box.append(el("p", form.text || "", "wait"));
}

// -- the rest of the screen -------------------------------------------------------------------

function renderEntry(view) {
  const entry = document.getElementById("entry");
  entry.className = "entry";
  if (view.wrong) {
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
    entry.textContent = "";
  }
}

function renderKeypad(view) {
  const usable = new Set(view.keys || []);
  document.getElementById("keypad-box").hidden = usable.size === 0;
  fill(document.getElementById("keys"), KEYPAD.map((key) => {
    const node = button(key, "key", () => table.send({ t: "key", key }));
    node.dataset.key = key;
    node.disabled = !usable.has(key);
    return node;
  }));
  fill(document.getElementById("hints"), (view.hints || []).map((hint) => el("li", `${hint[0]} = ${hint[1]}`)));
}

function renderStory(view) {
  fill(document.getElementById("news"), (view.news || []).map((line) => el("li", line)));
  const scores = Object.fromEntries((view.scores || []).map((s) => [s.seat, s]));
  fill(document.getElementById("table-seats"), (view.seats || []).map((seat, index) => {
    const item = el("li", null, "table-seat");
    item.append(el("span", seatName(seat.label, seat.name), "seat-name"));
    const marks = [];
    if (seat.away) marks.push([word("phone_away"), "away"]);
    if (seat.locked) marks.push([word("is_locked"), "locked"]);
    else if (seat.asked) marks.push([word(view.secret ? "is_asked" : "is_turn"), "asked"]);
    if (scores[index]) marks.push([`${scores[index].place ? scores[index].place + ". · " : ""}${scores[index].points} ${word("points")}`, "points"]);
    for (const [text, cls] of marks) item.append(el("span", text, `mark ${cls}`));
    if (index === view.seat) item.classList.add("me");
    return item;
  }));
  const story = view.story || [];
  document.getElementById("story-title").hidden = story.length === 0;
  fill(document.getElementById("story"), story.slice().reverse().map((line) => el("li", line)));
}

function render(view) {
  if (!view) return;
  last = view;
  setLanguage(view.lang);
  document.getElementById("lobby").hidden = true;
  document.getElementById("pad").hidden = false;
  document.getElementById("seat-label").textContent = seatName(view.label, view.name);
  const where = [view.round ? `${word("round")} ${view.round}${view.rounds ? "/" + view.rounds : ""}` : "", view.phase || ""];
  document.getElementById("header").textContent = where.filter(Boolean).join(" · ");
  const banner = document.getElementById("banner");
  banner.textContent = view.yourturn ? word("your_turn") : "";
  banner.hidden = !view.yourturn;
  if (view.yourturn && !wasTurn && navigator.vibrate) { try { navigator.vibrate(120); } catch (e) { /* not here */ } }
  wasTurn = Boolean(view.yourturn);
  const refused = document.getElementById("refused");
  refused.hidden = !view.refused;
  refused.textContent = view.refused ? `✗ ${view.refused}` : "";
  fill(document.getElementById("ask"), (view.ask || []).map((row, index) => el(index ? "p" : "h2", row, index ? "detail" : "question")));
  renderForm(view);
  fill(document.getElementById("private"), (view.private || []).map((row) => el("p", row)));
  document.getElementById("private").hidden = !(view.private || []).length;
  renderEntry(view);
  // the pad screen's status line, when it says more than the banner and the lock do (a key held back)
  document.getElementById("status").textContent = view.yourturn || view.locked ? "" : view.status || "";
  renderKeypad(view);
  renderStory(view);
}

// The host's phone: the panel's text as the board has it, and the host's five buttons.
function renderHost(view) {
  setLanguage(chosenLanguage());
  for (const id of ["lobby", "pad"]) document.getElementById(id).hidden = true;
  document.getElementById("host").hidden = false;
  document.getElementById("host-game").textContent = view.game || "";
  document.getElementById("host-header").textContent = view.header || "";
  fill(document.getElementById("host-lines"), (view.panel || []).map(([line, lit]) => el("p", line, lit ? "lit" : "")));
  document.getElementById("host-footer").textContent = view.footer || "";
  fill(document.getElementById("host-news"), (view.log || []).slice(-6).reverse().map((line) => el("li", line)));
}

function onView(view) {
  const note = document.getElementById("lobby-note");
  if (view.t === "board" && hosting) {
    renderHost(view);
  } else if (view.t === "welcome" && view.seat === -1) {
    store(TOKEN, view.token);
    hosting = true;
    refusal = "";
    note.textContent = "";
  } else if (view.t === "welcome") {
    store(TOKEN, view.token);
    store(SEAT, String(view.seat));
    refusal = "";
    note.textContent = "";
    table.send({ t: "lang", lang: chosenLanguage() });
  } else if (view.t === "lobby") {
    hosting = false;
    document.getElementById("host").hidden = true;
    showLobby(view);
  } else if (view.t === "seat") {
    if (!last || last.form?.q !== view.form?.q) { picked = null; }
    render(view);
  } else if (view.t === "refused") {
    if (view.why === "taken_over" || view.why === "ended") store(TOKEN, "");  // that token seats nobody any more
    refusal = word(`refused_${view.why}`);
    note.textContent = refusal;
    last = null;
  }
}

function onState(open) {
  const line = document.getElementById("connection");
  line.hidden = open;
  line.textContent = word(open ? "connecting" : "lost");
}

document.addEventListener("DOMContentLoaded", () => {
  setLanguage(chosenLanguage());
  const hash = location.hash || "";
  if (/^#HOST-/i.test(hash)) {
    hostKey = hash.slice(6).toUpperCase();
    history.replaceState(null, "", location.pathname);  // the key does not stay in the address bar
  }
  table = connectTable(() => ({ t: "hello", role: "seat", token: stored(TOKEN), lang: chosenLanguage() }), onView, onState);
  document.getElementById("take").addEventListener("click", () => {
    const name = document.getElementById("name").value.trim();
    if (chosen === null || !name) {
      document.getElementById("lobby-note").textContent = word("refused_invalid");
      return;
    }
    store(NAME, name);
    document.getElementById("lobby-note").textContent = word("wait_host");
    table.send({ t: "claim", seat: chosen, name });
  });
  for (const id of ["lang", "lobby-lang"]) document.getElementById(id).addEventListener("click", switchLanguage);
  document.getElementById("be-host").addEventListener("click", () => {
    const name = document.getElementById("name").value.trim();
    if (!name) {
      document.getElementById("lobby-note").textContent = word("refused_invalid");
      return;
    }
    store(NAME, name);
    document.getElementById("lobby-note").textContent = word("wait_host");
    table.send({ t: "claim", seat: "host", name });
  });
  for (const node of document.querySelectorAll("[data-host]")) {
    node.addEventListener("click", () => table.send({ t: "host", key: node.dataset.host }));
  }
  document.addEventListener("keydown", (event) => {
    if (!document.getElementById("pad").hidden && KEYPAD.includes(event.key)) table.send({ t: "key", key: event.key });
  });
});
