// A Web Worker that runs the opponents off the page's thread (docs/clients.md): the page posts
// requests and awaits the answers, so a level thinking never freezes it.
//
//   const worker = new Worker("worker.js", { type: "module" });
//   worker.postMessage({ id: 1, op: "init", wasm: "musashi_capi.wasm", files: { "manifest.json": "...", ... } });
//   worker.postMessage({ id: 2, op: "move", rules: "classic", moves: ["c3-c4"], level: "hard", seed: 7 });
//   worker.onmessage = (e) => console.log(e.data);   // { id: 2, move: "e5-e4", state: {...} }
import { Musashi } from "./musashi.js";

let musashi = null;
let bundle = null;

async function init({ wasm, files }) {
  musashi = await Musashi.load(fetch(wasm));
  const bytes = {};
  for (const [name, url] of Object.entries(files)) {
    bytes[name] = new Uint8Array(await (await fetch(url)).arrayBuffer());
  }
  bundle = musashi.loadBundle(bytes, "page");
  return { manifest: bundle.manifest() };
}

// The level's move in the game reached by `moves` (the worker keeps no game between requests).
function move({ rules, moves, level, seed = 0, sims = 0 }) {
  const game = musashi.newGame(rules);
  try {
    for (const m of moves) game.play(m);
    const player = bundle.player(game, level, { sims, seed: BigInt(seed) });
    try {
      const chosen = player.choose(game);
      game.play(chosen);
      return { move: chosen, state: game.state() };
    } finally {
      player.free();
    }
  } finally {
    game.free();
  }
}

self.onmessage = async (e) => {
  const { id, op } = e.data;
  try {
    const answer = op === "init" ? await init(e.data) : op === "move" ? move(e.data) : { error: `unknown op ${op}` };
    self.postMessage({ id, ...answer });
  } catch (err) {
    self.postMessage({ id, error: String(err.message ?? err) });
  }
};
