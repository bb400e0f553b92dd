// The board page: the table's public view on a TV or a tablet, redrawn whole from every message.
// One screen, nothing below the fold: lists that would not fit keep their newest lines.
"use strict";

const BOARD_WORDS = {
  cs: { players: "Hráči", waiting_for: "Stůl čeká na", turn_of: "Na tahu", secret_pick: "Tajná volba",
        is_turn: "na tahu", more: "… (celé na panelu)" },
  en: { players: "Players", waiting_for: "The table waits for", turn_of: "Turn", secret_pick: "Secret pick",
        is_turn: "to play", more: "… (all of it on the panel)" },
};
for (const lang of Object.keys(BOARD_WORDS)) Object.assign(WORDS[lang], BOARD_WORDS[lang]);

function plotSource(address) {
  // an SVG drawn by the box, served by it and shown as an image: it cannot run anything here
  return typeof address === "string" && address.startsWith("/plots/") ? address : "";
}

function bgstatsLink(address) {
  // the play's import link, to BG Stats only
  return typeof address === "string" && address.startsWith("https://app.bgstatsapp.com/") ? address : "";
}

function overflows(node) {
  return node.scrollHeight > node.clientHeight + 1;
}

// Keep the newest items of a list that does not fit its box (the oldest go first).
function keepNewest(list) {
  while (overflows(list) && list.children.length > 1) list.firstElementChild.remove();
}

// The panel's text on the board: whole, unless the screen cannot hold it; then its first lines
// and a note that the panel has the rest.
function fitPanel(main, panel) {
  if (!overflows(main)) return;
  const more = el("p", word("more"), "more");
  panel.append(more);
  while (overflows(main) && panel.children.length > 2) more.previousElementSibling.remove();
}

function seatItem(seat, hidden) {
  const item = el("li", null, "seat");
  item.append(el("span", seatName(seat.label, seat.name), "seat-name"));
  const state = seat.locked ? word("is_locked") : seat.asked ? word(hidden ? "is_asked" : "is_turn") : "";
  if (state) item.append(el("span", state, seat.locked ? "mark locked" : hidden ? "mark asked" : "mark turn"));
  if (seat.away) item.append(el("span", word("phone_away"), "mark away"));
  if (seat.asked && !seat.locked) item.classList.add("asked");
  item.dataset.locked = seat.locked ? "1" : "0";
  return item;
}

function onView(view) {
  if (view.t !== "board") return;
  setLanguage(view.lang);
  document.getElementById("game").textContent = view.game || "";
  document.getElementById("where").textContent = view.header || "";
  const turn = view.ranking ? "" : view.hidden ? word("secret_pick") : view.turn ? `${word("turn_of")}: ${view.turn}` : "";
  document.getElementById("turn").textContent = turn;
  const main = document.getElementById("board-main");
  main.classList.toggle("over", Boolean(view.ranking));
  const panel = document.getElementById("panel");
  fill(panel, (view.lines || []).map((line) => el("p", line)));  // the host's key hints stay on the panel
  fill(document.getElementById("seats"), (view.seats || []).map((seat) => seatItem(seat, view.hidden)));
  const result = document.getElementById("result");
  result.hidden = !view.ranking;
  document.getElementById("seats-section").hidden = Boolean(view.ranking);  // over: the ranking says it
  if (view.ranking) {
    fill(document.getElementById("ranking"), view.ranking.map((row) =>
      el("li", `${row.place}. ${seatName(row.label, row.name)} — ${row.points} ${word("points")}`)));
    const ratings = view.ratings || [];
    document.getElementById("ratings-box").hidden = ratings.length === 0;
    fill(document.getElementById("ratings"), ratings.map((line) => el("li", line)));
    const plots = view.plots || {};
    document.getElementById("scores-plot").src = plotSource(plots.scores);
    document.getElementById("decisions-plot").src = plotSource(plots.decisions);
    const link = document.getElementById("bgstats");
    link.href = bgstatsLink(view.bgstats) || "#";
    link.parentElement.hidden = !bgstatsLink(view.bgstats);
  }
  const log = document.getElementById("log");
  fill(log, (view.log || []).map((line) => el("li", line)));
  if (!view.ranking) {
    fitPanel(main, panel);
    keepNewest(log);
  }
}

function onState(open) {
  const line = document.getElementById("connection");
  line.hidden = open;
  line.textContent = word(open ? "connecting" : "lost");
}

document.addEventListener("DOMContentLoaded", () => {
  setLanguage("cs");
  connectTable(() => ({ t: "hello", role: "board" }), onView, onState);
});
