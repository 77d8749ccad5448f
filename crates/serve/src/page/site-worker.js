// The static site's opponent (`musashi site`, docs/serve.md): a module Web Worker that loads the
// WebAssembly module and the bundle, then answers the page's API requests in the browser, as
// `musashi serve` would, without blocking the page while a level thinks.
import { Musashi } from "./musashi.js";

async function load() {
  const site = await (await fetch("site.json")).json();
  const musashi = await Musashi.load(fetch(site.wasm));
  const files = {};
  for (const f of site.bundle_files) {
    const r = await fetch(`bundle/${f}`);
    if (!r.ok) throw new Error(`bundle/${f}: HTTP ${r.status}`);
    files[f] = new Uint8Array(await r.arrayBuffer());
  }
  const bundle = musashi.loadBundle(files, site.bundle);
  const seed = crypto.getRandomValues(new BigUint64Array(1))[0];
  const service = bundle.service(seed);
  bundle.free();
  return service;
}

const ready = load();

self.onmessage = async (e) => {
  const { id, method, path, body } = e.data;
  try {
    const service = await ready;
    const started = performance.now();
    const answer = service.request(method, path, body);
    self.postMessage({ id, status: answer.status, body: answer.body, ms: performance.now() - started });
  } catch (err) {
    self.postMessage({ id, error: String(err?.message ?? err) });
  }
};
