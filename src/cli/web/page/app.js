// crib in the browser: the page only shows what crib's JSON says and sends back what is
// clicked or typed; every count, grade and piece of advice comes from the server.
const token = new URLSearchParams(location.search).get("token") || "";
const $ = (id) => document.getElementById(id);
const SUITS = { h: "♥", d: "♦", c: "♣", s: "♠" };
const SUIT_NAMES = { h: "hearts", d: "diamonds", c: "clubs", s: "spades" };
const RANK_NAMES = { A: "ace", J: "jack", Q: "queen", K: "king" };

async function api(method, path, body) {
  const response = await fetch(path, {
    method,
    headers: { "x-crib-token": token, ...(body ? { "content-type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const data = await response.json().catch(() => ({ error: response.statusText }));
  if (!response.ok) throw new Error(data.error || response.statusText);
  return data;
}

function plural(n, one, many) {
  return `${n} ${n === 1 ? one : many}`;
}

// A table that scrolls sideways on a narrow screen rather than widen the page.
function wide(table) {
  return el("div", { class: "wide", tabindex: "0", role: "region", "aria-label": "Table" }, table);
}

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "class") node.className = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else if (v !== false && v !== undefined && v !== null) node.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children.flat()) node.append(c instanceof Node ? c : document.createTextNode(String(c)));
  return node;
}

// A card's words: "5h" -> rank "5", suit "h".
function split(card) {
  const suit = card.slice(-1);
  return SUITS[suit] ? { rank: card.slice(0, -1), suit } : { rank: card, suit: "" };
}
function cardName(card) {
  const { rank, suit } = split(card);
  const r = RANK_NAMES[rank] || rank;
  return suit ? `${r} of ${SUIT_NAMES[suit]}` : r;
}
function cardText(card) {
  const { rank, suit } = split(card);
  return rank + (SUITS[suit] || "");
}
// A card drawn as a picture, inside a button: its rank and suit as text, large, in red or
// black; its name in words for a screen reader.
function cardButton(card, { onclick, disabled, pressed, key } = {}) {
  const { rank, suit } = split(card);
  const red = suit === "h" || suit === "d";
  const shown = rank + (SUITS[suit] || "");
  const label = `${shown}, ${cardName(card)}` + (key ? `, key ${key}` : "");
  const face = [el("span", { class: "rank", "aria-hidden": "true" }, rank), el("span", { class: "suit", "aria-hidden": "true" }, SUITS[suit] || "")];
  if (!onclick) {
    // A card only shown (the count, the starter, a hand counted): a picture, not a button.
    return el("span", { class: `card${red ? " red" : ""}`, role: "img", "aria-label": cardName(card) }, face);
  }
  const button = el("button", { type: "button", class: `card${red ? " red" : ""}`, "aria-label": label, disabled: !!disabled }, face);
  if (pressed !== undefined) button.setAttribute("aria-pressed", pressed ? "true" : "false");
  if (onclick) button.addEventListener("click", onclick);
  return button;
}

// ---- pages ----
const pages = ["play", "review", "practice", "history"];
function show(page) {
  for (const p of pages) {
    $(p).hidden = p !== page;
    document.querySelector(`nav [data-page="${p}"]`).toggleAttribute("aria-current", p === page);
    if (p === page) document.querySelector(`nav [data-page="${p}"]`).setAttribute("aria-current", "page");
  }
  if (page === "review") loadLogs();
  if (page === "play") loadCarryOn();
  if (page === "history") loadHistory();
}
document.querySelectorAll("nav button").forEach((b) => b.addEventListener("click", () => show(b.dataset.page)));

// ---- a conversation: a game or a drill ----
class Talk {
  constructor(onEvent, onEnd) {
    this.onEvent = onEvent;
    this.onEnd = onEnd;
    this.id = null;
    this.answered = 0;
    this.busy = false;
  }
  async start(path, body) {
    await this.take(await api("POST", path, body));
  }
  async send(answer) {
    if (!this.id || this.busy) return;
    this.busy = true;
    try {
      await this.take(await api("POST", `/api/talk/${this.id}`, { answered: this.answered, answer }));
    } catch (e) {
      this.onEvent({ event: "error", error: e.message });
    } finally {
      this.busy = false;
    }
  }
  async take(reply) {
    for (;;) {
      this.id = reply.id;
      this.answered = reply.answered;
      for (const e of reply.events) this.onEvent(e);
      if (reply.over) {
        this.id = null;
        this.onEnd();
        return;
      }
      if (!reply.thinking) return;
      // crib is still thinking: ask for the rest.
      reply = await api("GET", `/api/talk/${this.id}`);
    }
  }
}

// ---- play ----
const game = { talk: null, players: 2, scores: {}, target: 121, prompt: null, picked: new Set(), sequence: [], log: null };
const SIDE = { you: "you", crib: "opponent", lefty: "opponent", righty: "opponent", partner: "you" };
// The side a player pegs for: with three players each their own; else you (and your partner)
// against the opponent's side.
function sideOf(player) {
  if (game.players === 3) return player;
  return SIDE[player] || player;
}
function say(text, cls) {
  const li = el("li", cls ? { class: cls } : {}, text);
  $("messages").prepend(li);
}
function drawBoard() {
  const sides = Object.keys(game.scores).sort((a, b) => (a === "you" ? -1 : b === "you" ? 1 : 0));
  const ns = "http://www.w3.org/2000/svg";
  const h = 34 * sides.length + 10;
  const svg = document.createElementNS(ns, "svg");
  svg.setAttribute("viewBox", `0 0 640 ${h}`);
  const colours = ["#0b57d0", "#b3261e", "#1e7b34"];
  let inner = "";
  sides.forEach((side, i) => {
    const y = 16 + i * 34;
    inner += `<line x1="30" y1="${y + 8}" x2="630" y2="${y + 8}" stroke="#5a3d1e" stroke-width="2"/>`;
    for (let hole = 0; hole <= game.target; hole += 5) {
      const x = 30 + (600 * hole) / game.target;
      inner += `<circle cx="${x}" cy="${y + 8}" r="${hole % 30 === 0 ? 2.5 : 1.5}" fill="#3b2610"/>`;
    }
    const [back, front] = game.scores[side];
    for (const [at, r] of [[back, 5], [front, 7]]) {
      const x = 30 + (600 * Math.min(at, game.target)) / game.target;
      inner += `<circle cx="${x}" cy="${y + 8}" r="${r}" fill="${colours[i % 3]}" stroke="white"/>`;
    }
    inner += `<text x="30" y="${y - 2}" font-size="16" fill="#111">${side} ${front}</text>`;
  });
  svg.innerHTML = inner;
  $("board").replaceChildren(svg);
  $("board").setAttribute("aria-label", "The board: " + sides.map((s) => `${s} ${game.scores[s][1]}`).join(", "));
}
function peg(player, points) {
  if (!points) return;
  const side = sideOf(player);
  const [, front] = game.scores[side] || [0, 0];
  game.scores[side] = [front, front + points];
  drawBoard();
}
function setScores(scores) {
  for (const [side, s] of Object.entries(scores)) {
    const old = game.scores[side];
    game.scores[side] = old && old[1] === s ? old : [old ? old[1] : 0, s];
  }
  drawBoard();
}
function drawSequence() {
  $("sequence").replaceChildren(...game.sequence.map((c) => cardButton(c, { disabled: true })));
}
function drawHand() {
  const p = game.prompt;
  const hand = p && p.hand ? p.hand : [];
  const legal = p && p.legal ? new Set(p.legal) : null;
  $("hand").replaceChildren(
    ...hand.map((card, i) =>
      cardButton(card, {
        key: i + 1,
        disabled: !p || (legal && !legal.has(card)) || p.ask === "count",
        pressed: p && p.ask === "throw" ? game.picked.has(card) : undefined,
        onclick: () => pick(card),
      }),
    ),
  );
  $("act-submit").hidden = !(p && p.ask === "throw");
  $("act-submit").textContent = p && p.ask === "throw" ? `Throw ${p.throw_size} cards` : "Throw";
  $("count-box").hidden = !(p && p.ask === "count");
}
function pick(card) {
  const p = game.prompt;
  if (!p) return;
  if (p.ask === "throw") {
    game.picked.has(card) ? game.picked.delete(card) : game.picked.add(card);
    if (game.picked.size > p.throw_size) game.picked.delete(game.picked.values().next().value);
    // In place, so that the focus stays where it was.
    $("hand").querySelectorAll(".card").forEach((b, i) => b.setAttribute("aria-pressed", game.picked.has(p.hand[i]) ? "true" : "false"));
  } else if (p.ask === "play") {
    answerGame(card);
  }
}
function answerGame(text) {
  $("advice").replaceChildren();
  game.prompt = null;
  game.picked.clear();
  drawHand();
  game.talk.send(text);
}
function reasons(list) {
  return list && list.length ? ` (${list.join(", ")})` : "";
}
function adviceTable(advice) {
  const rows = advice.options || advice.choices || [];
  if (!rows.length) return el("p", {}, "No choice to advise.");
  const throwing = !!advice.choices;
  const board = rows.some((r) => typeof r.p_win === "number");
  const num = (x) => (typeof x === "number" ? x.toFixed(2) : "–");
  const win = (r) => (typeof r.p_win === "number" ? `${(r.p_win * 100).toFixed(1)}%` : "–");
  const head = throwing ? ["throw", "hand", "crib", "play", "net"] : ["card", "now", "mine", "theirs", "net"];
  if (board) head.push("win");
  const body = rows.map((r, i) => {
    const play = typeof r.peg_mean === "number" ? r.peg_mean - (r.peg_opp_mean || 0) : null;
    const cells = throwing
      ? [(r.throw || []).map(cardText).join(" "), num(r.hand_mean), num(r.crib_mean), num(play), num(r.net)]
      : [cardText(r.card) + reasons(r.reasons), num(r.now), num(r.mine), num(r.theirs), num(r.net)];
    if (board) cells.push(win(r));
    return el("tr", i === 0 ? { class: "current" } : {}, cells.map((c, j) => el("td", j ? { class: "num" } : {}, c)));
  });
  return wide(el("table", {}, el("caption", {}, "crib's advice, best first"), el("tr", {}, head.map((h) => el("th", { scope: "col" }, h))), body));
}
function onGameEvent(e) {
  switch (e.event) {
    case "commitment":
      break;
    case "cut":
      say(`Cut for deal: ${e.cards.map(cardText).join(" and ")}; ${e.dealer === "you" ? "you deal" : e.dealer + " deals"}.`);
      break;
    case "deal":
      game.sequence = [];
      drawSequence();
      setScores(e.scores);
      $("table-line").textContent = `Game ${e.game_number}, deal ${e.deal}: ${e.dealer === "you" ? "your crib" : e.dealer + "'s crib"}.`;
      say(`Deal ${e.deal}: ${e.dealer === "you" ? "you deal" : e.dealer + " deals"}.`);
      $("starter").replaceChildren();
      break;
    case "prompt":
      game.prompt = e;
      $("prompt").textContent = e.text.replace(/\s*\(.*\):?$/, ".");
      drawHand();
      if (e.ask === "count") $("count-input").focus();
      break;
    case "throw":
      say(`${e.player} ${e.player === "you" ? "throw" : "throws"} ${e.cards ? e.cards.map(cardText).join(" ") : "two cards"} to the crib.`);
      break;
    case "starter":
      say(`The starter: ${cardText(e.card)}${e.heels ? " (his heels, 2)" : ""}.`);
      $("starter").replaceChildren(el("span", {}, "Starter "), cardButton(e.card));
      break;
    case "card":
      if (game.sequence.length && e.count === cardValue(e.card)) game.sequence = [];
      game.sequence.push(e.card);
      drawSequence();
      peg(e.player, e.points);
      say(`${e.player} ${cardText(e.card)}, ${e.count}${e.points ? ` for ${e.points}${reasons(e.reasons)}` : ""}.`);
      break;
    case "go":
      say(`${e.player}: go.`);
      break;
    case "peg":
      peg(e.player, e.points);
      say(`${e.player} pegs ${e.points}${reasons(e.reasons)}.`);
      break;
    case "count":
      game.sequence = e.cards.slice();
      drawSequence();
      if (e.claimed === undefined) peg(e.player, e.points);
      say(`${e.player}'s ${e.what}: ${e.cards.map(cardText).join(" ")} + ${cardText(e.starter)}: ${e.said || e.points}.`);
      break;
    case "muggins":
      peg(e.player, e.points);
      say(`Muggins: ${e.player} takes ${e.points}.`);
      break;
    case "deal_over":
      setScores(e.scores);
      break;
    case "game_over":
      say(`Game over: ${e.winner || ""} ${e.skunk ? "(a skunk)" : ""}`.trim());
      break;
    case "match_over":
      game.finished = true;
      game.log = e.log || null;
      say(`The match is over${e.winner ? `: ${e.winner} won` : ""}.`);
      break;
    case "saved":
      game.log = e.log || game.log;
      say(`Saved: ${e.log}.`);
      break;
    case "refused":
      say(e.message, "error");
      break;
    case "error":
      say(e.error, "error");
      break;
    default:
      if (e.options || e.choices) $("advice").replaceChildren(adviceTable(e));
  }
}
function cardValue(card) {
  const r = split(card).rank;
  return r === "A" ? 1 : ["J", "Q", "K", "10", "T"].includes(r) ? 10 : Number(r);
}
// The games kept that are not over, to carry on (a game begun in the terminal too).
async function loadCarryOn() {
  try {
    const { games } = await api("GET", "/api/logs");
    const open = games.filter((g) => g.over === false);
    $("carry-on").replaceChildren(
      ...(open.length ? [el("h3", {}, "Carry on a game")] : []),
      ...open.map((g) =>
        el("button", { type: "button", onclick: () => newGame({ resume: g.name }, g.players, g.game) },
          `${new Date(g.modified * 1000).toLocaleString()}: ${g.players} players to ${g.game}, ${plural(g.deals, "deal", "deals")} played (${g.name})`),
      ),
    );
  } catch (e) {
    $("carry-on").replaceChildren(el("p", { class: "error" }, e.message));
  }
}

async function newGame(body, players, target) {
  game.players = players;
  game.target = target;
  game.scores = {};
  game.log = null;
  $("messages").replaceChildren();
  $("advice").replaceChildren();
  $("game").hidden = false;
  game.finished = false;
  game.talk = new Talk(onGameEvent, () => {
    game.prompt = null;
    drawHand();
    $("prompt").textContent = game.finished
      ? "The game is over. It is kept: review it under Review."
      : "You left the game. It is kept: carry it on from the list above.";
    loadCarryOn();
  });
  try {
    await game.talk.start("/api/games", body);
  } catch (e) {
    say(e.message, "error");
  }
}

$("new-game").addEventListener("submit", (ev) => {
  ev.preventDefault();
  const form = new FormData(ev.target);
  const players = Number(form.get("players"));
  const target = Number(form.get("game"));
  newGame({ players, game: target, opponent: form.get("opponent"), muggins: form.get("muggins") === "on" }, players, target);
});
loadCarryOn();
$("act-submit").addEventListener("click", () => {
  if (game.prompt && game.picked.size === game.prompt.throw_size) answerGame([...game.picked].join(" "));
});
$("act-advice").addEventListener("click", () => game.talk && game.talk.send("?"));
$("act-best").addEventListener("click", () => game.prompt && answerGame("best"));
$("act-quit").addEventListener("click", () => game.talk && game.talk.send("quit"));
$("count-input").addEventListener("keydown", (ev) => {
  if (ev.key === "Enter" && ev.target.value !== "") {
    answerGame(ev.target.value);
    ev.target.value = "";
  }
});
document.addEventListener("keydown", (ev) => {
  if (ev.target.matches("input, select, textarea")) return;
  if (!$("play").hidden && game.prompt) {
    const n = Number(ev.key);
    const hand = game.prompt.hand || [];
    if (n >= 1 && n <= hand.length) {
      pick(hand[n - 1]);
      ev.preventDefault();
    } else if (ev.key === "Enter" && game.prompt.ask === "throw") {
      $("act-submit").click();
    } else if (ev.key === "?") {
      $("act-advice").click();
    } else if (ev.key === "b") {
      $("act-best").click();
    }
  }
  if (!$("review").hidden && review.data) reviewKey(ev);
});

// ---- review ----
const review = { data: null, name: null, deal: 0, decision: 0, deals: [] };
async function loadLogs() {
  const list = $("review-list");
  list.replaceChildren(el("p", {}, "Reading the games kept…"));
  try {
    const { games } = await api("GET", "/api/logs");
    if (!games.length) {
      list.replaceChildren(el("p", {}, "No game is kept yet: play one first."));
      return;
    }
    list.replaceChildren(
      ...games.map((g) =>
        el("button", { type: "button", onclick: () => openReview(g.name) },
          `${new Date(g.modified * 1000).toLocaleString()} — ${g.deals} deals (${g.name})`),
      ),
    );
  } catch (e) {
    list.replaceChildren(el("p", { class: "error" }, e.message));
  }
}
async function openReview(name) {
  $("review-game").hidden = false;
  $("review-summary").textContent = "Grading every decision…";
  try {
    review.data = await api("GET", `/api/review?log=${encodeURIComponent(name)}`);
  } catch (e) {
    $("review-summary").replaceChildren(el("span", { class: "error" }, e.message));
    return;
  }
  review.name = name;
  review.deals = [];
  for (const g of review.data.summary.by_game || []) for (const d of g.deals || []) review.deals.push({ game: g.game, ...d });
  review.deal = 0;
  review.decision = 0;
  const s = review.data.summary;
  const pct = (x) => (x === null || x === undefined ? "–" : `${x.toFixed(1)}%`);
  $("review-summary").textContent =
    `${review.data.player}: accuracy ${pct(s.accuracy)} over ${s.decisions} decisions; ` +
    `${plural(s.labels.inaccuracy, "inaccuracy", "inaccuracies")}, ${plural(s.labels.mistake, "mistake", "mistakes")}, ` +
    `${plural(s.labels.blunder, "blunder", "blunders")}.`;
  // Luck and skill: each game's chance of winning from its start to its end, as the luck of the
  // cards, less what your decisions cost, plus what the others' cost them.
  const chance = (v) => `${(v * 100).toFixed(1)}%`;
  const signed = (v) => `${v >= 0 ? "+" : "−"}${(Math.abs(v) * 100).toFixed(1)}%`;
  for (const g of s.by_game || []) {
    const result = g.won === true ? "won" : g.won === false ? "lost" : "unfinished";
    $("review-summary").append(
      el("br"),
      `Game ${g.game} (${result}): ${chance(g.start)} → ${chance(g.end)}; luck ${signed(g.luck)}, ` +
        `your decisions cost ${chance(g.yours)}, the others' cost them ${chance(g.others)}.`,
    );
  }
  drawReview();
}
function decisionsOf(deal) {
  const d = review.deals[deal];
  return (review.data.decisions || []).filter((x) => x.deal === d.deal && (x.game ?? d.game) === d.game);
}
function drawReview() {
  // The chance of winning after each deal, and the deal shown.
  const pts = review.deals.map((d, i) => [i, d.after ?? d.before ?? 0.5]);
  const ns = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(ns, "svg");
  svg.setAttribute("viewBox", "0 0 600 160");
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", "Your chance of winning after each deal");
  const x = (i) => 20 + (560 * i) / Math.max(1, pts.length - 1);
  const y = (p) => 150 - 140 * p;
  let inner = `<line x1="20" y1="${y(0.5)}" x2="580" y2="${y(0.5)}" stroke="#bbb" stroke-dasharray="4"/>`;
  inner += `<polyline fill="none" stroke="#0b57d0" stroke-width="2" points="${pts.map(([i, p]) => `${x(i)},${y(p)}`).join(" ")}"/>`;
  svg.innerHTML = inner;
  pts.forEach(([i, p]) => {
    const c = document.createElementNS(ns, "circle");
    c.setAttribute("cx", x(i));
    c.setAttribute("cy", y(p));
    c.setAttribute("r", i === review.deal ? 7 : 4);
    c.setAttribute("fill", i === review.deal ? "#ffd166" : "#0b57d0");
    c.setAttribute("stroke", "#333");
    c.style.cursor = "pointer";
    c.addEventListener("click", () => {
      review.deal = i;
      review.decision = 0;
      drawReview();
    });
    svg.append(c);
  });
  $("review-chart").replaceChildren(svg);
  const d = review.deals[review.deal];
  if (!d) {
    $("review-deal").replaceChildren(el("p", {}, "No deal to show."));
    return;
  }
  const pct = (v) => (v === null || v === undefined ? "–" : `${(v * 100).toFixed(1)}%`);
  const decisions = decisionsOf(review.deal);
  const rows = decisions.map((x, i) =>
    el("tr", i === review.decision ? { class: "current" } : {},
      el("td", {}, x.kind),
      el("td", {}, choice(x.chosen)),
      el("td", {}, choice(x.best)),
      el("td", { class: x.label ? `label-${x.label}` : "" }, x.label || "✓"),
      el("td", { class: "num" }, typeof x.cost === "number" ? x.cost.toFixed(2) : "–"),
      el("td", { class: "why" }, (x.reasons || []).join("; ")),
    ),
  );
  $("review-deal").replaceChildren(
    el("h3", {}, `Game ${d.game}, deal ${d.deal} (${review.deal + 1} of ${review.deals.length})`),
    el("p", {}, `Chance of winning ${pct(d.before)} → ${pct(d.after)}; luck ${pct(d.luck)}.`),
    decisions.length
      ? wide(el("table", {}, el("tr", {}, ["decision", "yours", "crib's", "label", "points lost", "why"].map((h) => el("th", { scope: "col" }, h))), rows))
      : el("p", {}, "No decision of yours graded in this deal."),
    decisions[review.decision] ? worthTable(decisions[review.decision]) : "",
    el("div", { id: "review-table", class: "advice" }),
  );
  const chosen = decisions[review.decision];
  if (chosen && chosen.kind !== "count") showTable(d.deal, review.decision);
}
// A decision's choice in words: cards thrown, a card played, or points claimed.
function choice(c) {
  if (Array.isArray(c)) return c.map(cardText).join(" ");
  if (typeof c === "string") return cardText(c);
  return c === null || c === undefined ? "–" : String(c);
}
// Where the points of the choice made and of crib's come from, side by side.
function worthTable(x) {
  if (!x.worth) return "";
  const parts = x.kind === "discard" ? ["hand", "crib", "play", "net"] : ["now", "mine", "theirs", "net"];
  const num = (v) => (typeof v === "number" ? v.toFixed(2) : "–");
  const row = (who, w, c) => el("tr", {}, el("th", { scope: "row" }, `${who}: ${choice(c)}`), parts.map((p) => el("td", { class: "num" }, num(w[p]))));
  return wide(el("table", {}, el("caption", {}, `The ${x.kind === "discard" ? "throw" : "card"}'s points, crib's and yours`),
    el("tr", {}, el("th", { scope: "col" }, "choice"), parts.map((p) => el("th", { scope: "col" }, p))),
    row("crib's", x.worth.best, x.best), row("yours", x.worth.chosen, x.chosen)));
}

// crib's ranked table at a decision, as crib discard or crib play gives it: asked once each.
async function showTable(deal, decision) {
  const key = `${review.name}/${deal}/${decision}`;
  review.tables = review.tables || {};
  if (!review.tables[key]) {
    review.tables[key] = api("GET", `/api/review/table?log=${encodeURIComponent(review.name)}&deal=${deal}&decision=${decision}`);
  }
  let table;
  try {
    table = await review.tables[key];
  } catch (e) {
    table = null;
    if ($("review-table")) $("review-table").replaceChildren(el("p", { class: "error" }, e.message));
  }
  const now = review.deals[review.deal];
  if (table && now && now.deal === deal && review.decision === decision && $("review-table")) {
    $("review-table").replaceChildren(adviceTable(table));
  }
}

function reviewKey(ev) {
  const n = review.deals.length;
  if (ev.key === "ArrowRight") review.deal = Math.min(n - 1, review.deal + 1), (review.decision = 0);
  else if (ev.key === "ArrowLeft") review.deal = Math.max(0, review.deal - 1), (review.decision = 0);
  else if (ev.key === "ArrowDown") review.decision = Math.min(decisionsOf(review.deal).length - 1, review.decision + 1);
  else if (ev.key === "ArrowUp") review.decision = Math.max(0, review.decision - 1);
  else return;
  ev.preventDefault();
  drawReview();
}
$("review-practise").addEventListener("click", () => {
  show("practice");
  startDrill({ drill: "mistakes", log: review.name });
});

// ---- practice ----
const drill = { talk: null, prompt: null };
function drillSay(text, cls) {
  $("drill-log").prepend(el("li", cls ? { class: cls } : {}, text));
}
function onDrillEvent(e) {
  switch (e.event) {
    case "prompt": {
      drill.prompt = e;
      $("drill-prompt").textContent = e.text;
      const cards = e.hand || e.cards || [];
      $("drill-cards").replaceChildren(
        ...cards.map((c) => cardButton(c, {
          disabled: e.ask === "count" || (e.legal && !e.legal.includes(c)),
          onclick: () => {
            if (e.ask === "play") drill.talk.send(c);
            else $("drill-input").value = ($("drill-input").value + " " + c).trim();
          },
        })),
        ...(e.starter ? [el("span", {}, " starter "), cardButton(e.starter, { disabled: true })] : []),
      );
      $("drill-input").focus();
      break;
    }
    case "graded": {
      let text;
      if (e.holds !== undefined) {
        // A count: what was said, and what the hand holds, in words.
        const yours = e.shown ? "Shown" : e.right ? "Right" : `You said ${e.claimed}`;
        text = `${yours}: it holds ${e.holds}${e.said ? ` (${e.said})` : ""}.`;
      } else {
        const yours = e.shown ? "Shown" : e.right ? "Right" : `You chose ${choice(e.throw ?? e.card)}`;
        text = `${yours}; crib's choice: ${choice(e.best)}${e.label ? ` (${e.label})` : ""}. ${(e.reasons || []).join("; ")}`;
      }
      drillSay(text.trim(), e.right ? "" : "error");
      $("drill-table").replaceChildren(e.table ? adviceTable(e.table) : "");
      break;
    }
    case "summary":
      drillSay(`Done: ${e.right} of ${e.asked} right${e.accuracy === null ? "" : `, accuracy ${e.accuracy.toFixed(1)}%`} (seed ${e.seed}).`);
      break;
    case "refused":
      drillSay(e.message, "error");
      break;
    case "error":
      drillSay(e.error, "error");
      break;
    case "drill":
      drillSay(`A ${e.drill} drill of ${e.rounds ?? "some"} rounds (seed ${e.seed}).`);
      break;
    default:
      if (e.options || e.choices) $("drill-table").replaceChildren(adviceTable(e));
      else if (e.text) drillSay(e.text);
  }
}
async function startDrill(body) {
  $("drill").hidden = false;
  $("drill-log").replaceChildren();
  $("drill-table").replaceChildren();
  drill.talk = new Talk(onDrillEvent, () => {
    drill.prompt = null;
    $("drill-prompt").textContent = "The drill is over.";
    $("drill-cards").replaceChildren();
  });
  try {
    await drill.talk.start("/api/drills", body);
  } catch (e) {
    drillSay(e.message, "error");
  }
}
$("new-drill").addEventListener("submit", (ev) => {
  ev.preventDefault();
  const form = new FormData(ev.target);
  const body = { drill: form.get("drill") };
  if (body.drill !== "mistakes") body.rounds = Number(form.get("rounds")) || 5;
  startDrill(body);
});
$("drill-answer").addEventListener("submit", (ev) => {
  ev.preventDefault();
  const text = $("drill-input").value.trim();
  if (text && drill.talk) drill.talk.send(text);
  $("drill-input").value = "";
});
$("drill-best").addEventListener("click", () => drill.talk && drill.talk.send("best"));

// ---- history ----
async function loadHistory() {
  const body = $("history-body");
  body.replaceChildren(el("p", {}, "Counting your games…"));
  let s;
  try {
    s = await api("GET", "/api/stats");
  } catch (e) {
    body.replaceChildren(el("p", { class: "error" }, e.message));
    return;
  }
  // Accuracy is in percent (100 for crib's choices); the trend in points of it a game.
  const pct = (x) => (x === null || x === undefined ? "–" : `${x.toFixed(1)}%`);
  const acc = s.accuracy || {};
  const series = (acc.by_game || []).filter((x) => x !== null);
  const ns = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(ns, "svg");
  svg.setAttribute("viewBox", "0 0 600 160");
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", "Accuracy game by game");
  const x = (i) => 20 + (560 * i) / Math.max(1, series.length - 1);
  svg.innerHTML = `<polyline fill="none" stroke="#1e7b34" stroke-width="2" points="${series.map((a, i) => `${x(i)},${150 - 1.4 * a}`).join(" ")}"/>`;
  const skills = (s.skills || []).map((k) =>
    el("tr", {}, el("td", {}, k.skill), el("td", { class: "num" }, k.decisions), el("td", { class: "num" }, pct(k.accuracy)),
      el("td", { class: "num" }, k.drilled ?? 0), el("td", { class: "num" }, pct(k.drill_accuracy))),
  );
  body.replaceChildren(
    el("p", {}, `${s.player}: ${s.games} games, won ${s.won}, lost ${s.lost}. Accuracy ${pct(acc.mean)}` +
      (typeof acc.trend === "number" ? `, a trend of ${acc.trend >= 0 ? "+" : ""}${acc.trend.toFixed(1)} points a game.` : ".")),
    el("div", { class: "chart" }, svg),
    wide(el("table", {}, el("caption", {}, "By skill"),
      el("tr", {}, ["skill", "decisions", "accuracy", "drilled", "drill accuracy"].map((h) => el("th", { scope: "col" }, h))), skills)),
  );
}
