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
    if (kept && kept.record) { record = kept.record; undo = kept.undo || []; }
  } catch (e) { /* nothing kept */ }

  function keep() {
    $("record").value = JSON.stringify(record);
    try { sessionStorage.setItem(key, JSON.stringify({ record: record, undo: undo.slice(-500) })); } catch (e) { /* full */ }
  }

  function el(tag, text, cls) { const e = document.createElement(tag); if (text !== undefined) e.textContent = text; if (cls) e.className = cls; return e; }

  function moveButton(text) {
    const b = el("button", text, "move"); b.type = "button"; b.dataset.move = text;
    b.addEventListener("click", () => send({ action: text, offered: "1" }));
    return b;
  }

  function show(v) {
    const over = v.score.finished;
    $("turn").textContent = v.turn || "";
    $("tomove").textContent = over ? "" : (v.to_move ? v.to_move + " to move" : "");
    $("over").hidden = !over;
    if (over) {
      const players = v.score.players.map(p => p.name + " " + p.total).join(", ");
      $("over").textContent = "The game is over. " + (v.score.winners.length ? "Won by " + v.score.winners.join(", ") + ". " : "") + players;
    }
    $("forced").replaceChildren(...v.forced.map(f => el("li", f)));
    $("notes").replaceChildren(...v.notes.map(n => el("li", n)));
    const chance = !over && (v.waiting || v.may_end_turn);
    $("chancebox").hidden = !chance;
    $("waiting").textContent = v.waiting ? v.waiting : "Or end the turn: enter what chance gives next (the next roll).";
    const moves = $("moves"); moves.replaceChildren();
    if (v.legal.length) {
      const costs = {};
      v.legal.forEach(o => { const c = o.cost === null ? "" : o.cost; (costs[c] = costs[c] || []).push(o.text); });
      Object.keys(costs).sort((a, b) => a - b).forEach(c => {
        const group = el("div", undefined, "costgroup");
        group.append(el("span", c === "" ? "Legal now" : "costs " + c, "costlabel"));
        costs[c].forEach(t => group.append(moveButton(t)));
        moves.append(group);
      });
    } else if (!over && !v.waiting) {
      moves.append(el("p", "No move is legal now.", "quiet"));
    }
    $("step").textContent = v.step ? "Drawn after " + v.step : "";
    if (v.picture) $("picture").src = v.picture;
    const scores = $("scores"); scores.replaceChildren();
    v.score.players.forEach(p => { const r = scores.insertRow(); r.insertCell().textContent = p.name; const c = r.insertCell(); c.textContent = p.total; c.className = "num"; });
    $("violations").replaceChildren(...v.score.violations.map(x => {
      const li = el("li"); li.append(el("b", x.where + ": "), x.message, " ", el("q", x.quote), " (" + x.rule + ")"); return li;
    }));
    $("undo").disabled = !undo.length;
    const url = URL.createObjectURL(new Blob([v.yaml], { type: "application/yaml" }));
    const a = $("download"); if (a.href.startsWith("blob:")) URL.revokeObjectURL(a.href); a.href = url;
    form.dataset.yaml = v.yaml;
    form.dataset.ready = String(Number(form.dataset.ready || 0) + 1);
  }

  function refuse(r) {
    const p = $("refusal"); p.hidden = false; p.replaceChildren();
    p.append(el("b", r.action ? "“" + r.action + "” is refused: " : "Refused: "), r.message);
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
        return;
      }
      if (v.refusal) { refuse(v.refusal); return; }
      undo.push(record); record = v.record; keep(); show(v);
      $("try").value = ""; $("chance").value = "";
    }).catch(() => { busy = false; refuse({ action: "", message: "the server does not answer", quote: "", rule: "" }); });
  }

  $("enterchance").addEventListener("click", () => send({ chance: $("chance").value }));
  $("chance").addEventListener("keydown", e => { if (e.key === "Enter") { e.preventDefault(); send({ chance: $("chance").value }); } });
  $("trybutton").addEventListener("click", () => send({ action: $("try").value }));
  $("try").addEventListener("keydown", e => { if (e.key === "Enter") { e.preventDefault(); send({ action: $("try").value }); } });
  $("undo").addEventListener("click", () => {
    if (!undo.length || busy) return;
    record = undo.pop(); keep(); $("refusal").hidden = true;
    post("/table/view", {}).then(show);
  });
  $("picture").addEventListener("click", () => $("picture").classList.toggle("zoom"));   // a phone: tap to see it larger
  keep();
  post("/table/view", {}).then(v => { if (v.error) refuse({ action: "", message: v.error, quote: "", rule: "" }); else show(v); });
})();
