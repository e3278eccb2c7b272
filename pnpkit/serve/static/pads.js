// The pads chance is tapped on, on every page that asks for dice or a draw (static/app.js uses them).

// Dice entered by tapping their faces: a row of face buttons per die of a roll; a roll is taken when
// every die of it has a face, and the rolls so far are shown (the last can be taken back). `spec` is
// the rules' Dice (pnpkit/serve/tapping.py: dice_json); `done(text)` gets the record's text of the rolls.
function dicePad(spec, changed, done) {
  "use strict";
  const box = document.createElement("div"); box.className = "dicepad"; box.dataset.rolls = String(spec.rolls);
  const rolls = [], faces = new Array(spec.dice.length).fill(0);
  const got = document.createElement("p"); got.className = "rolls";
  const rows = spec.dice.map((name, d) => {
    const row = document.createElement("div"); row.className = "dierow";
    const label = document.createElement("span"); label.className = "diename"; label.textContent = name;
    row.append(label);
    for (let f = 1; f <= spec.faces; f++) {
      const b = document.createElement("button"); b.type = "button"; b.className = "face"; b.textContent = String(f);
      b.dataset.die = String(d); b.dataset.face = String(f);
      b.setAttribute("aria-label", name + " " + f);
      b.addEventListener("click", () => { faces[d] = f; tapped(); });
      row.append(b);
    }
    return row;
  });
  const back = document.createElement("button"); back.type = "button"; back.className = "quietbutton undoroll";
  back.textContent = "Take back the last roll";
  back.addEventListener("click", () => { if (faces.some(f => f)) faces.fill(0); else rolls.pop(); draw(); });
  function text() { return spec.written.replace("{}", rolls.map(r => r.join(" ")).join(", ")); }
  function draw() {
    rows.forEach((row, d) => row.querySelectorAll("button.face").forEach(b => b.classList.toggle("on", Number(b.dataset.face) === faces[d])));
    const open = rolls.length < spec.rolls;
    rows.forEach(row => row.querySelectorAll("button.face").forEach(b => { b.disabled = !open; }));
    got.textContent = (spec.rolls > 1 ? "Rolls " + rolls.length + " of " + (spec.fewest < spec.rolls ? "up to " : "") + spec.rolls + ": " : "")
      + (rolls.length ? rolls.map(r => r.join(" ")).join(", ") : (spec.rolls > 1 ? "none yet" : ""));
    back.hidden = !rolls.length && !faces.some(f => f);
    if (changed) changed(rolls.length >= spec.fewest ? text() : "", rolls.length);
  }
  function tapped() {
    if (faces.every(f => f)) { rolls.push(faces.slice()); faces.fill(0); }
    draw();
    if (done && rolls.length === spec.rolls) done(text());
  }
  box.append(...rows, got, back);
  box.reset = () => { rolls.length = 0; faces.fill(0); draw(); };
  box.load = value => {      // a typed answer, shown on the pad
    rolls.length = 0;
    String(value || "").split(",").map(r => r.trim().split(/\s+/).map(Number)).filter(r => r.length === spec.dice.length && r.every(f => f >= 1 && f <= spec.faces))
      .slice(0, spec.rolls).forEach(r => rolls.push(r));
    draw();
  };
  draw();
  return box;
}

// Things chance draws (a box of ornaments from the Bag), tapped one by one as dice are: a button per
// kind that is left, saying how many; `done(text)` gets the record's text once `spec.count` are drawn.
function drawPad(spec, done) {
  "use strict";
  const box = document.createElement("div"); box.className = "dicepad drawpad";
  const drawn = [], got = document.createElement("p"); got.className = "rolls";
  const single = spec.kinds.every(([, left]) => left === 1);   // a deck of cards one of each (Bonus cards): their ids
  const row = document.createElement("div"); row.className = "dierow";
  const buttons = spec.kinds.map(([name, left]) => {
    const b = document.createElement("button"); b.type = "button"; b.className = "face draw"; b.dataset.draw = name;
    b.addEventListener("click", () => { drawn.push(name); draw(); if (drawn.length === spec.count) finish(); });
    row.append(b);
    return [b, name, left];
  });
  const back = document.createElement("button"); back.type = "button"; back.className = "quietbutton undoroll";
  back.textContent = "Take back the last one";
  back.addEventListener("click", () => { drawn.pop(); draw(); });
  // `fewest` below `count`: how many are drawn is not known ahead (a Refill's discards); "That is all" sends them
  const enough = document.createElement("button"); enough.type = "button"; enough.className = "enough";
  enough.textContent = "That is all"; enough.addEventListener("click", () => finish());
  // `keep`: then a choice in words among what was drawn (a Plan keeps one card or both)
  const keep = document.createElement("div"); keep.className = "keep";
  const fill = (t) => t.replace(/\{(\d)\}/g, (_, k) => drawn[Number(k)]);
  function finish() {
    if (!(spec.keep || []).length) { done(spec.written.replace("{}", drawn.join(", ")), drawn.slice()); return; }
    keep.replaceChildren(...spec.keep.map(([text, words]) => {
      const b = document.createElement("button"); b.type = "button"; b.className = "choice"; b.textContent = fill(words);
      b.dataset.move = fill(text); b.addEventListener("click", () => done(fill(text)));
      return b;
    }));
    const first = keep.querySelector("button"); if (first) first.focus();
  }
  function draw() {
    buttons.forEach(([b, name, left]) => {
      const more = left - drawn.filter(d => d === name).length;
      b.textContent = single ? name : name + " (" + more + " left)"; b.disabled = more <= 0 || drawn.length >= spec.count;
    });
    got.textContent = "Drawn " + drawn.length + (spec.fewest < spec.count ? "" : " of " + spec.count) + (drawn.length ? ": " + drawn.join(", ") : "");
    back.hidden = !drawn.length;
    enough.hidden = !(spec.fewest < spec.count) || drawn.length < spec.fewest || drawn.length >= spec.count;
    if (drawn.length < spec.count) keep.replaceChildren();
  }
  box.drawn = () => drawn.slice();     // what is drawn so far (a box the pad writes as it is tapped)
  box.append(row, got, enough, keep, back);
  draw();
  return box;
}
