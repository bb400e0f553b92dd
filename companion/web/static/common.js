// The web table's shared page code: one WebSocket, whole views, reconnecting by itself.
// Every text reaches the page through textContent only; nothing is ever parsed as HTML.
"use strict";

const WORDS = {
  cs: {
    connecting: "Připojuji se ke stolu…",
    lost: "Spojení se ztratilo, připojuji znovu…",
    pick_seat: "Vyber si místo",
    your_name: "Tvoje jméno",
    take: "Sednout si",
    taken: "obsazeno",
    waiting: "čeká na potvrzení",
    wait_host: "Hostitel musí potvrdit na krabici.",
    refused_invalid: "Vyber volné místo a napiš jméno.",
    refused_busy: "O toto místo už někdo žádá.",
    refused_refused: "Hostitel místo nepotvrdil.",
    refused_taken_over: "Tvoje místo převzal jiný telefon.",
    refused_asked: "Už žádáš o místo: počkej na hostitele.",
    refused_many: "O místa teď žádá moc telefonů: zkus to za chvíli.",
    refused_timeout: "Hostitel neodpověděl včas: požádej znovu.",
    refused_ended: "Tvoje hra skončila: vyber si místo v této hře.",
    no_game: "Hra ještě nezačala.",
    typed: "Napsáno",
    locked: "Zamčeno",
    wrong: "Takový kód není",
    keys_meaning: "Co klávesy znamenají",
    who_locked: "Kdo už zvolil",
    log: "Oznámení",
    ranking: "Pořadí",
    ratings: "Hodnocení v klubu",
    points: "bodů",
    scores_chart: "Body po kolech",
    decisions_chart: "Čas na rozhodnutí",
    bgstats: "Zapsat hru do BG Stats",
    seat_free: "volno",
    is_locked: "zvoleno",
    is_asked: "volí",
    is_turn: "na tahu",
    default: "výchozí",
    not_now: "teď nejde",
    keypad: "Klávesnice padu",
    table: "U stolu",
    phone_away: "telefon odpojen",
    round: "Kolo",
    your_turn: "Jsi na řadě",
    other_lang: "English",
    be_host: "Ovládat krabici (hostitel)",
    host: "Hostitel",
    back: "Zpět",
    menu: "Nabídka",
  },
  en: {
    connecting: "Connecting to the table…",
    lost: "Connection lost, reconnecting…",
    pick_seat: "Pick your seat",
    your_name: "Your name",
    take: "Take the seat",
    taken: "taken",
    waiting: "awaiting confirmation",
    wait_host: "The host confirms on the box.",
    refused_invalid: "Pick a free seat and type a name.",
    refused_busy: "Someone is already asking for that seat.",
    refused_refused: "The host did not confirm the seat.",
    refused_taken_over: "Another phone took over your seat.",
    refused_asked: "You are asking for a seat already: wait for the host.",
    refused_many: "Too many phones are asking for seats: try again in a moment.",
    refused_timeout: "The host did not answer in time: ask again.",
    refused_ended: "Your game has ended: pick a seat in this one.",
    no_game: "The game has not started yet.",
    typed: "Typed",
    locked: "Locked in",
    wrong: "No such code",
    keys_meaning: "What the keys mean",
    who_locked: "Who has picked",
    log: "Announcements",
    ranking: "Ranking",
    ratings: "Club ratings",
    points: "points",
    scores_chart: "Points by round",
    decisions_chart: "Time to decide",
    bgstats: "Record the play in BG Stats",
    seat_free: "free",
    is_locked: "picked",
    is_asked: "picking",
    is_turn: "to play",
    default: "default",
    not_now: "not now",
    keypad: "The pad's keypad",
    table: "At the table",
    phone_away: "phone disconnected",
    round: "Round",
    your_turn: "Your turn",
    other_lang: "Česky",
    be_host: "Run the box (host)",
    host: "Host",
    back: "Back",
    menu: "Menu",
  },
};

let language = "cs";

function word(key) {
  return (WORDS[language] || WORDS.cs)[key] || key;
}

function el(tag, text, cls) {
  const node = document.createElement(tag);
  if (text !== undefined && text !== null) node.textContent = String(text);
  if (cls) node.className = cls;
  return node;
}

// A seat as people know it: its colour, and beside it its player's name when it has one.
function seatName(label, name) {
  return name ? `${label || ""} · ${name}` : label || "";
}

function fill(node, children) {
  node.replaceChildren(...children);
}

function setLanguage(lang) {
  if (lang && WORDS[lang]) language = lang;
  document.documentElement.lang = language;
  for (const node of document.querySelectorAll("[data-word]")) node.textContent = word(node.dataset.word);
}

// Connect, send the hello, hand every message to onView; on a lost socket try again with a
// growing pause (1 s to 15 s, a little random), and at once when the page becomes visible.
function connectTable(hello, onView, onState) {
  let socket = null;
  let delay = 1000;
  let timer = null;

  function open() {
    if (timer) { clearTimeout(timer); timer = null; }
    if (socket && (socket.readyState === WebSocket.OPEN || socket.readyState === WebSocket.CONNECTING)) return;
    socket = new WebSocket(`ws://${location.host}/ws`);
    socket.onopen = () => {
      delay = 1000;
      onState(true);
      socket.send(JSON.stringify(hello()));
    };
    socket.onmessage = (event) => {
      let view;
      try { view = JSON.parse(event.data); } catch (e) { return; }
      if (view && typeof view === "object") onView(view);
    };
    socket.onclose = () => {
      onState(false);
      socket = null;
      const wait = delay * (0.8 + 0.4 * Math.random());
      delay = Math.min(delay * 2, 15000);
      timer = setTimeout(open, wait);
    };
  }

  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") open();
  });
  open();
  return {
    send(message) {
      if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
    },
  };
}
