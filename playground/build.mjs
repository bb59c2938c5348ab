// Bundles the playground's editor (src/main.js with CodeMirror 6) into dist/playground.js,
// writes the licences of every package the bundle holds into dist/LICENSES.txt, and records
// in dist/manifest.json the SHA-256 of the lock file, the sources and the bundle, which
// tests/serve.rs checks against what is committed. Run by scripts/build-playground.
import { build } from "esbuild";
import { createHash } from "node:crypto";
import { readFileSync, writeFileSync, readdirSync, existsSync } from "node:fs";
import { join } from "node:path";

const sha256 = (path) => createHash("sha256").update(readFileSync(path)).digest("hex");

const result = await build({
  entryPoints: ["src/main.js"],
  bundle: true,
  minify: true,
  format: "iife",
  target: "es2020",
  legalComments: "none",
  metafile: true,
  outfile: "dist/playground.js",
  logLevel: "warning",
});

// The packages whose code went into the bundle, from esbuild's record of its inputs.
const packages = new Set();
for (const input of Object.keys(result.metafile.inputs)) {
  const m = input.match(/node_modules\/((?:@[^/]+\/)?[^/]+)\//);
  if (m) packages.add(m[1]);
}
let licences = "The playground's script (dist/playground.js) bundles these packages from npm, each under\nits licence, reproduced below.\n";
for (const name of [...packages].sort()) {
  const dir = join("node_modules", name);
  const meta = JSON.parse(readFileSync(join(dir, "package.json"), "utf8"));
  const file = readdirSync(dir).find((f) => /^(licen[cs]e|copying)/i.test(f));
  if (!file) throw new Error(`${name} ships no licence file`);
  licences += `\n${"=".repeat(78)}\n${name} ${meta.version} (${meta.license})\n${"=".repeat(78)}\n\n`;
  licences += readFileSync(join(dir, file), "utf8").trim() + "\n";
}
writeFileSync("dist/LICENSES.txt", licences);

const sources = readdirSync("src").sort().map((f) => join("src", f));
const manifest = {
  note: "written by scripts/build-playground; tests/serve.rs checks these hashes",
  lock: sha256("package-lock.json"),
  sources: Object.fromEntries(sources.map((f) => [f, sha256(f)])),
  packages: [...packages].sort().map((name) => `${name}@${JSON.parse(readFileSync(join("node_modules", name, "package.json"), "utf8")).version}`),
  bundle: sha256("dist/playground.js"),
  licences: sha256("dist/LICENSES.txt"),
};
writeFileSync("dist/manifest.json", JSON.stringify(manifest, null, 2) + "\n");
console.log(`dist/playground.js: ${readFileSync("dist/playground.js").length} bytes from ${packages.size} packages`);
if (!existsSync("dist/playground.js")) process.exit(1);
