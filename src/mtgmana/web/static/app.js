// mtgmana web: the deckbuilder's page. It sends a request (the decklist, the
// options, the changes to its lands) to a backend and shows the events that come
// back (mtgmana/web/service.py says what they are): the report in stages,
// progress, errors with suggestions for unknown cards.
//
// Two backends answer the same requests with the same events: the local server
// of `mtgmana web` (a POST to api/analyze, the events streamed one JSON object a
// line) and, in the static site of `mtgmana web --build`, mtgmana itself running
// in Pyodide in a Web Worker (worker.js). No other request leaves the page.
"use strict";

const MAX_BYTES = 1024 * 1024; // the server's request limit

const $ = (id) => document.getElementById(id);
const el = (tag, attributes = {}, ...children) => {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes)) {
    if (key === "text") node.textContent = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value);
  }
  node.append(...children);
  return node;
};
const pct = (p) => `${(p * 100).toFixed(1)}%`;
const plural = (n, word) => `${n.toLocaleString("en")} ${word}${n === 1 ? "" : "s"}`;

// -- backends ---------------------------------------------------------------------

/** The local server: each request is a POST whose answer streams the events. */
class ServerBackend {
  start(request, onEvent) {
    const control = new AbortController();
    const body = JSON.stringify(request);
    (async () => {
      if (new Blob([body]).size > MAX_BYTES) {
        onEvent({ event: "error", error: "the decklist is over 1 MiB: is it the right file?" });
        return;
      }
      let response;
      try {
        response = await fetch("api/analyze", {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body,
          signal: control.signal,
        });
      } catch (error) {
        if (!control.signal.aborted)
          onEvent({ event: "error", error: "the server can't be reached: is mtgmana web still running?" });
        return;
      }
      if (!response.ok) {
        let message = `the server answered ${response.status}`;
        try { message = (await response.json()).error || message; } catch (_) { /* not JSON */ }
        onEvent({ event: "error", error: message });
        return;
      }
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = "";
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += value;
          let end;
          while ((end = buffer.indexOf("\n")) >= 0) {
            const line = buffer.slice(0, end);
            buffer = buffer.slice(end + 1);
            if (line.trim()) onEvent(JSON.parse(line));
          }
        }
      } catch (error) {
        if (!control.signal.aborted) onEvent({ event: "error", error: `the answer was cut: ${error}` });
      }
    })();
    return { cancel: () => control.abort() };
  }
}

/** mtgmana in the browser: Pyodide in a worker. A running analysis can't be
 * interrupted, so a new request waits for a short one and restarts the worker
 * during a long one (a big deck's whole simulation). */
class PyodideBackend {
  constructor(onStatus) {
    this.onStatus = onStatus;
    this.worker = null;
    this.running = null; // {id, long}
    this.pending = null; // {id, request}
    this.handlers = new Map();
    this.next = 1;
    this.readySeconds = null;
  }

  spawn(restart) {
    try {
      this.worker = new Worker("worker.js", { type: "module" });
    } catch (error) {
      this.worker = null;
      this.onStatus("mtgmana can't start here: serve this folder over HTTP (for example "
        + "python -m http.server -d FOLDER); browsers run no worker from a file.");
      throw error;
    }
    this.onStatus(restart ? "Restarting Python for the new request…" : "Loading Python in your browser…");
    this.worker.onmessage = ({ data }) => this.receive(data);
    this.worker.onerror = (error) => this.fail(`the worker failed: ${error.message || error}`);
  }

  fail(message) {
    for (const handler of this.handlers.values()) handler({ event: "error", error: message });
    this.handlers.clear();
    this.worker = null;
    this.running = null;
  }

  receive(data) {
    if (data.type === "ready") {
      this.readySeconds = data.seconds;
      this.onStatus(`Python ready (${data.seconds.toFixed(1)} s).`, data.seconds);
    } else if (data.type === "fatal") {
      this.fail(`Python could not start: ${data.error}`);
    } else if (data.type === "event") {
      const event = JSON.parse(data.line);
      if (this.running && this.running.id === data.id && event.event === "report" && event.stage === "quick")
        this.running.long = true; // a big deck: its whole simulation takes a while
      const handler = this.handlers.get(data.id);
      if (handler) handler(event);
    } else if (data.type === "done") {
      this.handlers.delete(data.id);
      this.running = null;
      if (this.pending) {
        const { id, request } = this.pending;
        this.pending = null;
        this.send(id, request);
      }
    }
  }

  send(id, request) {
    if (!this.worker) {
      try {
        this.spawn(false);
      } catch (error) {
        this.fail(`Python could not start: ${error.message || error}`);
        return;
      }
    }
    this.running = { id, long: false };
    this.worker.postMessage({ id, request: JSON.stringify(request) });
  }

  start(request, onEvent) {
    const id = this.next++;
    this.handlers.set(id, onEvent);
    if (this.running && this.running.long) {
      this.handlers.delete(this.running.id);
      this.worker.terminate();
      this.worker = null;
      this.running = null;
      this.spawn(true);
      this.send(id, request);
    } else if (this.running) {
      if (this.pending) this.handlers.delete(this.pending.id);
      this.pending = { id, request };
    } else {
      this.send(id, request);
    }
    return {
      cancel: () => {
        this.handlers.delete(id);
        if (this.pending && this.pending.id === id) this.pending = null;
      },
    };
  }
}

// -- state ------------------------------------------------------------------------

const state = {
  backend: null,
  job: null, // the running request's cancel handle
  text: "", // the decklist analysed (the changes apply to it)
  changes: [], // the changes made, in order: each {label, deltas: {name: delta}}
  baseline: {}, // stage -> figures of the deck without changes
  last: null, // the last report event
  urls: [],
};

function totals() {
  const found = {};
  for (const { deltas } of state.changes)
    for (const [name, delta] of Object.entries(deltas)) found[name] = (found[name] || 0) + delta;
  for (const name of Object.keys(found)) if (!found[name]) delete found[name];
  return found;
}

const signed = (deltas) => Object.entries(deltas)
  .map(([name, delta]) => `${delta > 0 ? "+" : "−"}${Math.abs(delta)} ${name}`).join(", ");

function change(deltas) {
  state.changes.push({ label: signed(deltas), deltas });
  renderChanges();
  run();
}

function request() {
  const number = (id, fallback) => {
    const value = Number.parseInt($(id).value, 10);
    return Number.isFinite(value) && value >= 0 ? value : fallback;
  };
  return {
    text: state.text,
    games: Math.min(number("games", 10000), 100000),
    seed: number("seed", 0),
    draw: $("draw").checked,
    format: $("format").value || null,
    changes: totals(),
  };
}

// -- running ----------------------------------------------------------------------

function status(text, progress) {
  $("status").hidden = !text;
  $("status-text").textContent = text || "";
  const bar = $("progress");
  if (progress === undefined) bar.removeAttribute("value");
  else bar.value = progress;
  bar.hidden = progress === null;
}

function run() {
  if (state.job) state.job.cancel();
  document.body.dataset.state = "working";
  document.body.dataset.stage = "asked"; // then the stage shown, for tests and timing
  document.body.dataset.simulated = "no";
  $("problems").hidden = true;
  $("report").classList.add("stale");
  status("Reading the decklist…");
  state.job = state.backend.start(request(), receive);
}

function analyseNew() {
  const text = $("decklist").value;
  if (!text.trim()) {
    showProblem("The decklist is empty: paste a list, drop a file, or try the example deck.");
    $("decklist").focus();
    return;
  }
  state.text = text;
  state.changes = [];
  state.baseline = {};
  run();
}

function receive(event) {
  if (event.event === "progress") {
    if (event.task === "what-ifs") status("Ranking the what-ifs…");
    else {
      const what = event.stage === "quick" ? "Simulating a first answer:" : "Simulating:";
      const done = `${event.done.toLocaleString("en")} of ${plural(event.total, "game")}…`;
      status(`${what} ${done}`, event.total ? event.done / event.total : 0);
    }
  } else if (event.event === "report") {
    showReport(event);
  } else if (event.event === "error") {
    status(null);
    state.job = null;
    document.body.dataset.state = "error";
    $("report").classList.remove("stale");
    if (event.unknown && event.unknown.length) showUnknown(event.unknown);
    else showProblem(event.error, event.line);
    if (state.changes.length && !event.unknown) {
      state.changes.pop(); // the change that failed is not kept
      renderChanges();
    }
  }
}

// -- the report -------------------------------------------------------------------

function figures(report) {
  let copies = 0, model = 0, below = 0, simCopies = 0, sim = 0;
  for (const spell of report.spells) {
    copies += spell.count;
    model += spell.count * spell.probability;
    if (!spell.meets) below += 1;
    if (spell.simulation) {
      simCopies += spell.count;
      sim += spell.count * spell.simulation.p_on_curve;
    }
  }
  return {
    lands: report.deck.lands, size: report.deck.size, worst: report.worst,
    average: copies ? model / copies : null, below,
    simulated: simCopies ? sim / simCopies : null,
    games: report.simulation ? report.simulation.games : 0,
  };
}

function showReport(event) {
  const report = event.report;
  const panel = $("changes");
  const article = $("report");
  panel.remove(); // kept across re-renders of the report
  article.innerHTML = event.html;
  article.classList.toggle("stale", false);
  // after the summary: before the report's first section heading (a child of it)
  const first = [...article.children].find((child) => child.tagName === "H2");
  article.insertBefore(panel, first || null);
  panel.hidden = false;
  const current = figures(report);
  if (!state.changes.length) state.baseline[event.stage] = current;
  state.last = event;
  document.body.dataset.stage = event.stage;
  if (report.simulation) document.body.dataset.simulated = "yes";
  renderLands(report, event.changes);
  if (!state.shownLands) {
    state.shownLands = true; // the land list starts open on a wide screen, closed on a phone
    $("land-list").open = window.matchMedia("(min-width: 700px)").matches;
  }
  renderFigures(current, event.stage);
  renderSuggestions(report);
  renderDownloads(event);
  const games = (report.simulation || {}).games || 0;
  const note = $("stage-note");
  if (event.stage === "final") {
    status(null);
    note.hidden = true;
    state.job = null;
    document.body.dataset.state = "done";
  } else {
    note.hidden = false;
    note.textContent = event.stage === "model"
      ? "Karsten's exact model; the simulation's figures follow."
      : `A first answer from ${plural(games, "simulated game")}; the whole simulation refines it.`;
    article.before(note);
  }
}

function renderChanges() {
  const list = $("change-list");
  list.replaceChildren(...state.changes.map(({ label }) => el("li", { text: label })));
  $("undo").disabled = $("reset").disabled = !state.changes.length;
}

function renderLands(report, applied) {
  renderChanges();
  const body = $("land-table").tBodies[0];
  const rows = (report.lands || []).map((land) => el("tr", {},
    el("td", { text: land.name }),
    el("td", { class: "num", text: String(land.count) }),
    el("td", { class: "buttons" },
      el("button", {
        type: "button", "aria-label": `remove one ${land.name}`, text: "−1",
        onclick: () => change({ [land.name]: -1 }),
      }),
      el("button", {
        type: "button", "aria-label": `add one ${land.name}`, text: "+1",
        onclick: () => change({ [land.name]: 1 }),
      }))));
  body.replaceChildren(...rows);
  const out = $("swap-out");
  const chosen = out.value;
  out.replaceChildren(...(report.lands || []).map((land) => el("option", { value: land.name, text: land.name })));
  if ([...out.options].some((option) => option.value === chosen)) out.value = chosen;
  const names = new Set(["Plains", "Island", "Swamp", "Mountain", "Forest", "Wastes"]);
  for (const land of report.lands || []) names.add(land.name);
  for (const what of report.what_ifs || []) for (const name of Object.keys(what.changes)) names.add(name);
  $("land-names").replaceChildren(...[...names].sort().map((name) => el("option", { value: name })));
  // the cards' real names for what was typed ("island" is "Island")
  const real = new Map(Object.keys(applied || {}).map((name) => [name.toLowerCase(), name]));
  state.changes = state.changes.map(({ deltas }) => {
    const named = {};
    for (const [name, delta] of Object.entries(deltas)) named[real.get(name.toLowerCase()) || name] = delta;
    return { label: signed(named), deltas: named };
  });
  renderChanges();
}

function renderFigures(current, stage) {
  const box = $("change-figures");
  const base = state.baseline[stage] || state.baseline.final || state.baseline.quick || state.baseline.model;
  const part = (label, before, after, show, better) => {
    const node = el("span", {}, `${label} `);
    if (!state.changes.length || before === null || before === undefined) {
      node.append(el("b", { text: show(after) }));
    } else {
      const same = show(after) === show(before) || !better;
      const css = same ? "" : (better(after, before) ? "up" : "down");
      node.append(`${show(before)} → `, el("b", { class: css, text: show(after) }));
    }
    return node;
  };
  const up = (a, b) => a > b;
  const items = [
    part("lands:", base && base.lands, current.lands, String, null),
    part("average castability (model):", base && base.average, current.average, pct, up),
  ];
  if (current.worst) {
    const worst = (w) => `${pct(w.probability)} (${w.name.split(" // ")[0]})`;
    const before = base && base.worst ? base.worst : null;
    const better = (a, b) => a.probability > b.probability;
    items.push(part("worst spell:", before, current.worst, worst, better));
  }
  items.push(part("spells below target:", base && base.below, current.below, String, (a, b) => a < b));
  if (current.simulated !== null) {
    const before = base && base.games === current.games ? base.simulated : null;
    items.push(part(`on curve in ${plural(current.games, "simulated game")}:`, before, current.simulated, pct, up));
  }
  box.replaceChildren(...items.map((item) => el("li", {}, item)));
}

function renderSuggestions(report) {
  const box = $("suggested");
  const whatIfs = report.what_ifs || [];
  if (!whatIfs.length) {
    box.replaceChildren();
    return;
  }
  box.replaceChildren(el("p", { class: "hint", text: "The best what-ifs for the deck as it is now:" }),
    el("ul", {}, ...whatIfs.map((what) => el("li", {},
      `${what.change}: worst spell ${pct(what.worst_before)} → ${pct(what.worst_after)}`
        + (what.average_delta === null ? "" : `, average ${what.average_delta >= 0 ? "+" : "−"}`
          + `${Math.abs(what.average_delta * 100).toFixed(1)} pt`),
      el("button", {
        type: "button", "aria-label": `apply ${what.change}`, text: "Apply",
        onclick: () => change({ ...what.changes }),
      })))));
}

function renderDownloads(event) {
  for (const url of state.urls) URL.revokeObjectURL(url);
  const list = URL.createObjectURL(new Blob([event.decklist + "\n"], { type: "text/plain" }));
  const json = URL.createObjectURL(new Blob([JSON.stringify(event.report)], { type: "application/json" }));
  state.urls = [list, json];
  $("download-list").href = list;
  $("download-list").textContent = state.changes.length ? "Download the changed list" : "Download the list";
  $("download-json").href = json;
  $("download-json").textContent = "the report as JSON";
}

// -- problems ---------------------------------------------------------------------

function showProblem(message, line) {
  document.body.dataset.state = "error";
  const box = $("problems");
  const items = [el("h2", { text: "The deck can't be analysed" }), el("p", { text: message })];
  if (line) {
    items.push(el("button", { type: "button", text: `Show line ${line}`, onclick: () => selectLine(line) }));
  }
  box.replaceChildren(...items);
  box.hidden = false;
}

function showUnknown(unknown) {
  const box = $("problems");
  const list = el("ul");
  for (const problem of unknown) {
    const fixes = el("div", { class: "fixes" });
    for (const suggestion of problem.suggestions) {
      fixes.append(el("button", {
        type: "button", text: suggestion,
        "aria-label": `replace ${problem.name} on line ${problem.line} with ${suggestion}`,
        onclick: () => fixLine(problem.line, problem.name, suggestion),
      }));
    }
    list.append(el("li", {},
      `line ${problem.line}: “${problem.name}” is not a card`,
      problem.suggestions.length ? el("span", { text: "; did you mean:" }) : el("span", { text: "." }),
      fixes));
  }
  const count = unknown.length === 1 ? "An unknown card name" : `${unknown.length} unknown card names`;
  box.replaceChildren(el("h2", { text: count }),
    el("p", { class: "hint", text: "Click a name to fix its line; the deck is analysed again." }), list);
  box.hidden = false;
  box.focus();
}

function lineBounds(text, line) {
  let start = 0;
  for (let n = 1; n < line; n++) {
    const next = text.indexOf("\n", start);
    if (next < 0) return null;
    start = next + 1;
  }
  const end = text.indexOf("\n", start);
  return [start, end < 0 ? text.length : end];
}

function selectLine(line) {
  const area = $("decklist");
  const bounds = lineBounds(area.value, line);
  if (!bounds) return;
  area.focus();
  area.setSelectionRange(bounds[0], bounds[1]);
}

function fixed(text, line, name, suggestion) {
  // the text with the name on that line replaced (as written, or XML-escaped in a .dek)
  const bounds = lineBounds(text, line);
  if (!bounds) return null;
  const escaped = (s) => s.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/'/g, "&apos;");
  const row = text.slice(bounds[0], bounds[1]);
  for (const [old, fix] of [[name, suggestion], [escaped(name), escaped(suggestion)]]) {
    let at = row.indexOf(old);
    if (at < 0) at = row.toLowerCase().indexOf(old.toLowerCase());
    if (at >= 0) {
      const start = bounds[0] + at;
      return text.slice(0, start) + fix + text.slice(start + old.length);
    }
  }
  return null;
}

function fixLine(line, name, suggestion) {
  const area = $("decklist");
  // the list as it is now (edited since?), else the list that was analysed
  const text = fixed(area.value, line, name, suggestion) ?? fixed(state.text, line, name, suggestion);
  if (text === null) {
    showProblem(`“${name}” was not found on line ${line}: fix it by hand.`, line);
    return;
  }
  area.value = text;
  analyseNew();
}

// -- input ------------------------------------------------------------------------

function readFile(file) {
  if (!file) return;
  if (file.size > MAX_BYTES) {
    showProblem(`${file.name} is ${(file.size / 1048576).toFixed(1)} MiB: a decklist is a few kilobytes.`);
    return;
  }
  const reader = new FileReader();
  reader.onload = () => {
    $("decklist").value = String(reader.result).replace(/^\uFEFF/, "");
    analyseNew();
  };
  reader.onerror = () => showProblem(`${file.name} can't be read.`);
  reader.readAsText(file);
}

function setUp() {
  const backend = document.documentElement.dataset.backend;
  const foot = $("app-foot");
  state.backend = backend === "pyodide"
    ? new PyodideBackend((text, seconds) => {
      if (seconds === undefined || !state.job) status(text, null);
      if (seconds !== undefined) foot.dataset.loaded = seconds.toFixed(2);
      if (seconds !== undefined) foot.textContent += ` Python loaded in ${seconds.toFixed(1)} s.`;
    })
    : new ServerBackend();
  $("deck-form").addEventListener("submit", (event) => {
    event.preventDefault();
    analyseNew();
  });
  $("decklist").addEventListener("keydown", (event) => {
    if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      analyseNew();
    }
  });
  $("example").addEventListener("click", () => {
    $("decklist").value = $("example-deck").content.textContent.trim() + "\n";
    analyseNew();
  });
  $("file").addEventListener("change", (event) => readFile(event.target.files[0]));
  const area = $("decklist");
  area.addEventListener("dragover", (event) => {
    event.preventDefault();
    area.classList.add("dropping");
  });
  area.addEventListener("dragleave", () => area.classList.remove("dropping"));
  area.addEventListener("drop", (event) => {
    event.preventDefault();
    area.classList.remove("dropping");
    const file = event.dataTransfer.files[0];
    if (file) readFile(file);
    else {
      area.value = event.dataTransfer.getData("text/plain");
      analyseNew();
    }
  });
  $("undo").addEventListener("click", () => {
    state.changes.pop();
    renderChanges();
    run();
  });
  $("reset").addEventListener("click", () => {
    state.changes = [];
    renderChanges();
    run();
  });
  $("swap-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const out = $("swap-out").value, into = $("swap-in").value.trim();
    if (!out || !into) return;
    $("swap-in").value = "";
    change(out.toLowerCase() === into.toLowerCase() ? {} : { [out]: -1, [into]: 1 });
  });
  $("add-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const name = $("add-in").value.trim();
    if (!name) return;
    $("add-in").value = "";
    change({ [name]: 1 });
  });
  renderChanges();
  if (backend === "pyodide") {
    try {
      state.backend.spawn(false); // Python loads while the list is pasted
    } catch (_) {
      // the status says why; Analyze says it again
    }
  }
}

document.addEventListener("DOMContentLoaded", setUp);
