// The WebAssembly module in Node (.ci/capi/test.sh): the shipped bundle loaded from bytes, the
// reference vectors (features, outputs and every level's move), a whole game of every version
// for every level, bad input, and Hard's time per move against the native library's.
// Usage: node wasm_test.mjs MODULE.wasm BUNDLE_DIR VECTORS.json NATIVE_HARD_MS
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { Musashi } from "../../crates/capi/js/musashi.js";

const [wasmPath, bundleDir, vectorsPath, nativeMs] = process.argv.slice(2);
const fail = (message) => {
  console.error(`FAIL: ${message}`);
  process.exit(1);
};
const close = (a, b) => a.length === b.length && a.every((x, i) => Math.abs(x - b[i]) <= 1e-5 * Math.max(1, Math.abs(x)));

const musashi = await Musashi.load(readFileSync(wasmPath));
console.log(musashi.version());
const files = Object.fromEntries(readdirSync(bundleDir).map((f) => [f, readFileSync(join(bundleDir, f))]));
const bundle = musashi.loadBundle(files, bundleDir);
console.log(`bundle ${bundle.manifest().name}: ${bundle.manifest().levels.length} levels`);

// The reference vectors.
const vectors = JSON.parse(readFileSync(vectorsPath, "utf8"));
let moves = 0;
for (const version of vectors.versions) {
  for (const p of version.positions) {
    const game = musashi.newGame(version.rules);
    for (const m of p.moves) game.play(m);
    if (game.state().position !== p.position) fail(`${version.name}: position ${game.state().position}`);
    if (!close(Array.from(game.features()), p.features)) fail(`${version.name} ${p.moves}: features`);
    const out = bundle.evaluate(game, "hard");
    if (!close(Array.from(out.logits), p.logits) || !close([out.value], [p.value])) {
      fail(`${version.name} ${p.moves}: network outputs`);
    }
    for (const [level, want] of p.choices) {
      const player = bundle.player(game, level, { seed: BigInt(vectors.seed) });
      const got = player.choose(game);
      player.free();
      if (got !== want) fail(`${version.name} ${level} after ${p.moves}: ${got}, the vectors say ${want}`);
      moves++;
    }
    game.free();
  }
}
console.log(`reference vectors: ${moves} of ${moves} moves, every feature and output within 1e-5`);

// A whole game of every version for every level (the level on both sides).
for (const version of vectors.versions) {
  for (const level of ["easy", "normal", "hard"]) {
    const game = musashi.newGame(version.rules);
    const player = bundle.player(game, level, { seed: 3n });
    const started = performance.now();
    while (!game.state().outcome) game.play(player.choose(game));
    const s = game.state();
    const ms = (performance.now() - started) / s.plies;
    console.log(`${version.name} ${level}: ${s.plies} plies, ${s.outcome.winner} win (${s.outcome.reason}), ${ms.toFixed(1)} ms/ply`);
    if (s.legal.length !== 0) fail("legal moves after the end");
    player.free();
    game.free();
  }
}

// Bad input gets an error, not a crash.
const expectError = (f, text) => {
  try {
    f();
  } catch (e) {
    if (!String(e.message).includes(text)) fail(`error '${e.message}' lacks '${text}'`);
    return;
  }
  fail(`no error (expected '${text}')`);
};
const game = musashi.newGame("classic");
expectError(() => game.play("a1-a2"), "move 'a1-a2'");
expectError(() => musashi.newGame("chess"), "unknown preset 'chess'");
expectError(() => bundle.player(game, "expert"), "unknown level 'expert'");
expectError(() => game.undo(), "no move to take back");
expectError(() => musashi.loadBundle({ "manifest.json": new TextEncoder().encode("{}") }), "manifest.json");
if (game.board().points.length !== 33) fail("the 33-point board");

// Hard's time per move, as the C example's bench measures it natively.
const repeats = 20;
const started = performance.now();
for (let i = 0; i < repeats; i++) {
  const player = bundle.player(game, "hard", { seed: BigInt(i) });
  player.choose(game);
  player.free();
}
const wasmMs = (performance.now() - started) / repeats;
const ratio = wasmMs / Number(nativeMs);
console.log(`classic hard: ${wasmMs.toFixed(2)} ms per move in WebAssembly, native ${nativeMs} ms: ${ratio.toFixed(2)}x`);
if (ratio > 3) fail(`WebAssembly is ${ratio.toFixed(2)}x the native time (target at most 3x)`);
console.log("ok");
