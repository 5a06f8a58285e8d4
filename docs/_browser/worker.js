/* catchup-notation in the browser: the worker. It runs Python (Pyodide, served beside this file)
   with the library, away from the page, so that reading a large file never freezes the page.

   The page sends it files, text and questions; it answers with messages (see app.js). Records are
   read a slice at a time (Session.step in catchup_notation/browser.py): after each slice it posts
   what was read and how far it got, and answers the page's questions before the next slice. */
"use strict";

importScripts("pyodide/pyodide.js");

const SLICE = 0.1; // seconds of reading between two progress messages
let py = null;
let browser = null; // the module catchup_notation.browser
let session = null; // the Session, and its methods as called (one proxy each, kept)
let calls = null;
let dumps = null; // Python's json.dumps: answers cross as JSON, so None stays null
let inboxes = 0; // folders under /inbox, one for each drop or paste
let mounted = []; // those that are the dropped files themselves
let reading = false;
let generation = 0; // how many times the page said to forget: its messages carry it

const started = (async () => {
  const begun = performance.now();
  py = await loadPyodide({
    indexURL: new URL("pyodide/", self.location.href).href,
    packages: ["catchup-notation"], // and what it needs, by the site's own pyodide-lock.json
    // The compiled core is not in the page's wheel: the pure-Python reference runs, as asked.
    env: { CATCHUP_PURE: "1" },
    stdout: (text) => console.log(text),
    stderr: (text) => console.warn(text),
  });
  const loaded = performance.now();
  browser = py.pyimport("catchup_notation.browser");
  dumps = py.pyimport("json").dumps;
  fresh();
  py.FS.mkdir("/inbox");
  postMessage({
    type: "ready",
    seconds: (performance.now() - begun) / 1000,
    pythonSeconds: (loaded - begun) / 1000,
    version: py.runPython("import catchup_notation; catchup_notation.__version__"),
    formats: answer(browser.formats),
  });
})().catch((error) => postMessage({ type: "failed", message: String(error && error.message || error) }));

/** A new session: nothing read yet. */
function fresh() {
  if (calls !== null) for (const method of Object.values(calls)) method.destroy();
  if (session !== null) session.destroy();
  session = browser.Session();
  calls = {
    step: session.step,
    add: session.add,
    page: session.page,
    export: session.export,
    reports: session.reports,
    review: session.review,
  };
}

/** What Python gives back, as plain data. */
function answer(method, ...args) {
  const result = method(...args);
  try {
    return JSON.parse(dumps(result));
  } finally {
    if (result && typeof result.destroy === "function") result.destroy();
  }
}

/** The last line of a Python error (its traceback is for the console). */
function said(error) {
  const text = String(error && error.message || error).trim();
  console.warn(text);
  const lines = text.split("\n");
  return lines[lines.length - 1];
}

/** Read on, a slice at a time, until every input is read. */
async function pump() {
  if (reading) return;
  reading = true;
  try {
    for (;;) {
      const step = answer(calls.step, SLICE);
      postMessage({ type: "records", generation, ...step });
      if (step.done) break;
      await new Promise((resolve) => setTimeout(resolve, 0)); // the page's questions, between slices
    }
  } catch (error) {
    postMessage({ type: "error", message: said(error) });
  } finally {
    reading = false;
  }
}

/** A new folder under /inbox for one drop or paste: what is read from it is named as dropped. */
function inbox() {
  inboxes += 1;
  const folder = `/inbox/${inboxes}`;
  py.FS.mkdir(folder);
  return folder;
}

const handlers = {
  /** Files (and folders' files, by their path inside what was dropped), read in place. */
  files({ files }) {
    const folder = inbox();
    // WORKERFS reads the files where they are, as the reader asks: nothing is copied whole.
    py.FS.mount(py.FS.filesystems.WORKERFS, { blobs: files.map(({ path, file }) => ({ name: path, data: file })) }, folder);
    mounted.push(folder);
    const tops = [...new Set(files.map(({ path }) => path.split("/")[0]))];
    for (const name of tops) calls.add(name, folder);
    pump();
  },
  text({ text, name }) {
    const folder = inbox();
    py.FS.writeFile(`${folder}/${name}`, text);
    calls.add(name, folder);
    pump();
  },
  /** Forget every record read, and the files they came from. */
  forget() {
    generation += 1;
    fresh();
    for (const folder of mounted) py.FS.unmount(folder);
    mounted = [];
    py.runPython(`import shutil; shutil.rmtree("/inbox"); import os; os.mkdir("/inbox")`);
  },
  options({ variant, corrections }) {
    session.variant = variant || undefined; // None
    session.corrections = corrections || undefined;
  },
  page({ n }) {
    postMessage({ type: "page", n, html: calls.page(n) });
  },
  export({ n, format }) {
    // undefined, not null, is Python's None: n === null is every record
    postMessage({ type: "export", n, format, ...answer(calls.export, n ?? undefined, format) });
  },
  /** A review runs to its end in one call (the engine cannot pause between positions): the page
      is told of each position valued, and its other questions wait until the review is done. */
  review({ n }) {
    const told = (done, total) => postMessage({ type: "reviewing", n, generation, done, total });
    postMessage({ type: "review", generation, ...answer(calls.review, n, told) });
  },
  reports({ command }) {
    postMessage({ type: "reports", command, text: calls.reports(command) });
  },
};

self.onmessage = async ({ data }) => {
  await started;
  if (session === null) return; // loading failed, and the page was told
  try {
    handlers[data.type](data);
  } catch (error) {
    postMessage({ type: "error", message: said(error), about: data.type });
  }
};
