// pnpkit at the table: a score sheet is scored by the server as it is filled in (the same scorer
// as `pnpkit score`); every text arrives as JSON and is written with textContent, never as HTML.
// Each sheet's points boxes show the scorer's figures, each violation stands beside its box.
(function () {
  "use strict";
  const form = document.getElementById("sheet");
  if (!form) return;
  const game = form.dataset.game;
  let timer = null, asked = 0;

  function clear() {
    document.querySelectorAll(".broken").forEach(b => b.classList.remove("broken"));
    document.querySelectorAll("[data-problem]").forEach(p => { p.hidden = true; p.textContent = ""; });
    document.querySelectorAll("[data-total]").forEach(t => { t.textContent = "–"; });
    document.querySelectorAll("[data-points]").forEach(t => { t.textContent = ""; });
    document.querySelectorAll("[data-breakdown]").forEach(t => t.replaceChildren());
    document.querySelectorAll("[data-name]").forEach(t => { t.textContent = ""; });
    document.querySelectorAll(".scored").forEach(t => { t.hidden = true; });
  }

  function mark(box, text) {
    const el = document.getElementById("box-" + box);
    if (el) el.classList.add("broken");
    document.querySelectorAll('[data-group="' + CSS.escape(box) + '"]').forEach(c => c.classList.add("broken"));
    let p = document.querySelector('[data-problem="' + CSS.escape(box) + '"]');
    const under = el && el.closest("table") && el.closest("table").querySelector("tfoot .problemrow td");
    if (!p && under) {        // a grid's cell: the words go right under the grid
      p = document.createElement("em"); p.className = "problem"; p.dataset.problem = box; under.appendChild(p);
    }
    if (p) { p.hidden = false; p.textContent = (p.textContent ? p.textContent + " " : "") + text; }
  }

  function show(result) {
    clear();
    Object.entries(result.calculated || {}).forEach(([k, v]) => { const o = document.getElementById(k); if (o) o.textContent = v === "x" ? "✓" : v; });
    // sheets that are not a record yet: a Total box adds up only the boxes the sheet sums itself
    // (not the goal and bonus cards the scorer counts), so its figure is marked as partial
    document.querySelectorAll('[data-points$=".points.total"]').forEach(t => {
      t.classList.toggle("partial", !result.players && t.textContent !== "");
      if (!result.players && t.textContent !== "") { t.textContent += " so far"; t.title = "partial: the sheets are not complete yet"; }
      else t.removeAttribute("title");
    });
    const ranking = document.getElementById("ranking"), list = document.getElementById("violations");
    list.replaceChildren();
    if (result.error) { ranking.textContent = result.error; ranking.className = result.names.length ? "bad" : "quiet"; return; }
    ranking.className = "";
    Object.entries(result.points || {}).forEach(([k, v]) => { const o = document.getElementById(k); if (o) o.textContent = v; });
    (result.players || []).forEach(p => {
      const seat = (result.seats || {})[p.name];
      if (!seat) return;
      const total = document.querySelector('[data-total="' + seat + '"]');
      total.textContent = p.total;
      const card = total.closest(".scored");
      if (card) card.hidden = false;
      const named = document.querySelector('[data-name="' + seat + '"]');
      if (named) named.textContent = p.name;
      const table = document.querySelector('[data-breakdown="' + seat + '"]');
      (p.breakdown || []).forEach(line => {
        const row = table.insertRow(), label = row.insertCell(), points = row.insertCell();
        label.textContent = line.label; points.textContent = line.points; points.className = "num";
      });
    });
    const places = (result.ranking || []).map((group, k) => (k + 1) + ". " + group.join(" = "));
    ranking.textContent = result.players ? (result.finished === false ? "So far: " : "") + places.join("   ") : "";
    if (result.outcome) ranking.textContent = "Outcome: " + result.outcome + (result.finished === false ? " (the game goes on)" : "");
    (result.tiebreaks || []).forEach(t => {
      const line = document.createElement("div");
      line.className = "tiebreak";
      line.textContent = "Place " + t.place + ": " + t.players.join(", ") + " tied on " + t.tied_on + "; decided by " + t.decided_by + " (" + t.rule + ")";
      ranking.appendChild(line);
    });
    (result.violations || []).forEach(v => {
      const li = document.createElement("li");
      const b = document.createElement("b"); b.textContent = v.where + ": ";
      li.append(b, v.message);
      if (v.quote) { const q = document.createElement("q"); q.textContent = v.quote; li.append(document.createElement("br"), q, " (" + v.rule + ")"); }
      list.appendChild(li);
      if (v.box) mark(v.box, v.message + (v.rule ? " (" + v.rule + ")" : "") + (v.quote ? ": “" + v.quote + "”" : ""));
    });
    form.dataset.scored = String(Number(form.dataset.scored || 0) + 1);
  }

  function score() {
    const mine = ++asked;
    fetch(form.dataset.score || "/sheet/" + game + "/score", { method: "POST", body: new FormData(form), credentials: "same-origin" })
      .then(r => r.json()).then(result => { if (mine === asked) show(result); })
      .catch(() => { document.getElementById("ranking").textContent = "The server does not answer."; });
  }
  // the sheets beyond the fewest players are a button away, one at a time
  const add = document.getElementById("addseat");
  if (add) add.addEventListener("click", () => {
    const next = form.querySelector("fieldset.sheet[hidden]");
    if (next) { next.hidden = false; next.querySelector("input").focus(); }
    if (!form.querySelector("fieldset.sheet[hidden]")) add.closest("p").hidden = true;
  });
  form.addEventListener("input", () => { clearTimeout(timer); timer = setTimeout(score, 150); });
  form.addEventListener("change", () => { clearTimeout(timer); timer = setTimeout(score, 50); });
  // What is typed is kept in this browser until it is saved, so a closed tab or a restarted server
  // loses nothing: on an empty form it comes back. A save that goes through (the game's page opens)
  // forgets it; a refused one comes back filled in from the server, and keeps it.
  const draft = "pnpkit-draft:" + location.pathname + location.search;
  sessionStorage.removeItem("pnpkit-saving");
  function keep() {
    const typed = [...new FormData(form)].filter(([k, v]) => k.includes(".") && typeof v === "string" && v !== "");
    try { localStorage.setItem(draft, JSON.stringify(typed)); } catch (e) { /* private mode: nothing kept */ }
  }
  function restore() {
    let typed = null;
    try { typed = JSON.parse(localStorage.getItem(draft) || "null"); } catch (e) { typed = null; }
    if (!Array.isArray(typed) || !typed.length) return;
    typed.forEach(([k, v]) => form.querySelectorAll('[name="' + CSS.escape(String(k)) + '"]').forEach(e => {
      if (e.type === "checkbox") { if (e.value === v) e.checked = true; } else e.value = String(v);
    }));
    form.querySelectorAll("fieldset.sheet[hidden]").forEach(f => { if (f.querySelector("input[name$='.name']").value.trim()) f.hidden = false; });
    const note = document.createElement("p");
    note.className = "quiet"; note.id = "restored";
    note.textContent = "What you typed before is back (not saved yet).";
    form.prepend(note);
  }
  form.addEventListener("input", keep);
  form.addEventListener("change", keep);
  form.addEventListener("submit", () => { keep(); sessionStorage.setItem("pnpkit-saving", draft); });
  if (![...form.querySelectorAll("input[name$='.name']")].some(e => e.value.trim())) restore();
  // a saved game opened again to correct it (or a draft brought back): its sheets are scored at once
  if ([...form.querySelectorAll("input[name$='.name']")].some(e => e.value.trim())) score();
})();
