// The questions asked before a game's first move: each answer that is dice gets a pad writing its box.
(function () {
  "use strict";
  document.querySelectorAll("input[data-dice]").forEach(input => {
    const spec = JSON.parse(input.dataset.dice), was = input.value;
    const pad = dicePad(spec, value => { input.value = value; });
    input.after(pad);
    pad.load(was);
    input.addEventListener("change", () => pad.load(input.value));
  });
  // things drawn (NUTS' setup Bonus cards): a button a card of the deck, each card tapped written into the
  // box at once; a card written in one box is not offered in another (one deck)
  const decks = [...document.querySelectorAll("input[data-draw]")];
  function taken() {
    decks.forEach(input => {
      const elsewhere = new Set(decks.filter(o => o !== input).flatMap(o => o.value.toUpperCase().split(/[\s,]+/)));
      input.nextElementSibling.querySelectorAll("button.draw").forEach(b => { if (elsewhere.has(b.dataset.draw)) b.disabled = true; });
    });
  }
  decks.forEach(input => {
    const pad = drawPad(JSON.parse(input.dataset.draw), value => { input.value = value; });
    input.after(pad);
    pad.addEventListener("click", () => { input.value = pad.drawn().join(" "); taken(); });
    input.addEventListener("input", taken);
  });
  taken();
})();

// A move-log game tapped move by move: the page holds the record (and the records before each tap,
// for undo); the server answers each tap with what the rules offer next. Every text is written
// with textContent. The record is kept in sessionStorage too, so a reload loses nothing.
(function () {
  "use strict";
  const form = document.getElementById("table");
  if (!form) return;
  const $ = id => document.getElementById(id);
  const key = "pnpkit-table:" + location.pathname + location.search;
  let record = JSON.parse($("record").value), undo = [], busy = false;
  try {
    const kept = JSON.parse(sessionStorage.getItem(key) || "null");
    const drawn = Number($("revision").value || 0);   // a saved game's revision as the server drew it
    if (kept && kept.record && !(drawn && Number(kept.revision || 0) < drawn)) {   // older than saved: reloaded
      record = kept.record; undo = kept.undo || [];
      if (kept.play) { $("play").value = kept.play; $("revision").value = kept.revision; }   // saved from here
    }
  } catch (e) { /* nothing kept */ }

  function keep() {
    $("record").value = JSON.stringify(record);
    try {
      sessionStorage.setItem(key, JSON.stringify({ record: record, undo: undo.slice(-500), play: $("play").value,
                                                   revision: $("revision").value }));
    } catch (e) { /* full */ }
  }

  // Saving: the first save makes a game in the history; every later save from this page (more moves,
  // an undo) is that game's next revision. A save refused (another screen saved this game since)
  // says so here and changes nothing.
  form.addEventListener("submit", e => {
    e.preventDefault();
    keep();
    fetch("/table/save", { method: "POST", body: new FormData(form), credentials: "same-origin",
                           headers: { "x-pnpkit-json": "1" } })
      .then(r => r.ok ? r.json() : r.text().then(t => { throw new Error(t); }))
      .then(saved => {
        $("play").value = saved.play; $("revision").value = saved.revision; keep();
        $("saved").textContent = "Saved as game " + saved.play + ", revision " + saved.revision + ".";
        location.href = saved.href;
      })
      .catch(err => refuse({ action: "", message: String(err.message || err), quote: "", rule: "" }));
  });

  function el(tag, text, cls) { const e = document.createElement(tag); if (text !== undefined) e.textContent = text; if (cls) e.className = cls; return e; }

  // an offered move: with the dice rolled for it, with the card drawn for it, or as it is; `chance`: what
  // chance gave with the choice it asks (a first nut and its storage card), written as chance
  function take(o) {
    if (o.dice) rollFor(o);
    else if (o.draw) drawFor(o);
    else send(o.chance ? { chance: o.text } : { action: o.text, offered: "1" });
  }

  function drawFor(o) {             // an offered move written with the card chance draws for it
    const box = $("optiondice"); box.hidden = false; unpick();
    $("optionwhat").textContent = (o.words || o.text) + ": tap the card drawn";
    box.querySelector(".dicepad") && box.querySelector(".dicepad").remove();
    box.insertBefore(drawPad(o.draw, text => { box.hidden = true; send({ action: text }); }), $("optioncancel"));
    const first = box.querySelector("button.draw:not(:disabled)"); if (first) first.focus();
  }

  // what the dice showed, then (if the record writes more with it: a Scamper's square) the moves that complete it
  function rolled(spec, text) {
    const then = spec.then && spec.then[text];
    if (!then || !then.length) { send({ chance: text }); return; }
    offer(then.map(o => Object.assign({}, o, { chance: true })), text + " rolled: and then?", false, true);
  }

  // what chance drew, then (if the record writes a choice with it) the moves that complete it, in words
  function drawn(spec, text, kinds) {
    const then = spec.then && spec.then[kinds[0]];
    if (!then || !then.length) { send({ chance: text }); return; }
    offer(then.map(o => Object.assign({}, o, { chance: true })), kinds[0] + " drawn: where does it go?", false, true);
  }

  // a move in the rules' words (`words`); the record's notation is its data-move and its tooltip
  function moveButton(o, cls) {
    const b = el("button", o.words || o.text, cls || "move"); b.type = "button"; b.dataset.move = o.text;
    if (o.dead_end) b.classList.add("deadend");
    if (o.words && o.words !== o.text) b.title = o.text;
    b.addEventListener("click", () => take(o));
    return b;
  }

  function rollFor(o) {             // an offered move written with the dice rolled for it
    const box = $("optiondice"); box.hidden = false; unpick();
    $("optionwhat").textContent = (o.words || o.text) + ": tap what the dice show (" + o.dice.dice.join(", ") + ")";
    box.querySelector(".dicepad") && box.querySelector(".dicepad").remove();
    box.insertBefore(dicePad(o.dice, null, text => { box.hidden = true; send({ action: text }); }), $("optioncancel"));
    const first = box.querySelector("button.face"); if (first) first.focus();
  }

  // ---- the board: the position drawn as SVG (tapping.py: board), every place the legal moves start or
  // end at a button in their words. A move is its first place tapped, then its last (a drop's start and
  // end); moves that share those taps are offered as a short list of buttons in words (#pick).
  let legal = [], chosen = null, lastTapped = null;

  function tapsOf(o) {             // the places a move is tapped by: its first, and its last if another
    const p = o.places || [];
    if (!p.length) return [];
    return p.length > 1 && p[p.length - 1] !== p[0] ? [p[0], p[p.length - 1]] : [p[0]];
  }
  const from = (x) => legal.filter(o => tapsOf(o)[0] === x);
  let placeWords = {};             // the game's words for its places (tapping.py: _place_words), where it has them
  function placeName(x) { const s = placeWords[x] || x.replace(/[-_]/g, " "); return s.charAt(0).toUpperCase() + s.slice(1); }
  function described(list, what) {   // the words of the moves a tap may make: one, or the first and how many more
    if (list.length === 1) return list[0].words;
    return placeName(what) + ": " + list.length + " moves, such as " + list[0].words;
  }

  function drawBoard(v) {
    placeWords = v.place_words || {};
    legal = (v.score.finished ? [] : v.legal).filter(o => tapsOf(o).length);
    chosen = null;
    const box = $("board");
    const focused = box.contains(document.activeElement) || $("pick").contains(document.activeElement);
    // each area its own drawing, as wide as its mm allow (--mm px each), side by side while they fit
    box.replaceChildren(...(v.board || []).map(area => {
      const fig = el("figure", undefined, "area"), cap = el("figcaption", area.title);
      fig.style.flexBasis = "calc(" + area.w + " * var(--mm))"; fig.style.flexGrow = String(area.w);   // the row filled in proportion
      fig.style.maxWidth = "min(100%, calc(" + area.w + " * var(--mm-most)))";                        // but not blown up
      const doc = new DOMParser().parseFromString(area.svg, "image/svg+xml");   // XML: a record's text stays text
      if (doc.documentElement.nodeName !== "svg") { fig.append(cap, el("p", "This cannot be drawn.", "quiet")); return fig; }
      const drawn = document.importNode(doc.documentElement, true);
      drawn.setAttribute("role", "group"); drawn.setAttribute("aria-label", area.title);
      fig.append(cap, drawn);
      return fig;
    }));
    // the button of a place is a rect over it (a board's place has one; a piece gets one round it),
    // so no text drawn on a piece is inside a button whose name is the move's words
    box.querySelectorAll("g[data-place]").forEach(g => {
      const only = g.children.length === 1 && g.firstElementChild.nodeName === "rect" && g.firstElementChild.getAttribute("fill") === "none";
      let r = only ? g.firstElementChild : null;
      if (!r) {
        const b = g.getBBox();
        r = document.createElementNS("http://www.w3.org/2000/svg", "rect");
        [["x", b.x - 0.8], ["y", b.y - 0.8], ["width", b.width + 1.6], ["height", b.height + 1.6], ["rx", 1.5]].forEach(([k, n]) => r.setAttribute(k, String(n)));
        r.setAttribute("fill", "none"); g.append(r);
      }
      r.classList.add("hit"); r.dataset.place = g.dataset.place;
    });
    // the areas a move is tapped on come first (the Ornament Box and the picker's tree before the others)
    const involved = new Set(legal.flatMap(tapsOf));
    box.querySelectorAll("figure.area").forEach(fig => {
      fig.style.order = [...fig.querySelectorAll(".hit[data-place]")].some(r => involved.has(r.dataset.place)) ? "-1" : "0";
    });
    const off = (v.score.finished ? [] : v.legal).filter(o => !tapsOf(o).length)
      .concat(v.end_turn && !v.score.finished ? [{ text: "end the turn", words: "end the turn", dice: null }] : []);
    $("offmoves").replaceChildren(...off.map(o => moveButton(o, "choice offmove")));
    $("offboard").hidden = !off.length;
    unpick(); mark(); ghosts();
    if (focused) { const b = box.querySelector("[role=button]"); if (b) b.focus(); }   // the keyboard stays on the board
  }

  // the tile in hand drawn as ghosts, one per place and turn it may be laid there (Fair Verona's
  // `1 0 turned 90`): one turn shows at each place; "Turn the tile" shows the next; a ghost tapped lays it so
  let turnsAt = {};
  function ghosts() {
    turnsAt = {};
    $("board").querySelectorAll("g[data-place]").forEach(g => {
      const m = / turned \d+$/.exec(g.dataset.place);
      if (m) { const at = g.dataset.place.slice(0, m.index); (turnsAt[at] = turnsAt[at] || []).push(g); }
    });
    Object.values(turnsAt).forEach(list => list.forEach((g, k) => { g.style.display = k ? "none" : ""; }));
    $("turntile").hidden = !Object.values(turnsAt).some(list => list.length > 1);
  }
  function turnTile() {
    Object.values(turnsAt).forEach(list => {
      const k = list.findIndex(g => g.style.display !== "none");
      list[k].style.display = "none"; list[(k + 1) % list.length].style.display = "";
    });
  }

  // which places are buttons now, lit, and what each says
  function mark() {
    const live = {};
    if (chosen === null) {
      legal.forEach(o => { const t = tapsOf(o)[0]; (live[t] = live[t] || []).push(o); });
    } else {
      from(chosen).forEach(o => { const t = tapsOf(o); if (t.length > 1) (live[t[1]] = live[t[1]] || []).push(o); });
    }
    $("board").querySelectorAll(".hit[data-place]").forEach(g => {
      const x = g.dataset.place, list = live[x], isChosen = x === chosen;
      g.classList.toggle("source", chosen === null && !!list);
      g.classList.toggle("target", chosen !== null && !!list);
      g.classList.toggle("chosen", isChosen);
      if (list || isChosen) {
        g.setAttribute("role", "button"); g.setAttribute("tabindex", "0");
        g.setAttribute("aria-label", isChosen ? "Chosen, tap again to put it back: " + described(from(x), x)
                                              : (chosen === null ? "" : "to here: ") + described(list, x));
      } else {
        ["role", "tabindex", "aria-label"].forEach(a => g.removeAttribute(a));
      }
    });
  }

  function tapPlace(x, g) {
    lastTapped = g;
    if (chosen !== null) {
      if (x === chosen) { unpick(); mark(); return; }
      const to = from(chosen).filter(o => { const t = tapsOf(o); return t.length > 1 && t[1] === x; });
      if (to.length) { offer(to, placeName(chosen) + " to " + placeName(x) + ": which move?"); return; }
      chosen = null; mark();
    }
    const mine = from(x), one = mine.filter(o => tapsOf(o).length === 1), two = mine.filter(o => tapsOf(o).length > 1);
    if (!two.length) { offer(one, placeName(x) + ": which move?"); return; }
    chosen = x; mark();
    offer(one, placeName(x) + " chosen: now tap where it goes (lit)" + (one.length ? ", or choose" : ""), true);
    const first = $("board").querySelector(".hit.target");
    if (first && !one.length) first.focus();
  }

  // a tap's moves: one is made at once; more are a list of buttons in words (`open`: the list stays with none)
  function offer(list, what, open, always) {
    if (list.length === 1 && !open && !always) { unpick(); take(list[0]); return; }
    if (!list.length && !open) return;
    $("pickwhat").textContent = what;
    $("pick").dataset.step = open ? "where" : "which";     // where it goes next, or which of these moves
    $("pickmoves").replaceChildren(...list.map(o => moveButton(o, "choice")));
    $("pick").hidden = false;
    const b = $("pickmoves").querySelector("button");
    if (b) b.focus();
  }

  function unpick() {
    const had = !$("pick").hidden || chosen !== null;
    $("pick").hidden = true; $("pickmoves").replaceChildren();
    if (chosen !== null) { chosen = null; mark(); }
    if (had && lastTapped && lastTapped.isConnected) lastTapped.focus();
  }

  function show(v) {
    const over = v.score.finished;
    $("turn").textContent = v.turn || "";
    $("tomove").textContent = over ? "" : (v.to_move ? v.to_move + " to move" : "");
    $("over").hidden = !over;
    if (over) {
      const players = v.score.players.filter(p => p.total !== null).map(p => p.name + " " + p.total).join(", ");
      const outcome = v.score.outcome ? "The players " + v.score.outcome + ". " : "";
      $("over").textContent = "The game is over. " + outcome + (v.score.winners.length && !v.score.outcome ? "Won by " + v.score.winners.join(", ") + ". " : "") + players;
    }
    $("forced").replaceChildren(...v.forced.map(f => el("li", f)));
    $("notes").replaceChildren(...v.notes.map(n => el("li", n)));
    // chance is asked for when the table waits for it, or when the dice it names would end the turn
    const chance = !over && (!!v.waiting || (v.may_end_turn && !!v.dice));
    $("chancebox").hidden = !chance;
    // with dice to tap, the table's sentence without its note on the record's notation (after the colon)
    const tapIt = v.dice && v.dice.dice.length * v.dice.rolls === 1 ? ": tap what the die shows" : ": tap what the dice show, die by die";
    $("waiting").textContent = !v.waiting ? (chance ? "Or end the turn" + tapIt + "." : "")
      : v.dice ? v.waiting.split(":")[0] + tapIt + (v.dice.rolls > 1 ? " (" + v.dice.rolls + " rolls)." : ".")
      : v.draw ? v.waiting.split(":")[0] + ": tap what is drawn, one by one (" + v.draw.count + ")." : v.waiting;
    $("optiondice").hidden = true;
    const pads = $("chancedice"); pads.replaceChildren();
    if (v.dice) pads.append(dicePad(v.dice, null, text => rolled(v.dice, text)));
    else if (v.draw && v.waiting) pads.append(drawPad(v.draw, (text, kinds) => drawn(v.draw, text, kinds)));
    $("typedchance").hidden = !!v.dice || !!(v.draw && v.waiting);
    const moves = $("moves"); moves.replaceChildren();
    if (v.legal.length) {
      const costs = {};
      v.legal.forEach(o => { const c = o.cost === null ? "" : o.cost; (costs[c] = costs[c] || []).push(o); });
      Object.keys(costs).sort((a, b) => a - b).forEach(c => {
        const group = el("div", undefined, "costgroup");
        group.append(el("span", c === "" ? "Legal now" : "costs " + c, "costlabel"));
        // many moves of one kind (`drop 1 1 1 2`, `draw R7`): folded under the kind, the board taps them
        const kinds = {};
        costs[c].forEach(o => { const k = o.text.split(" ")[0]; (kinds[k] = kinds[k] || []).push(o); });
        costs[c].forEach(o => {
          const k = o.text.split(" ")[0], same = kinds[k];
          if (same.length < 8 || !o.text.includes(" ")) { group.append(moveButton(o)); return; }
          if (same[0] !== o) return;
          const fold = el("details", undefined, "kindgroup");
          fold.append(el("summary", same.length + " moves like “" + (o.words || o.text) + "”", "kindlabel"));
          same.forEach(x => fold.append(moveButton(x)));
          group.append(fold);
        });
        moves.append(group);
      });
    } else if (!over && !v.waiting && !v.end_turn) {
      moves.append(el("p", "No move is legal now.", "quiet"));
    }
    if (v.end_turn && !over) {        // a game whose record writes the turn's end (Fair Verona: the next turn begun)
      const group = el("div", undefined, "costgroup");
      group.append(el("span", "Or", "costlabel"), moveButton({ text: "end the turn", dice: null }));
      moves.append(group);
    }
    $("step").textContent = v.step ? "Drawn after " + v.step : "";
    drawBoard(v);
    const scores = $("scores"); scores.replaceChildren();
    v.score.players.filter(p => p.total !== null).forEach(p => { const r = scores.insertRow(); r.insertCell().textContent = p.name; const c = r.insertCell(); c.textContent = p.total; c.className = "num"; });
    $("violations").replaceChildren(...v.score.violations.map(x => {
      const li = el("li"); li.append(el("b", x.where + ": "), x.message, " ", el("q", x.quote), " (" + x.rule + ")"); return li;
    }));
    $("undo").disabled = !undo.length;
    const url = URL.createObjectURL(new Blob([v.yaml], { type: "application/yaml" }));
    const a = $("download"); if (a.href.startsWith("blob:")) URL.revokeObjectURL(a.href); a.href = url;
    form.dataset.yaml = v.yaml;
    form.dataset.ready = String(Number(form.dataset.ready || 0) + 1);
    lookAhead(v);
  }

  // a move after which nothing would be legal is marked in its words (tapping.py: _marked); the look-ahead
  // has a CPU budget an answer, so the page asks again until every move is looked past, marking in place
  function lookAhead(v) {
    if (!v.not_looked_ahead) { form.dataset.ahead = "done"; return; }
    form.dataset.ahead = "";
    const asked = record;
    post("/table/view", {}).then(w => {
      if (w.error || record !== asked) return;
      const by = {}; w.legal.forEach(o => { by[o.text] = o; });
      v.legal.forEach(o => { const x = by[o.text]; if (x) { o.words = x.words; o.dead_end = x.dead_end; } });
      document.querySelectorAll("button[data-move]").forEach(b => {
        const x = by[b.dataset.move]; if (x && x.dead_end) { b.textContent = x.words; b.classList.add("deadend"); }
      });
      mark();
      lookAhead(w);
    }).catch(() => {});
  }

  function refuse(r) {
    const p = $("refusal"); p.hidden = false; p.replaceChildren();
    p.append(el("b", r.action ? "“" + r.action + "” is refused: " : ""), r.message);
    if (r.quote) p.append(el("br"), el("q", r.quote));
    if (r.rule) p.append(" (" + r.rule + ")");
    p.dataset.rule = r.rule || "";
  }

  function post(path, fields) {
    const body = new FormData();
    body.append("token", form.elements.token.value);
    body.append("record", JSON.stringify(record));
    Object.keys(fields).forEach(k => body.append(k, fields[k]));
    return fetch(path, { method: "POST", body: body, credentials: "same-origin" }).then(r => r.json());
  }

  function send(fields) {
    if (busy) return;
    busy = true;
    $("refusal").hidden = true;
    post("/table/tap", fields).then(v => {
      busy = false;
      if (v.error) {
        refuse({ action: fields.action || fields.chance, message: v.error, quote: "", rule: "" });
        if (fields.offered) {          // an offered move chance must complete (a roll's dice): write it out
          form.querySelector("details.try").open = true; $("try").value = fields.action; $("try").focus();
        }
        if (fields.chance !== undefined && $("typedchance").hidden) {   // a face that needs more (a square, a side)
          $("typedchance").hidden = false; $("chance").value = fields.chance + " "; $("chance").focus();
        }
        return;
      }
      if (v.refusal) { refuse(v.refusal); return; }
      undo.push(record); record = v.record; keep(); show(v);
      $("try").value = ""; $("chance").value = "";
    }).catch(() => { busy = false; refuse({ action: "", message: "the server does not answer", quote: "", rule: "" }); });
  }

  $("enterchance").addEventListener("click", e => { e.preventDefault(); send({ chance: $("chance").value }); });
  $("chance").addEventListener("keydown", e => { if (e.key === "Enter") { e.preventDefault(); send({ chance: $("chance").value }); } });
  $("trybutton").addEventListener("click", e => { e.preventDefault(); send({ action: $("try").value }); });
  $("try").addEventListener("keydown", e => { if (e.key === "Enter") { e.preventDefault(); send({ action: $("try").value }); } });
  $("undo").addEventListener("click", () => {
    if (!undo.length || busy) return;
    record = undo.pop(); keep(); $("refusal").hidden = true;
    post("/table/view", {}).then(show);
  });
  $("optioncancel").addEventListener("click", () => { $("optiondice").hidden = true; });
  $("zoom").addEventListener("click", () => {           // a phone: the board larger, scrolled sideways
    const on = $("board").classList.toggle("zoom"); $("zoom").setAttribute("aria-pressed", String(on));
  });
  $("pickcancel").addEventListener("click", () => { unpick(); });
  $("turntile").addEventListener("click", turnTile);
  $("board").addEventListener("click", e => { const g = e.target.closest("[data-place][role=button]"); if (g) tapPlace(g.dataset.place, g); });
  $("board").addEventListener("keydown", e => {
    const g = e.target.closest("[data-place][role=button]");
    if (g && (e.key === "Enter" || e.key === " ")) { e.preventDefault(); tapPlace(g.dataset.place, g); }
  });
  $("pick").addEventListener("keydown", e => { if (e.key === "Escape") { e.preventDefault(); unpick(); } });
  keep();
  post("/table/view", {}).then(v => { if (v.error) refuse({ action: "", message: v.error, quote: "", rule: "" }); else show(v); });
})();

// A sheet's draft is kept in this browser until it is saved (static/sheet.js): the game's page,
// opened by the save that went through, forgets it.
(function () {
  "use strict";
  const saving = sessionStorage.getItem("pnpkit-saving");
  if (saving && location.pathname.startsWith("/play/")) {
    try { localStorage.removeItem(saving); } catch (e) { /* nothing was kept */ }
    sessionStorage.removeItem("pnpkit-saving");
  }
})();
