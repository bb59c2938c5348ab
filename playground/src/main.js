// The playground's page: a CodeMirror 6 editor whose text `puzc serve` checks as you type
// (the same diagnostics as `puzc check` and `puzc lsp`), formats, and solves, streaming the
// answers, their pictures, the count and the search's figures; a played puzzle's answer
// can be stepped through move by move. Everything it asks goes to the server it came from.
import { EditorState } from "@codemirror/state";
import { EditorView, keymap, lineNumbers, highlightActiveLine, drawSelection } from "@codemirror/view";
import { defaultKeymap, history, historyKeymap, indentWithTab } from "@codemirror/commands";
import { StreamLanguage, syntaxHighlighting, bracketMatching } from "@codemirror/language";
import { linter, lintGutter, forceLinting } from "@codemirror/lint";
import { classHighlighter } from "@lezer/highlight";

const $ = (id) => document.getElementById(id);
let name = "spec.puz";

// Comments, strings (and `"""` instance blocks) and numbers; names are left uncoloured, so
// none is ever shown as a keyword.
const puz = StreamLanguage.define({
  startState: () => ({ block: false }),
  token(stream, state) {
    if (state.block) {
      if (stream.match('"""')) state.block = false;
      else stream.next();
      return "string";
    }
    if (stream.eatSpace()) return null;
    if (stream.match("#")) { stream.skipToEnd(); return "comment"; }
    if (stream.match('"""')) { state.block = true; return "string"; }
    if (stream.match(/^"([^"\\]|\\.)*"?/)) return "string";
    if (stream.match(/^'([^'\\]|\\.)'/)) return "string";
    if (stream.match(/^[0-9]+/)) return "number";
    if (stream.match(/^[A-Za-z_][A-Za-z0-9_]*/)) return null;
    stream.next();
    return null;
  },
});

async function post(path, body, signal) {
  const response = await fetch(path, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
    signal,
  });
  return response;
}

function describe(d) {
  let text = `${d.code}: ${d.message}`;
  if (d.label) text += `\n${d.label}`;
  if (d.help) text += `\nhelp: ${d.help}`;
  return text;
}

function listDiagnostics(found) {
  const list = $("diagnostics");
  list.replaceChildren();
  for (const d of found) {
    const li = document.createElement("li");
    li.textContent = `${d.line}:${d.column} ${describe(d)}`;
    li.onclick = () => {
      view.dispatch({ selection: { anchor: Math.min(d.from, view.state.doc.length) }, scrollIntoView: true });
      view.focus();
    };
    list.append(li);
  }
}

// Live diagnostics: the linter asks the server half a second after the last keystroke.
const check = linter(
  async (v) => {
    const text = v.state.doc.toString();
    let found = [];
    try {
      const r = await post("/check", { spec: text, name });
      found = (await r.json()).diagnostics ?? [];
    } catch (e) {
      return [];
    }
    listDiagnostics(found);
    const length = v.state.doc.length;
    return found.map((d) => {
      const from = Math.min(d.from, length);
      // An empty span is underlined over the character it points at.
      let to = Math.min(Math.max(d.to, from), length);
      if (to === from && from < length) to = from + 1;
      return { from, to, severity: "error", source: d.code, message: describe(d) };
    });
  },
  { delay: 400 },
);

const view = new EditorView({
  parent: $("editor"),
  state: EditorState.create({
    doc: "",
    extensions: [
      lineNumbers(),
      EditorView.lineWrapping,
      history(),
      drawSelection(),
      highlightActiveLine(),
      bracketMatching(),
      puz,
      syntaxHighlighting(classHighlighter),
      lintGutter(),
      check,
      keymap.of([...defaultKeymap, ...historyKeymap, indentWithTab]),
    ],
  }),
});
window.puzcEditor = view;

function setText(text) {
  view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text } });
  forceLinting(view);
}

async function loadMenu() {
  const menu = $("puzzles");
  const list = await (await fetch("/puzzles")).json();
  menu.replaceChildren();
  const blank = document.createElement("option");
  blank.value = "";
  blank.textContent = "(a new spec)";
  menu.append(blank);
  for (const p of list) {
    const o = document.createElement("option");
    o.value = p.name;
    o.textContent = p.title ? `${p.title} (${p.name})` : p.name;
    menu.append(o);
  }
  menu.onchange = async () => {
    name = menu.value || "spec.puz";
    const text = menu.value ? await (await fetch(`/puzzles/${encodeURIComponent(menu.value)}`)).text() : "";
    clearAnswers();
    setText(text);
  };
  const wanted = new URLSearchParams(location.search).get("puzzle");
  if (wanted && list.some((p) => p.name === wanted)) {
    menu.value = wanted;
    await menu.onchange();
  }
}

function status(text, error = false) {
  $("status").textContent = text;
  $("status").className = error ? "error" : "";
}

function clearAnswers() {
  $("answers").replaceChildren();
  $("steps").hidden = true;
  status("Edit the spec, then Solve.");
}

function figures(p) {
  const rate = p.rate >= 1e6 ? `${(p.rate / 1e6).toFixed(1)}M` : p.rate >= 1e3 ? `${(p.rate / 1e3).toFixed(0)}k` : `${p.rate}`;
  return `${p.nodes} nodes, ${p.solutions} solutions, ${p.seconds.toFixed(1)} s, ${rate} nodes/s`;
}

// A played answer's boards one at a time.
function showSteps(frames) {
  let k = 0;
  const show = () => {
    $("frame").innerHTML = frames[k];
    $("step").textContent = `step ${k} of ${frames.length - 1}`;
    $("prev").disabled = k === 0;
    $("next").disabled = k === frames.length - 1;
  };
  $("prev").onclick = () => { if (k > 0) { k--; show(); } };
  $("next").onclick = () => { if (k < frames.length - 1) { k++; show(); } };
  $("steps").hidden = false;
  show();
}

let running = null;

async function solve() {
  if (running) running.abort();
  const controller = new AbortController();
  running = controller;
  clearAnswers();
  status("Solving…");
  $("stop").disabled = false;
  const body = { spec: view.state.doc.toString(), name };
  if ($("mode").value) body.mode = $("mode").value;
  let answers = 0;
  let summary = "";
  let progress = "";
  try {
    const r = await post("/solve", body, controller.signal);
    if (!r.ok) {
      status((await r.json()).error ?? `the server answered ${r.status}`, true);
      return;
    }
    const reader = r.body.getReader();
    const decoder = new TextDecoder();
    let pending = "";
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      pending += decoder.decode(value, { stream: true });
      let nl;
      while ((nl = pending.indexOf("\n")) >= 0) {
        const line = pending.slice(0, nl);
        pending = pending.slice(nl + 1);
        if (!line) continue;
        const e = JSON.parse(line);
        if (e.type === "answer") {
          answers++;
          const div = document.createElement("div");
          div.className = "answer";
          const h = document.createElement("h3");
          h.textContent = `Answer ${e.index}` + (e.instance > 1 ? ` (case ${e.instance})` : "");
          const picture = document.createElement("div");
          picture.className = "picture";
          picture.innerHTML = e.svg;
          const pre = document.createElement("pre");
          pre.textContent = e.text;
          div.append(h, picture, pre);
          $("answers").append(div);
          if (e.steps && answers === 1) showSteps(e.steps);
          status(`${answers} answer${answers === 1 ? "" : "s"} so far… ${progress}`);
        } else if (e.type === "progress") {
          progress = figures(e);
          status(`Solving… ${progress}`);
        } else if (e.type === "case") {
          summary += `${e.instance > 1 ? `case ${e.instance}: ` : ""}${e.status}, count ${e.count}, ${e.nodes} nodes, ${e.engine}, ${e.seconds.toFixed(3)} s\n`;
          status(summary.trim());
        } else if (e.type === "error") {
          const found = e.diagnostics ?? [];
          if (found.length) listDiagnostics(found);
          status(e.message + (found.length ? "\n" + found.map(describe).join("\n") : ""), true);
          summary = null;
        } else if (e.type === "done" && summary !== null) {
          status(summary.trim() || "no case to solve");
        }
      }
    }
  } catch (err) {
    if (err.name !== "AbortError") status(`the search failed: ${err}`, true);
    else status("Stopped.");
  } finally {
    if (running === controller) {
      running = null;
      $("stop").disabled = true;
    }
  }
}

$("solve").onclick = solve;
$("stop").onclick = () => running && running.abort();
$("format").onclick = async () => {
  const r = await post("/format", { spec: view.state.doc.toString(), name });
  const out = await r.json();
  if (out.text !== undefined) {
    if (out.text !== view.state.doc.toString()) setText(out.text);
  } else {
    listDiagnostics(out.diagnostics ?? []);
  }
};

loadMenu();
