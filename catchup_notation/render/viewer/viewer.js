/* catchup-notation viewer.
 *
 * Draws what the library computed (catchup_notation/render/viewdata.py) on the library's own
 * board drawing (render/svg.py): it never applies a rule itself. A game page carries one game
 * ("game-0"); a report carries a table of games and their data in gzip blocks, unpacked when a
 * game is opened. The URL fragment names what is shown: #turn=12, or #game=3&turn=12.
 * Nothing is loaded from anywhere.
 */
(function () {
  "use strict";

  const SVG = "http://www.w3.org/2000/svg";
  const $ = (id) => document.getElementById(id);
  const readJson = (id) => {
    const el = $(id);
    return el ? JSON.parse(el.textContent) : null;
  };
  const page = readJson("page-data");
  const looks = new Map();
  const blocks = new Map();
  let view = null; // the game on screen: its data, board drawing and turn
  let routing = 0; // the latest navigation; a slower earlier one gives way to it
  let lastOpened = null;

  // ------------------------------------------------------------------------------------------
  // Data

  function look(key) {
    if (!looks.has(key)) looks.set(key, readJson("look-" + key));
    return looks.get(key);
  }

  async function unpack(number) {
    const el = $("block-" + number);
    if (!el) return [];
    const raw = atob(el.textContent.trim());
    const bytes = new Uint8Array(raw.length);
    for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
    const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
    return JSON.parse(await new Response(stream).text());
  }

  function loadGame(n) {
    if (page.mode === "game") return Promise.resolve(readJson("game-0"));
    const number = Math.floor(n / page.block);
    if (!blocks.has(number)) blocks.set(number, unpack(number));
    return blocks.get(number).then((games) => games[n - number * page.block] || null);
  }

  // ------------------------------------------------------------------------------------------
  // Small DOM helpers

  function el(tag, attrs, text) {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function svgEl(tag, attrs) {
    const node = document.createElementNS(SVG, tag);
    for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
    return node;
  }

  function span(cls, text) {
    return el("span", { class: cls }, text);
  }

  // ------------------------------------------------------------------------------------------
  // Routing: the fragment says which game and turn

  function parseHash() {
    const params = new URLSearchParams(location.hash.replace(/^#/, ""));
    const number = (key) => {
      const v = params.get(key);
      return v !== null && /^\d+$/.test(v) ? Number(v) : null;
    };
    return { game: number("game"), turn: number("turn") };
  }

  function writeHash(turn) {
    const hash = page.mode === "game" ? "#turn=" + turn : "#game=" + view.g.n + "&turn=" + turn;
    if (location.hash === hash) return;
    try {
      history.replaceState(null, "", hash);
    } catch (e) {
      /* a sandboxed frame (Jupyter) may refuse; the viewer works all the same */
    }
  }

  async function route() {
    const wanted = parseHash();
    if (page.mode === "game") return open(0, wanted.turn);
    if (wanted.game === null || wanted.game >= page.count) return showList();
    return open(wanted.game, wanted.turn);
  }

  async function open(n, turn) {
    const token = ++routing;
    const fresh = !view || view.g.n !== n;
    if (fresh) {
      const g = await loadGame(n);
      if (token !== routing) return;
      if (!g) return showList();
      build(g);
    }
    if (page.mode === "report") {
      $("list").hidden = true;
      $("game").hidden = false;
      lastOpened = n;
      if (fresh) {
        window.scrollTo(0, 0);
        $("game-title").focus({ preventScroll: true });
      }
    }
    setTurn(turn === null ? view.start : turn);
  }

  // ------------------------------------------------------------------------------------------
  // Building the viewer for one game

  function build(g) {
    const positions = g.pos || [];
    const error = g.error;
    const failing = error && error.turn && error.turn === positions.length ? error.turn : null;
    const last = positions.length ? positions.length - 1 + (failing ? 1 : 0) : 0;
    view = { g, last, failing, start: failing !== null ? failing : last, turn: null, svg: null, letters: false };
    view.current = null; // the move list's button of the turn shown

    $("game-title").textContent = g.variant ? g.players.join(" vs ") : g.source;
    if (page.mode === "report") document.title = $("game-title").textContent + " · " + page.title;
    const meta = [g.source, g.format, g.brief || g.variant];
    if (g.turns !== null && g.turns !== undefined) meta.push(g.turns + (g.turns === 1 ? " turn" : " turns"));
    $("game-meta").textContent = meta.filter(Boolean).join(" · ");

    buildProblem(g);
    const playable = positions.length > 0;
    for (const id of ["controls", "position", "moves-box", "chart-box"]) $(id).hidden = !playable;
    view.line = null; // the best line shown on the board: {from: turn, step: k}, or none
    $("win-box").hidden = !(playable && g.review);
    $("line-box").hidden = true;
    $("board-area").hidden = !playable;
    $("verdict").hidden = !g.verdict;
    buildBoard(g);
    if (playable) {
      const slider = $("slider");
      slider.max = String(last);
      buildMoves(g);
      buildChart(g);
      if (g.review) buildWinChart(g);
    }
    buildVerdict(g);
    if (page.mode === "report") {
      const prev = $("prev-game");
      const next = $("next-game");
      prev.hidden = g.n === 0;
      prev.href = "#game=" + (g.n - 1);
      next.hidden = g.n + 1 >= page.count;
      next.href = "#game=" + (g.n + 1);
    }
  }

  function buildProblem(g) {
    const box = $("game-error");
    box.replaceChildren();
    const error = g.error;
    box.hidden = !error;
    if (!error) return;
    if (g.outcome === "unreadable" || !g.pos || !g.pos.length) {
      box.append(el("strong", {}, g.outcome === "unreadable" ? "This record cannot be read." : "No rules apply."));
      box.append(el("pre", {}, error.text || error.message));
      return;
    }
    const head = el("p");
    head.append(el("strong", {}, "Turn " + error.turn + " breaks the rules: "), error.message);
    box.append(head);
    const where = [];
    if (error.line) where.push("line " + error.line + (error.column ? ", column " + error.column : ""));
    if (error.cells && error.cells.length) where.push("cells " + error.cells.join(" "));
    where.push("code " + error.code);
    box.append(el("p", { class: "why" }, where.join(" · ")));
    const go = el("button", { type: "button", class: "go-error" }, "Show turn " + error.turn);
    go.addEventListener("click", () => setTurn(error.turn));
    box.append(go);
  }

  function buildBoard(g) {
    const holder = $("board");
    const numbers = $("numbers");
    const letters = document.querySelector(".letters");
    view.svg = null;
    numbers.hidden = g.family !== "numbers";
    letters.hidden = g.family !== "hex";
    if (g.family !== "hex" || !g.pos.length) {
      holder.replaceChildren();
      return;
    }
    const lk = look(g.look);
    let svg = page.mode === "game" ? holder.querySelector("svg.catchup-board") : null;
    if (!svg) {
      const template = $("board-" + g.look);
      holder.replaceChildren(template.content.cloneNode(true));
      svg = holder.querySelector("svg.catchup-board");
    }
    for (const cell of svg.querySelectorAll(".offending")) cell.classList.remove("offending");
    view.svg = svg;
    view.lk = lk;
    view.stones = svg.querySelector("g.stones");
    view.cells = Array.from(svg.querySelectorAll("polygon.cell"));
    view.captions = Array.from(svg.querySelectorAll("g.caption text"));
    view.title = svg.querySelector("title");
    view.marked = [];
    view.letters = lk.useLetters;
    $("letters").checked = view.letters;
  }

  function moveButton(g, i) {
    const positions = g.pos;
    const button = el("button", { type: "button", "data-turn": String(i) });
    if (i === 0) {
      button.append(span("num", "0."), "start");
      return button;
    }
    const move = g.moves[i - 1];
    button.append(span("num", i + "."), span("mark" + move.p + " who", (g.sides || g.players)[move.p - 1]), " ");
    button.append(span("move", move.m));
    const judged = g.review && g.review.turns[i - 1];
    if (judged && judged.c) {
      button.classList.add("judged-" + judged.c);
      button.append(" ", span("judgement " + judged.c, JUDGEMENT_MARKS[judged.c] + " " + judged.c));
    }
    const before = positions[i - 1];
    if (i === view.failing) {
      button.classList.add("illegal");
      button.append(span("allowed", "breaks the rules: " + g.error.message));
    } else if (i >= positions.length) {
      button.disabled = true;
      button.append(span("allowed", "not replayed: an earlier turn broke the rules"));
    } else if (before && before.allow) {
      button.append(span("allowed", "allowed " + before.allow + ": " + before.why));
    }
    return button;
  }

  function buildMoves(g) {
    const list = $("moves");
    const items = document.createDocumentFragment();
    view.moveButtons = [];
    for (let i = 0; i <= g.moves.length; i++) {
      const button = moveButton(g, i);
      view.moveButtons.push(button);
      const item = el("li");
      item.append(button);
      items.append(item);
    }
    list.replaceChildren(items);
  }

  function buildChart(g) {
    const positions = g.pos;
    const width = 320;
    const height = 140;
    const left = 28;
    const right = 8;
    const top = 8;
    const bottom = 20;
    const n = Math.max(1, positions.length - 1);
    let max = 1;
    for (const p of positions) max = Math.max(max, p.s[0], p.s[1]);
    const x = (t) => left + ((width - left - right) * t) / n;
    const y = (v) => height - bottom - ((height - top - bottom) * v) / max;
    const svg = svgEl("svg", { viewBox: `0 0 ${width} ${height}`, role: "img" });
    const scoreName = g.scoreName || "score";
    const finalScores = positions[positions.length - 1].s;
    svg.setAttribute(
      "aria-label",
      `${scoreName} of both players over ${positions.length - 1} turns; at the end ` +
        `${g.players[0]} ${finalScores[0]}, ${g.players[1]} ${finalScores[1]}`,
    );
    svg.append(svgEl("line", { class: "axis", x1: left, y1: y(0), x2: width - right, y2: y(0) }));
    svg.append(svgEl("line", { class: "axis", x1: left, y1: top, x2: left, y2: y(0) }));
    const tick = (tx, ty, text, anchor) => {
      const label = svgEl("text", { class: "tick", x: tx, y: ty, "text-anchor": anchor });
      label.textContent = text;
      svg.append(label);
    };
    tick(left - 4, y(0) + 3, "0", "end");
    tick(left - 4, y(max) + 3, String(max), "end");
    tick(x(0), height - 6, "0", "middle");
    tick(x(n), height - 6, String(positions.length - 1), "middle");
    for (const player of [0, 1]) {
      const points = positions.map((p, t) => `${x(t).toFixed(1)},${y(p.s[player]).toFixed(1)}`).join(" ");
      svg.append(svgEl("polyline", { class: "line" + (player + 1), points }));
    }
    if (positions.length <= 150) {
      positions.forEach((p, t) => {
        svg.append(svgEl("circle", { class: "dot1", cx: x(t), cy: y(p.s[0]), r: 2.2 }));
        svg.append(svgEl("rect", { class: "dot2", x: x(t) - 2, y: y(p.s[1]) - 2, width: 4, height: 4 }));
      });
    }
    view.cursor = svgEl("line", { class: "cursor", x1: 0, y1: top, x2: 0, y2: y(0) });
    view.chartX = x;
    svg.append(view.cursor);
    svg.addEventListener("click", (event) => {
      const box = svg.getBoundingClientRect();
      const at = ((event.clientX - box.left) / box.width) * width;
      setTurn(Math.round(((at - left) / (width - left - right)) * n));
    });
    $("chart").replaceChildren(svg);
    const legend = $("chart-legend");
    legend.replaceChildren(span("key1", g.players[0]), " ", span("key2", g.players[1]));
  }

  function buildVerdict(g) {
    const box = $("verdict");
    box.replaceChildren();
    const verdict = g.verdict;
    if (!verdict) return;
    box.append(el("h3", {}, "Verdict: " + verdict.status));
    box.append(el("p", { class: "explanation" }, verdict.explanation));
    const groups = verdict.groups || [[], []];
    if (groups[0].length || groups[1].length) {
      const cascade = el("div", { class: "cascade", "aria-label": "group sizes, largest first" });
      for (const player of [0, 1]) {
        cascade.append(span("mark" + (player + 1), g.owners[player]));
        const list = el("ol");
        groups[player].forEach((size, i) => {
          const item = el("li", {}, String(size));
          if (i === verdict.decidedAt) {
            item.classList.add("decides");
            item.title = "the comparison is decided here";
          }
          list.append(item);
        });
        cascade.append(list);
      }
      box.append(cascade);
    }
    if (g.endgame) box.append(el("p", { class: "endgame" }, "Endgame: " + g.endgame.explanation));
    if (g.review) {
      box.append(el("h3", { class: "review-head" }, "Review"));
      for (const line of g.review.summary) box.append(el("p", { class: "review-line" }, line));
    }
    for (const warning of g.warnings || []) box.append(el("p", { class: "why" }, "warning: " + warning));
  }

  // ------------------------------------------------------------------------------------------
  // The review: the chance of winning under the board, the best line of each position

  const JUDGEMENT_MARKS = { inaccuracy: "?!", mistake: "?", blunder: "??" };

  function buildWinChart(g) {
    const review = g.review;
    const width = 640;
    const height = 170;
    const left = 34;
    const right = 10;
    const top = 10;
    const bottom = 22;
    const n = Math.max(1, review.win.length - 1);
    const x = (t) => left + ((width - left - right) * t) / n;
    const y = (v) => top + (height - top - bottom) * (1 - v);
    const svg = svgEl("svg", { viewBox: `0 0 ${width} ${height}`, role: "img" });
    const last = review.win[review.win.length - 1];
    const judged = review.turns.filter((turn) => turn.c).length;
    svg.setAttribute(
      "aria-label",
      `${g.players[0]}'s chance of winning over ${n} turns` +
        (last !== null ? `; at the end ${Math.round(last * 100)}%` : "") +
        (review.decided !== null ? `; decided at turn ${review.decided}` : "") +
        `; ${judged} turn${judged === 1 ? "" : "s"} classed`,
    );
    svg.append(svgEl("line", { class: "axis", x1: left, y1: y(0), x2: width - right, y2: y(0) }));
    svg.append(svgEl("line", { class: "axis", x1: left, y1: y(1), x2: left, y2: y(0) }));
    svg.append(svgEl("line", { class: "even", x1: left, y1: y(0.5), x2: width - right, y2: y(0.5) }));
    const tick = (tx, ty, text, anchor) => {
      const label = svgEl("text", { class: "tick", x: tx, y: ty, "text-anchor": anchor });
      label.textContent = text;
      svg.append(label);
    };
    tick(left - 4, y(1) + 4, "100%", "end");
    tick(left - 4, y(0.5) + 4, "50%", "end");
    tick(left - 4, y(0) + 4, "0%", "end");
    tick(x(0), height - 6, "0", "middle");
    tick(x(n), height - 6, String(n), "middle");
    if (review.decided !== null) {
      svg.append(svgEl("line", { class: "decided", x1: x(review.decided), y1: y(1), x2: x(review.decided), y2: y(0) }));
      tick(x(review.decided), y(1) - 1, "decided", "middle");
    }
    // The engine's intervals as a band, one piece per run of estimated positions.
    let run = [];
    const band = () => {
      if (run.length > 1) {
        const upper = run.map((t) => `${x(t).toFixed(1)},${y(review.hi[t]).toFixed(1)}`);
        const lower = run.map((t) => `${x(t).toFixed(1)},${y(review.lo[t]).toFixed(1)}`).reverse();
        svg.append(svgEl("polygon", { class: "band", points: upper.concat(lower).join(" ") }));
      }
      run = [];
    };
    review.win.forEach((v, t) => {
      if (v !== null && !review.exact[t]) run.push(t);
      else band();
    });
    band();
    let points = [];
    const stroke = () => {
      if (points.length > 1) svg.append(svgEl("polyline", { class: "win-line", points: points.join(" ") }));
      points = [];
    };
    review.win.forEach((v, t) => {
      if (v === null) return stroke();
      points.push(`${x(t).toFixed(1)},${y(v).toFixed(1)}`);
    });
    stroke();
    review.win.forEach((v, t) => {
      if (v === null) return;
      if (review.exact[t]) svg.append(svgEl("rect", { class: "proven", x: x(t) - 2.5, y: y(v) - 2.5, width: 5, height: 5 }));
    });
    review.turns.forEach((turn, i) => {
      if (!turn.c) return;
      const tx = x(i + 1);
      const mark = svgEl("path", { class: "judged " + turn.c, d: `M${tx - 4},${y(0) + 8} L${tx + 4},${y(0) + 8} L${tx},${y(0) + 1} Z` });
      const title = svgEl("title");
      title.textContent = `turn ${i + 1}: ${turn.c}`;
      mark.append(title);
      svg.append(mark);
    });
    view.winCursor = svgEl("line", { class: "cursor", x1: 0, y1: y(1), x2: 0, y2: y(0) });
    view.winX = x;
    svg.append(view.winCursor);
    svg.addEventListener("click", (event) => {
      const box = svg.getBoundingClientRect();
      const at = ((event.clientX - box.left) / box.width) * width;
      setTurn(Math.round(((at - left) / (width - left - right)) * n));
    });
    $("win-chart").replaceChildren(svg);
    const legend = $("win-legend");
    legend.replaceChildren(
      span("key-win", g.players[0] + "'s chance of winning"),
      " · ",
      span("key-band", "the engine's interval"),
      " · ",
      span("key-proven", "proven"),
      judged ? " · " : "",
      judged ? span("key-judged", "classed turns") : "",
    );
  }

  function valueWords(v, t) {
    const review = view.g.review;
    if (review.win[t] === null) return "not valued";
    if (review.exact[t]) return v >= 0.999 ? "a win (proven)" : v <= 0.001 ? "a loss (proven)" : "a draw (proven)";
    return `${Math.round(v * 100)}% (${Math.round(review.lo[t] * 100)}-${Math.round(review.hi[t] * 100)})`;
  }

  function describeReview(box, t, upto) {
    const g = view.g;
    const review = g.review;
    if (t > 0 && t <= review.turns.length) {
      const turn = review.turns[t - 1];
      const line = el("p", { class: "review" });
      line.append(`For ${g.players[g.moves[t - 1].p - 1]}: ${turn.b} before, ${turn.a} after`);
      if (turn.c) line.append(" — ", el("strong", { class: "judgement " + turn.c }, turn.c), ` (loss ${turn.l.toFixed(2)})`);
      else if (turn.l) line.append(` (loss ${turn.l.toFixed(2)})`);
      if (turn.bp) line.append("; the best turn.");
      else if (turn.best) line.append("; best was ", span("move", turn.best), ".");
      box.append(line);
    }
    const p = g.pos[upto];
    if (!p.over) box.append(el("p", { class: "review" }, `${g.players[0]}'s chance of winning here: ${valueWords(review.win[upto], upto)}`));
  }

  function buildLine(t) {
    const g = view.g;
    const steps = g.review.lines[t] || [];
    const box = $("line-box");
    box.hidden = steps.length === 0;
    if (!steps.length) return;
    $("line-from").textContent = `From the position after turn ${t} (${g.players[g.pos[t].to - 1]} to move):`;
    const list = $("line");
    list.replaceChildren(
      ...steps.map((step, k) => {
        const button = el("button", { type: "button", "data-step": String(k + 1) });
        button.append(span("num", k + 1 + "."), span("mark" + step.p + " who", (g.sides || g.players)[step.p - 1]), " ", span("move", step.m));
        const item = el("li");
        item.append(button);
        return item;
      }),
    );
    $("line-back").hidden = true;
  }

  function showLine(step) {
    const t = view.turn;
    const g = view.g;
    const upto = Math.min(t, g.pos.length - 1);
    const steps = g.review.lines[upto] || [];
    const k = Math.max(1, Math.min(steps.length, step));
    view.line = { from: upto, step: k };
    drawBoard(t, upto);
    const extra = document.createDocumentFragment();
    for (let i = 0; i < k; i++) {
      for (const colour of [1, 2]) for (const index of steps[i].add[colour - 1]) placeLineStone(extra, colour, index, i + 1);
    }
    view.stones.append(extra);
    view.captions.forEach((text, i) => {
      if (i === 0) text.textContent = `${g.brief || g.variant}, after turn ${upto}, best line to step ${k} of ${steps.length}`;
    });
    for (const button of $("line").querySelectorAll("button")) {
      if (Number(button.dataset.step) === k) button.setAttribute("aria-current", "step");
      else button.removeAttribute("aria-current");
    }
    $("line-back").hidden = false;
    $("turn-label").textContent = `Turn ${t}: best line, step ${k} of ${steps.length}`;
  }

  function placeLineStone(parent, colour, index, number) {
    const lk = view.lk;
    const [x, y] = lk.xy[index];
    const stone = svgEl("circle", lk.stone[colour - 1]);
    stone.setAttribute("class", "stone stone-c" + colour + " variation");
    stone.setAttribute("data-cell", lk.cells[index]);
    stone.setAttribute("cx", x);
    stone.setAttribute("cy", y);
    parent.append(stone);
    const label = svgEl("text", {
      class: "line-number " + lk.ink[colour - 1],
      x,
      y,
      "text-anchor": "middle",
      "dominant-baseline": "central",
    });
    label.textContent = String(number);
    parent.append(label);
  }

  // ------------------------------------------------------------------------------------------
  // Showing one turn

  function setTurn(turn) {
    if (!view || !view.g.pos || !view.g.pos.length) return;
    const t = Math.max(0, Math.min(view.last, Number.isFinite(turn) ? turn : view.start));
    view.turn = t;
    view.line = null;
    const g = view.g;
    const upto = Math.min(t, g.pos.length - 1);
    if (view.svg) drawBoard(t, upto);
    if (g.family === "numbers") drawNumbers(upto);
    const label = `Turn ${t} of ${view.last}` + (t === view.failing ? " (illegal)" : "");
    $("slider").value = String(t);
    $("slider").setAttribute("aria-valuetext", label);
    $("turn-label").textContent = label;
    $("first").disabled = $("prev").disabled = t === 0;
    $("next").disabled = $("last").disabled = t === view.last;
    describe(t, upto);
    if (view.current) view.current.removeAttribute("aria-current");
    view.current = view.moveButtons[t];
    view.current.setAttribute("aria-current", "step");
    scrollIntoList();
    const cx = view.chartX(upto);
    view.cursor.setAttribute("x1", cx);
    view.cursor.setAttribute("x2", cx);
    if (g.review) {
      const wx = view.winX(upto);
      view.winCursor.setAttribute("x1", wx);
      view.winCursor.setAttribute("x2", wx);
      buildLine(upto);
    }
    writeHash(t);
  }

  // Keeps the current move in sight inside the list (never scrolling the page), once a frame:
  // reading positions forces a layout, which the next frame does anyway.
  let scrollPending = false;
  function scrollIntoList() {
    if (scrollPending) return;
    scrollPending = true;
    requestAnimationFrame(() => {
      scrollPending = false;
      if (!view || !view.current) return;
      const list = $("moves");
      const item = view.current.parentElement;
      if (item.offsetTop < list.scrollTop) list.scrollTop = item.offsetTop;
      else if (item.offsetTop + item.offsetHeight > list.scrollTop + list.clientHeight)
        list.scrollTop = item.offsetTop + item.offsetHeight - list.clientHeight;
    });
  }

  function drawBoard(t, upto) {
    const g = view.g;
    const stones = document.createDocumentFragment();
    for (let i = 1; i <= upto; i++) {
      const added = g.pos[i].add;
      for (const colour of [1, 2]) for (const index of added[colour - 1]) placeStone(stones, colour, index, i === upto);
    }
    view.stones.replaceChildren(stones);
    for (const cell of view.marked) cell.classList.remove("offending");
    view.marked = [];
    if (t === view.failing) {
      const occupied = new Set();
      for (let i = 1; i <= upto; i++) for (const added of g.pos[i].add) for (const index of added) occupied.add(index);
      const mover = g.moves[t - 1].p;
      const ghosts = document.createDocumentFragment();
      for (const index of g.error.mark || []) {
        const cell = view.cells[index];
        cell.classList.add("offending");
        cell.parentNode.append(cell); // drawn last, so that no neighbour's edge covers the mark
        view.marked.push(cell);
        if (!occupied.has(index)) ghosts.append(ghost(mover, index));
      }
      view.stones.append(ghosts);
    }
    const p = g.pos[upto];
    const status = p.over ? "game over" : p.to ? g.players[p.to - 1] + " to move" : "";
    const lines = [`${g.brief || g.variant}, after turn ${upto}` + (status ? ": " + status : "")];
    for (const i of [0, 1]) lines.push(`${g.owners[i]}: ${g.scoreName} ${p.s[i]}, groups ${p.g[i]}`);
    view.captions.forEach((text, i) => {
      text.textContent = lines[i] || "";
    });
    if (view.title) view.title.textContent = `${g.variant} after turn ${upto}`;
  }

  // A stone the illegal turn tried to place: faint and dashed, and not a "stone" (it was never placed).
  function ghost(colour, index) {
    const lk = view.lk;
    const circle = svgEl("circle", lk.stone[colour - 1]);
    circle.setAttribute("class", "attempted");
    circle.setAttribute("cx", lk.xy[index][0]);
    circle.setAttribute("cy", lk.xy[index][1]);
    circle.removeAttribute("data-colour");
    return circle;
  }

  function placeStone(parent, colour, index, last) {
    const lk = view.lk;
    const [x, y] = lk.xy[index];
    const stone = svgEl("circle", lk.stone[colour - 1]);
    stone.setAttribute("class", "stone stone-c" + colour + (last ? " last" : ""));
    stone.setAttribute("data-cell", lk.cells[index]);
    stone.setAttribute("cx", x);
    stone.setAttribute("cy", y);
    parent.append(stone);
    if (last) {
      const mark = svgEl("circle", lk.mark);
      mark.setAttribute("class", "last-mark");
      mark.setAttribute("cx", x);
      mark.setAttribute("cy", y);
      parent.append(mark);
    }
    if (view.letters) {
      // Below the last-turn dot when there is one, so that both stay readable.
      const letter = svgEl("text", {
        class: "stone-letter " + lk.ink[colour - 1],
        x,
        y: last ? Number(y) + 8.5 : y,
        "text-anchor": "middle",
        "dominant-baseline": "central",
        "aria-hidden": "true",
      });
      if (last) letter.style.fontSize = "9px";
      letter.textContent = lk.letters[colour - 1];
      parent.append(letter);
    }
  }

  function drawNumbers(upto) {
    const g = view.g;
    const box = $("numbers");
    const taken = new Map();
    for (let i = 0; i < upto; i++) {
      for (const word of g.moves[i].m.split(" ")) if (word !== "pass") taken.set(Number(word), g.moves[i].p);
    }
    const all = g.pos[0].rem;
    const list = el("ol", { "aria-label": "the numbers; remaining ones plain, taken ones marked by who took them" });
    for (const number of all) {
      const item = el("li", {}, String(number));
      const by = taken.get(number);
      if (by) {
        item.classList.add("taken" + by);
        item.title = "taken by " + g.players[by - 1];
        item.textContent = number + (by === 1 ? "●" : "■");
      }
      list.append(item);
    }
    const p = g.pos[upto];
    box.replaceChildren(
      el("p", {}, `Remaining: {${p.rem.join(", ")}}`),
      list,
      el("p", { class: "groups" }, `${g.players[0]} ${p.s[0]} · ${g.players[1]} ${p.s[1]}`),
    );
  }

  function describe(t, upto) {
    const g = view.g;
    const p = g.pos[upto];
    const box = $("position");
    box.replaceChildren();
    const who = (player) => span("who mark" + player, g.players[player - 1]);
    const head = el("p");
    if (t === 0) {
      head.append(el("strong", {}, "Start"), g.family === "hex" ? ": the empty board." : ".");
    } else {
      const move = g.moves[t - 1];
      head.append(el("strong", {}, "Turn " + t + ": "), who(move.p), " played ", span("move", move.m));
      if (t === view.failing) head.append(" — ", el("strong", { class: "illegal" }, "not allowed: " + g.error.message));
    }
    box.append(head);
    if (t === view.failing && p.allow) {
      box.append(el("p", { class: "why" }, "The player was allowed " + p.allow + ": " + p.why));
    }
    if (g.family === "hex") {
      for (const i of [0, 1]) {
        const line = el("p", { class: "groups" });
        line.append(span("mark" + (i + 1), g.owners[i]), `: ${g.scoreName} ${p.s[i]}, groups ${p.g[i]}`);
        box.append(line);
      }
    }
    if (t === view.failing) return;
    if (g.review) describeReview(box, t, upto);
    if (p.over) {
      box.append(el("p", {}, "Game over."));
    } else if (p.to) {
      const next = el("p");
      next.append(who(p.to), " to move");
      if (p.allow) next.append(": may place " + p.allow + " ", span("why", "(" + p.why + ")"));
      box.append(next);
    }
  }

  // ------------------------------------------------------------------------------------------
  // The table of games (reports)

  // The table's rows, parsed off the <noscript> table: all of them, sorted, and those the filters
  // let through; one page of those is in the document at a time.
  const list = { rows: [], shown: [], page: 0 };

  function initList() {
    const table = $("games");
    const source = $("rows");
    if (!table || !source) return;
    const parsed = document.createElement("template");
    parsed.innerHTML = source.textContent;
    list.rows = Array.from(parsed.content.querySelectorAll("tbody tr"));
    list.shown = list.rows;
    table.hidden = false;
    document.querySelector(".filters").hidden = false;
    const headers = Array.from(table.tHead.rows[0].cells);
    headers.forEach((th, column) => {
      th.querySelector("button").addEventListener("click", () => {
        const ascending = th.getAttribute("aria-sort") !== "ascending";
        for (const other of headers) other.removeAttribute("aria-sort");
        th.setAttribute("aria-sort", ascending ? "ascending" : "descending");
        sortRows(column, ascending);
        applyFilters();
      });
    });
    $("filter").addEventListener("input", applyFilters);
    $("status-filter").addEventListener("change", applyFilters);
    $("page-prev").addEventListener("click", () => showPage(list.page - 1));
    $("page-next").addEventListener("click", () => showPage(list.page + 1));
    showPage(0);
  }

  function sortRows(column, ascending) {
    const keyed = list.rows.map((row) => {
      const cell = row.cells[column];
      const v = cell.dataset.v !== undefined ? cell.dataset.v : cell.textContent;
      return [v !== "" && !isNaN(v) ? Number(v) : v.toLowerCase(), Number(row.dataset.n), row];
    });
    keyed.sort((a, b) => {
      let order = 0;
      if (typeof a[0] === typeof b[0]) order = a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0;
      else order = typeof a[0] === "number" ? -1 : 1;
      return (ascending ? order : -order) || a[1] - b[1];
    });
    list.rows = keyed.map((item) => item[2]);
  }

  function applyFilters() {
    const words = $("filter").value.trim().toLowerCase();
    const outcome = $("status-filter").value;
    list.shown = list.rows.filter(
      (row) => (!outcome || row.dataset.outcome === outcome) && (!words || row.textContent.toLowerCase().includes(words)),
    );
    showPage(0);
  }

  function showPage(number) {
    const size = page.pageRows;
    const pages = Math.max(1, Math.ceil(list.shown.length / size));
    list.page = Math.max(0, Math.min(pages - 1, number));
    const start = list.page * size;
    const rows = list.shown.slice(start, start + size);
    $("games").tBodies[0].replaceChildren(...rows);
    const filtered = list.shown.length === list.rows.length ? "" : ` (filtered from ${list.rows.length})`;
    $("page-info").textContent = list.shown.length
      ? `records ${start + 1}-${start + rows.length} of ${list.shown.length}${filtered}`
      : `no records of ${list.rows.length} match`;
    $("pager").hidden = pages === 1 && !filtered;
    $("page-prev").disabled = list.page === 0;
    $("page-next").disabled = list.page === pages - 1;
  }

  function showList() {
    routing++;
    document.title = page.title;
    $("game").hidden = true;
    $("list").hidden = false;
    if (lastOpened === null) return;
    const at = list.shown.findIndex((row) => Number(row.dataset.n) === lastOpened);
    if (at < 0) return;
    showPage(Math.floor(at / page.pageRows));
    const row = list.shown[at];
    for (const old of document.querySelectorAll("#games tr.visited")) old.classList.remove("visited");
    row.classList.add("visited");
    row.querySelector("a").focus({ preventScroll: true });
    row.scrollIntoView({ block: "center" });
  }

  // ------------------------------------------------------------------------------------------
  // Controls and keys

  function step(by) {
    if (view && view.turn !== null) setTurn(view.turn + by);
  }

  function initControls() {
    $("controls").hidden = false;
    $("first").addEventListener("click", () => setTurn(0));
    $("prev").addEventListener("click", () => step(-1));
    $("next").addEventListener("click", () => step(1));
    $("last").addEventListener("click", () => setTurn(view.last));
    $("slider").addEventListener("input", (event) => setTurn(Number(event.target.value)));
    $("moves").addEventListener("click", (event) => {
      const button = event.target.closest("button[data-turn]");
      if (button && !button.disabled) setTurn(Number(button.dataset.turn));
    });
    $("line").addEventListener("click", (event) => {
      const button = event.target.closest("button[data-step]");
      if (button) showLine(Number(button.dataset.step));
    });
    $("line-back").addEventListener("click", () => setTurn(view.turn));
    $("letters").addEventListener("change", (event) => {
      view.letters = event.target.checked;
      const line = view.line;
      setTurn(view.turn);
      if (line) showLine(line.step);
    });
    document.addEventListener("keydown", (event) => {
      if (!view || $("game").hidden || event.altKey || event.ctrlKey || event.metaKey) return;
      const target = event.target;
      if (target.closest && target.closest("input, select, textarea")) return; // the slider has its own keys
      const moves = {
        ArrowLeft: () => step(-1),
        ArrowRight: () => step(1),
        PageUp: () => step(-10),
        PageDown: () => step(10),
        Home: () => setTurn(0),
        End: () => setTurn(view.last),
        Escape: () => {
          if (page.mode === "report") location.hash = "";
        },
      };
      const line = view.line;
      const inLine = line && {
        ArrowLeft: () => (line.step > 1 ? showLine(line.step - 1) : setTurn(view.turn)),
        ArrowRight: () => showLine(line.step + 1),
        Escape: () => setTurn(view.turn),
      };
      const action = (inLine && inLine[event.key]) || moves[event.key];
      if (!action) return;
      event.preventDefault();
      action();
    });
    window.addEventListener("hashchange", route);
  }

  initControls();
  initList();
  route();
})();
