// The board page: the table's public view on a tablet or TV, redrawn whole from every message.
"use strict";

function plotSource(address) {
  // an SVG drawn by the box, served by it and shown as an image: it cannot run anything here
  return typeof address === "string" && address.startsWith("/plots/") ? address : "";
}

function bgstatsLink(address) {
  // the play's import link, to BG Stats only
  return typeof address === "string" && address.startsWith("https://app.bgstatsapp.com/") ? address : "";
}

function onView(view) {
  if (view.t !== "board") return;
  setLanguage(view.lang);
  document.getElementById("game").textContent = view.game || "";
  document.getElementById("header").textContent = view.header || "";
  const panel = (view.lines || []).map((line) => el("p", line));
  if (view.footer) panel.push(el("p", view.footer, "footer"));
  fill(document.getElementById("panel"), panel);
  fill(document.getElementById("seats"), (view.seats || []).map((seat) => {
    const item = el("li", seatName(seat.label, seat.name), "seat");
    const state = seat.locked ? word("is_locked") : seat.asked ? word("is_asked") : "";
    if (state) item.append(el("span", state, seat.locked ? "mark locked" : "mark asked"));
    item.dataset.locked = seat.locked ? "1" : "0";
    return item;
  }));
  const result = document.getElementById("result");
  result.hidden = !view.ranking;
  document.getElementById("seats-section").hidden = Boolean(view.ranking);  // over: the ranking says it
  if (view.ranking) {
    fill(document.getElementById("ranking"), view.ranking.map((row) =>
      el("li", `${row.place}. ${seatName(row.label, row.name)} — ${row.points} ${word("points")}`)));
    const plots = view.plots || {};
    document.getElementById("scores-plot").src = plotSource(plots.scores);
    document.getElementById("decisions-plot").src = plotSource(plots.decisions);
    const link = document.getElementById("bgstats");
    link.href = bgstatsLink(view.bgstats) || "#";
    link.parentElement.hidden = !bgstatsLink(view.bgstats);
  }
  const log = document.getElementById("log");
  const atBottom = log.scrollTop + log.clientHeight >= log.scrollHeight - 4;
  fill(log, (view.log || []).map((line) => el("li", line)));
  if (atBottom) log.scrollTop = log.scrollHeight;
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
