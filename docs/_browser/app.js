/* catchup-notation in the browser: the page. It takes what a person drops, chooses or pastes,
   hands it to the worker (worker.js, where the library runs) and shows what the worker says:
   each record's verdict, the viewer of the one picked, conversions and reports as downloads.
   Nothing here judges a record: every word shown about one is the library's. */
"use strict";

(() => {
  const app = document.getElementById("catchup-app");
  if (!app) return;
  const $ = (id) => document.getElementById(id);
  const ROWS = 100; // records shown at a time
  const worker = new Worker(new URL("worker.js", document.currentScript.src));
  const records = []; // the summaries the worker sent, by number
  const pending = []; // what was given before Python was ready
  let ready = false;
  let firstPage = 0;
  let onlyProblems = false;
  let chosen = null; // the record shown in the viewer
  const reviews = new Map(); // the reviews made, by record number
  let reviewing = null; // the record being reviewed
  let pastes = 0;
  let generation = 0; // how many times the records were forgotten: older messages are passed over
  const begun = performance.now();

  function post(message) {
    if (ready) worker.postMessage(message);
    else pending.push(message);
  }

  function status(text, kind = "") {
    $("app-status").textContent = text;
    $("app-status").dataset.kind = kind;
  }

  // -- what the worker says -----------------------------------------------------------------

  const answers = {
    ready(message) {
      ready = true;
      app.dataset.state = "ready";
      const seconds = ((performance.now() - begun) / 1000).toFixed(1);
      status(`Ready: catchup-notation ${message.version} runs in this page (loaded in ${seconds} s).`, "ok");
      const select = $("format");
      for (const { name, extension } of message.formats) {
        const option = document.createElement("option");
        option.value = name;
        option.textContent = `${name} (${extension})`;
        select.append(option);
      }
      sendOptions();
      for (const message of pending.splice(0)) worker.postMessage(message);
    },
    failed(message) {
      app.dataset.state = "failed";
      status(`Python could not be started in this page: ${message.message}`, "error");
    },
    records(message) {
      if (message.generation !== generation) return;
      for (const record of message.records) records[record.n] = record;
      showProgress(message);
      showCounts();
      showRows();
      if (chosen === null && records.length) choose(0);
    },
    page(message) {
      if (message.n !== chosen || reviews.has(message.n)) return;
      $("viewer").srcdoc = message.html;
    },
    reviewing(message) {
      if (message.generation !== generation || message.n !== chosen) return;
      const note = $("review-note");
      note.textContent = `Reviewing: position ${message.done} of ${message.total} valued.`;
      note.dataset.kind = "";
    },
    review(message) {
      if (message.generation !== generation) return;
      reviewing = null;
      reviews.set(message.n, message);
      if (message.n === chosen) showReview(message);
      else if (chosen !== null) $("review").disabled = !records[chosen].readable;
    },
    export(message) {
      const said = [];
      if (message.text !== null) {
        download(message.name, message.text);
        said.push(`Wrote ${message.name}: ${message.written} record${message.written === 1 ? "" : "s"}.`);
      } else {
        said.push("Nothing was written.");
      }
      if (message.skipped.length) said.push(`Not converted: ${message.skipped.join("; ")}.`);
      if (message.warnings.length) said.push(`Not carried: ${message.warnings.join("; ")}.`);
      const note = $("export-note");
      note.textContent = said.join(" ");
      note.dataset.kind = message.text === null ? "error" : message.skipped.length || message.warnings.length ? "warning" : "ok";
    },
    reports(message) {
      download(`${message.command}.jsonl`, message.text);
    },
    error(message) {
      status(message.message, "error");
      $("progress-box").hidden = true;
    },
  };

  worker.onmessage = ({ data }) => answers[data.type](data);
  worker.onerror = (event) => answers.failed({ message: event.message || "the worker could not start" });

  // -- giving it records --------------------------------------------------------------------

  function sendOptions() {
    post({ type: "options", variant: $("variant").value.trim(), corrections: $("corrections").value });
  }

  function give(files) {
    if (!files.length) return;
    post({ type: "files", files });
    showProgress({ done: false, input: files[0].path.split("/")[0], bytes: 0, size: 0 });
  }

  /** The files of a drop: folders walked, each file with its path inside what was dropped. */
  async function dropped(transfer) {
    const entries = [...transfer.items].map((item) => item.webkitGetAsEntry && item.webkitGetAsEntry()).filter(Boolean);
    if (!entries.length) return [...transfer.files].map((file) => ({ path: file.name, file }));
    const files = [];
    async function walk(entry, path) {
      if (entry.isFile) {
        files.push({ path, file: await new Promise((resolve, reject) => entry.file(resolve, reject)) });
        return;
      }
      const reader = entry.createReader();
      for (;;) {
        const batch = await new Promise((resolve, reject) => reader.readEntries(resolve, reject));
        if (!batch.length) break;
        for (const child of batch) await walk(child, `${path}/${child.name}`);
      }
    }
    for (const entry of entries) await walk(entry, entry.name);
    return files;
  }

  const drop = $("drop");
  drop.addEventListener("dragover", (event) => {
    event.preventDefault();
    drop.classList.add("over");
  });
  drop.addEventListener("dragleave", () => drop.classList.remove("over"));
  drop.addEventListener("drop", async (event) => {
    event.preventDefault();
    drop.classList.remove("over");
    give(await dropped(event.dataTransfer));
  });
  $("files").addEventListener("change", (event) => {
    give([...event.target.files].map((file) => ({ path: file.name, file })));
    event.target.value = "";
  });
  $("folder").addEventListener("change", (event) => {
    give([...event.target.files].map((file) => ({ path: file.webkitRelativePath || file.name, file })));
    event.target.value = "";
  });
  $("read-paste").addEventListener("click", () => {
    const text = $("paste").value;
    if (!text.trim()) return;
    pastes += 1;
    const name = pastes === 1 ? "pasted" : `pasted-${pastes}`;
    post({ type: "text", text, name });
    showProgress({ done: false, input: name, bytes: 0, size: 0 });
  });
  $("variant").addEventListener("change", sendOptions);
  $("corrections").addEventListener("change", sendOptions);

  // -- showing what was read ----------------------------------------------------------------

  function megabytes(bytes) {
    return (bytes / 1e6).toFixed(bytes < 1e7 ? 1 : 0);
  }

  function showProgress({ done, input, bytes, size }) {
    const box = $("progress-box");
    box.hidden = done;
    if (done) return;
    const bar = $("progress");
    if (size > 0) {
      bar.max = size;
      bar.value = Math.min(bytes, size);
    } else {
      bar.removeAttribute("value"); // a pasted text, or a zip archive: how far is not known
    }
    const count = records.length;
    const part = size > 0 ? `, ${megabytes(bytes)} of ${megabytes(size)} MB` : "";
    $("progress-text").textContent = `Reading ${input}: ${count} record${count === 1 ? "" : "s"} so far${part}`;
  }

  function tally(key) {
    const counts = new Map();
    for (const record of records) counts.set(record.outcome[key], (counts.get(record.outcome[key]) || 0) + 1);
    return [...counts].map(([word, count]) => `${count} ${word}`).join(", ");
  }

  function showCounts() {
    const total = records.length;
    $("counts").textContent = `${total} record${total === 1 ? "" : "s"}: ${tally("verify")}; ${tally("adjudicate")}`;
    $("results").hidden = total === 0;
  }

  function problem(record) {
    return record.outcome.verify !== "valid" || [...record.lines, ...record.verdict].some(([kind]) => kind !== "ok" && kind !== "plain");
  }

  function shown() {
    return onlyProblems ? records.filter(problem) : records;
  }

  function cell(row, text, className) {
    const td = document.createElement("td");
    td.textContent = text;
    if (className) td.className = className;
    row.append(td);
    return td;
  }

  function showRows() {
    const list = shown();
    if (firstPage >= list.length) firstPage = Math.max(0, Math.floor((list.length - 1) / ROWS) * ROWS);
    const body = $("records").tBodies[0];
    const rows = list.slice(firstPage, firstPage + ROWS).map((record) => {
      const row = document.createElement("tr");
      row.dataset.n = record.n;
      row.dataset.outcome = record.outcome.verify;
      if (record.n === chosen) row.setAttribute("aria-selected", "true");
      const source = record.source === null ? "text" : record.source;
      const open = document.createElement("button");
      open.type = "button";
      open.className = "open";
      open.textContent = `${source} #${record.index}`;
      open.addEventListener("click", () => choose(record.n));
      const about = cell(row, "", "record");
      const meta = document.createElement("div");
      meta.className = "meta";
      const turns = record.turns === null ? "" : `, ${record.turns} turn${record.turns === 1 ? "" : "s"}`;
      meta.textContent = `${record.players.map((name) => name ?? "?").join(" vs ")}; ${record.variant ?? "no variant"}${turns}`;
      about.append(open, meta);
      cell(row, record.outcome.adjudicate, "outcome");
      const words = cell(row, "", "verdict");
      for (const [command, lines] of [["verify", record.lines], ["adjudicate", record.verdict]]) {
        for (const [kind, text] of lines) {
          const line = document.createElement("div");
          line.className = `line ${kind}`;
          line.dataset.command = command;
          line.textContent = text;
          words.append(line);
        }
      }
      return row;
    });
    body.replaceChildren(...rows);
    const last = Math.min(firstPage + ROWS, list.length);
    $("page-info").textContent = list.length ? `records ${firstPage + 1}-${last} of ${list.length}` : "no records";
    $("page-prev").disabled = firstPage === 0;
    $("page-next").disabled = last >= list.length;
    $("pages").hidden = list.length <= ROWS;
  }

  $("page-prev").addEventListener("click", () => {
    firstPage = Math.max(0, firstPage - ROWS);
    showRows();
  });
  $("page-next").addEventListener("click", () => {
    firstPage += ROWS;
    showRows();
  });
  $("only-problems").addEventListener("change", (event) => {
    onlyProblems = event.target.checked;
    firstPage = 0;
    showRows();
  });

  /** A review's words under the record, and its graph in the viewer. */
  function showReview(review) {
    const box = $("review-lines");
    box.replaceChildren(
      ...review.lines.map(([kind, text]) => {
        const line = document.createElement("div");
        line.className = `line ${kind}`;
        line.textContent = text;
        return line;
      }),
    );
    box.hidden = false;
    const note = $("review-note");
    note.textContent = review.html === null ? "This record cannot be reviewed." : "Reviewed: the graph is under the board.";
    note.dataset.kind = review.html === null ? "error" : "ok";
    $("review").disabled = true;
    $("download-review").hidden = false;
    if (review.html !== null) $("viewer").srcdoc = review.html;
  }

  function choose(n) {
    chosen = n;
    const record = records[n];
    const source = record.source === null ? "text" : record.source;
    $("record").hidden = false;
    $("record-title").textContent = `${source} #${record.index}: ${record.players.map((name) => name ?? "?").join(" vs ")}`;
    $("export-note").textContent = "";
    $("download-one").disabled = !record.readable;
    for (const row of $("records").tBodies[0].rows) row.toggleAttribute("aria-selected", Number(row.dataset.n) === n);
    $("viewer").removeAttribute("srcdoc");
    $("review-lines").hidden = true;
    $("download-review").hidden = true;
    $("review-note").textContent = reviewing === n ? "Reviewing..." : "";
    $("review").disabled = !record.readable || reviewing !== null; // one review at a time
    if (reviews.has(n)) showReview(reviews.get(n));
    else post({ type: "page", n });
  }

  $("forget").addEventListener("click", () => {
    generation += 1;
    post({ type: "forget" });
    records.length = 0;
    reviews.clear();
    reviewing = null;
    chosen = null;
    firstPage = 0;
    $("record").hidden = true;
    $("viewer").removeAttribute("srcdoc");
    $("progress-box").hidden = true;
    showCounts();
    showRows();
  });

  // -- downloads ----------------------------------------------------------------------------

  function download(name, text) {
    const url = URL.createObjectURL(new Blob([text], { type: "text/plain;charset=utf-8" }));
    const link = document.createElement("a");
    link.href = url;
    link.download = name;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10000);
  }

  $("download-one").addEventListener("click", () => post({ type: "export", n: chosen, format: $("format").value }));
  $("download-all").addEventListener("click", () => post({ type: "export", n: null, format: $("format").value }));
  $("review").addEventListener("click", () => {
    reviewing = chosen;
    $("review").disabled = true;
    $("review-note").textContent = "Reviewing...";
    post({ type: "review", n: chosen });
  });
  $("download-review").addEventListener("click", () => {
    const review = reviews.get(chosen);
    download(review.name, review.json);
  });
  $("download-verify").addEventListener("click", () => post({ type: "reports", command: "verify" }));
  $("download-adjudicate").addEventListener("click", () => post({ type: "reports", command: "adjudicate" }));

  app.dataset.state = "loading";
  status("Starting Python in this page: the first visit downloads it (see below); later visits take it from the browser's cache.");
})();
