// mtgmana web's static site: mtgmana itself, run by Pyodide in this worker.
// It loads Pyodide from ./pyodide/ and mtgmana's wheel (named in site.json) from
// this site, nothing from anywhere else; then it answers each request the page
// posts ({id, request: JSON}) with the events of mtgmana.web.service.run_json,
// one message each ({type: "event", id, line}), and {type: "done", id}.
import { loadPyodide } from "./pyodide/pyodide.mjs";

const started = performance.now();

async function boot() {
  const site = await (await fetch("site.json")).json();
  const base = new URL("pyodide/", import.meta.url).href;
  const pyodide = await loadPyodide({
    indexURL: base, packageBaseUrl: base, cdnUrl: base, stdout: () => {}, stderr: () => {},
  });
  const wheel = await fetch(site.wheel);
  if (!wheel.ok) throw new Error(`${site.wheel}: ${wheel.status}`);
  pyodide.unpackArchive(await wheel.arrayBuffer(), "wheel");
  const run = pyodide.runPython(
    "from mtgmana.cards import CardDatabase\n" +
    "from mtgmana.web.service import run_json\n" +
    "CardDatabase.bundled()\n" +
    "run_json\n");
  postMessage({ type: "ready", seconds: (performance.now() - started) / 1000 });
  return run;
}

const engine = boot();
engine.catch((error) => postMessage({ type: "fatal", error: String(error) }));

onmessage = async ({ data }) => {
  const run = await engine;
  try {
    run(data.request, (line) => postMessage({ type: "event", id: data.id, line }));
  } catch (error) {
    const line = JSON.stringify({ event: "error", error: `mtgmana failed: ${error}` });
    postMessage({ type: "event", id: data.id, line });
  }
  postMessage({ type: "done", id: data.id });
};
