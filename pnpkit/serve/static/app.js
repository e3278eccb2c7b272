// pnpkit at the table: a score sheet is scored by the server as it is filled in (the same scorer
// as `pnpkit score`); every text arrives as JSON and is written with textContent, never as HTML.
(function () {
  "use strict";
  const form = document.getElementById("sheet");
  if (!form) return;
  const game = form.dataset.game;
  let timer = null, asked = 0;

  function show(result) {
    document.querySelectorAll(".box.broken").forEach(b => { b.classList.remove("broken"); const p = b.querySelector(".problem"); p.hidden = true; p.textContent = ""; });
    document.querySelectorAll("[data-total]").forEach(t => { t.textContent = "–"; });
    document.querySelectorAll("[data-breakdown]").forEach(t => t.replaceChildren());
    const ranking = document.getElementById("ranking"), list = document.getElementById("violations");
    list.replaceChildren();
    if (result.error) { ranking.textContent = result.error; ranking.className = result.names.length ? "bad" : "quiet"; return; }
    ranking.className = "";
    const cells = document.querySelectorAll("[data-total]");
    (result.players || []).forEach(p => {
      const named = Array.from(document.querySelectorAll(".sheet legend input")).findIndex(i => i.value.trim() === p.name);
      if (named < 0) return;
      cells[named].textContent = p.total;
      const table = document.querySelector('[data-breakdown="' + named + '"]');
      (p.breakdown || []).forEach(line => {
        const row = table.insertRow(), label = row.insertCell(), points = row.insertCell();
        label.textContent = line.label; points.textContent = line.points; points.className = "num";
      });
    });
    const places = (result.ranking || []).map((group, k) => (k + 1) + ". " + group.join(" = "));
    ranking.textContent = (result.finished === false ? "So far: " : "") + places.join("   ");
    (result.tiebreaks || []).forEach(t => {
      const line = document.createElement("div");
      line.textContent = "Place " + t.place + ": " + t.players.join(", ") + " tied on " + t.tied_on + "; decided by " + t.decided_by + " (" + t.rule + ")";
      ranking.appendChild(line);
    });
    (result.violations || []).forEach(v => {
      const li = document.createElement("li");
      const b = document.createElement("b"); b.textContent = v.where + ": ";
      const q = document.createElement("q"); q.textContent = v.quote;
      li.append(b, v.message, document.createElement("br"), q, " (" + v.rule + ")");
      list.appendChild(li);
      if (v.box) {
        let box = document.getElementById("box-" + v.box);
        if (!box) { const el = document.getElementById(v.box); box = el && el.closest("fieldset"); }
        if (box) {
          box.classList.add("broken");
          const p = box.querySelector(".problem");
          if (p) { p.hidden = false; p.textContent = v.message + " (" + v.rule + ")"; }
        }
      }
    });
  }

  function score() {
    const mine = ++asked;
    fetch("/sheet/" + game + "/score", { method: "POST", body: new FormData(form), credentials: "same-origin" })
      .then(r => r.json()).then(result => { if (mine === asked) show(result); })
      .catch(() => { document.getElementById("ranking").textContent = "The server does not answer."; });
  }
  form.addEventListener("input", () => { clearTimeout(timer); timer = setTimeout(score, 150); });
  form.addEventListener("change", () => { clearTimeout(timer); timer = setTimeout(score, 50); });
})();
