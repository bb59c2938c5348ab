// The puzc extension for VS Code: starts `puzc lsp` for .puz files (diagnostics as you type,
// formatting, outline, go to definition, hover, completion, semantic tokens) and adds the
// command "puzc: Solve this file". Plain JavaScript run as it is: no build step.
'use strict';
const vscode = require('vscode');
const { execFile } = require('child_process');
const path = require('path');
const { LanguageClient } = require('vscode-languageclient/node');

/** @type {LanguageClient | undefined} */
let client;
/** @type {vscode.OutputChannel} */
let output;

/** The puzc binary: the `puzc.path` setting, or `puzc` on the PATH. */
function puzcPath() {
  return vscode.workspace.getConfiguration('puzc').get('path') || 'puzc';
}

async function startServer() {
  const serverOptions = { command: puzcPath(), args: ['lsp'] };
  const clientOptions = {
    documentSelector: [{ language: 'puz' }],
    outputChannel: output,
  };
  client = new LanguageClient('puzc', 'puzc language server', serverOptions, clientOptions);
  try {
    await client.start();
  } catch (e) {
    vscode.window.showErrorMessage(
      `puzc: could not start \`${puzcPath()} lsp\` (${e.message}). Set "puzc.path" to the puzc binary.`
    );
  }
}

async function activate(context) {
  output = vscode.window.createOutputChannel('puzc');
  context.subscriptions.push(output);
  context.subscriptions.push(vscode.commands.registerCommand('puzc.solveFile', solveFile));
  // A new `puzc.path` takes effect at once: the server is started again from it.
  context.subscriptions.push(
    vscode.workspace.onDidChangeConfiguration(async (e) => {
      if (e.affectsConfiguration('puzc.path')) {
        if (client) await client.stop();
        await startServer();
      }
    })
  );
  await startServer();
}

async function deactivate() {
  if (client) await client.stop();
}

/**
 * "puzc: Solve this file": `puzc solve` on the active spec, its answer (or the error) in the
 * puzc output channel. An unsaved spec is sent on standard input (`puzc solve -`), run from
 * its folder so that its imports are found. The search is bounded by `puzc.solveTimeout`.
 */
function solveFile() {
  const editor = vscode.window.activeTextEditor;
  if (!editor || editor.document.languageId !== 'puz') {
    vscode.window.showWarningMessage('puzc: open a .puz spec to solve it.');
    return;
  }
  const doc = editor.document;
  const saved = doc.uri.scheme === 'file' && !doc.isDirty;
  const timeout = vscode.workspace.getConfiguration('puzc').get('solveTimeout') || '60s';
  const args = ['solve', saved ? doc.uri.fsPath : '-', '--timeout', timeout];
  const cwd = doc.uri.scheme === 'file' ? path.dirname(doc.uri.fsPath) : undefined;
  output.clear();
  output.show(true);
  output.appendLine(`$ ${puzcPath()} ${args.join(' ')}`);
  const child = execFile(puzcPath(), args, { cwd, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
    if (stdout) output.append(stdout);
    if (stderr) output.append(stderr);
    if (error && error.code === 'ENOENT') {
      output.appendLine(`puzc not found: set "puzc.path" to the puzc binary.`);
    } else {
      output.appendLine(`(exit ${error ? error.code : 0})`);
    }
  });
  if (!saved) {
    child.stdin.end(doc.getText());
  }
}

module.exports = { activate, deactivate };
