// The page of `musashi serve`. It has no rules of its own: the legal moves, the marks and the
// endings come from the server's API (docs/serve.md). It keeps the settings and the game being
// played in local storage, so that a closed page can continue its game.
"use strict";

// ---- words -------------------------------------------------------------------------------

// The sides' names: the games site's English, and the platform's terms (../shared/glossary.md).
const SIDES = {
  site: { general: "General", soldiers: "soldiers", General: "General", Soldiers: "Soldiers" },
  en: { general: "Parent", soldiers: "Children", General: "Parent", Soldiers: "Children" },
  fr: { general: "Parent", soldiers: "Enfants", General: "Parent", Soldiers: "Enfants" },
  id: { general: "Induk", soldiers: "Anak", General: "Induk", Soldiers: "Anak" },
  pt: { general: "Pai", soldiers: "Filhos", General: "Pai", Soldiers: "Filhos" },
};

// {G} and {S} stand for the sides' names (capitalised: {Gc}, {Sc}).
const WORDS = {
  en: {
    title: "Juroku Musashi", language: "Language", naming: "Names", namingSite: "General / soldiers",
    namingPlatform: "Parent / Children", setchinAt: "Setchin", below: "below", right: "on the right",
    marks: "Show threats", version: "Version", classic: "Classic", noSetchin: "No setchin",
    soldiersFirst: "{Sc} first", custom: "Custom", board: "Board", board33: "33 points with setchin",
    board25: "25-point square", first: "First move", winsAt: "{Gc} wins at ({S} left)",
    tooFew: "too few to trap", repetition: "Repetition", repThird: "third time: the {G} wins",
    repNoRepeat: "{S} may not repeat", none: "none", moveLimit: "Move limit", limitPlies: "300 moves",
    limitSoldier: "100 moves of the {S}", youPlay: "You play", level: "Level", easy: "Easy",
    normal: "Normal", hard: "Hard", newGame: "New game", continue: "Continue", hint: "Hint",
    undo: "Undo", resign: "Resign", rematch: "Rematch (swap sides)",
    yourTurn: "Your move: you play the {side}.", pick: "Pick a piece, then where it goes.",
    thinking: "The computer ({side}, {level}) is thinking…",
    saved: "A game was saved on this device: continue it, or start a new one.",
    repWarning: "This position has occurred twice. Once more and the {G} wins.",
    trap: "The {G} is trapped: it has no legal move. The {S} win.",
    tooFewEnd: "Too few {S} remain to trap the {G}. The {G} wins.",
    stuck: "The {S} have no legal move. The {G} wins.",
    repEnd: "The same position occurred for the third time. The {G} wins.",
    limitEnd: "The move limit was reached without a trap. The {G} wins.",
    endless: "The game went on for {n} moves without an end: endless play counts as a win for the {G}.",
    resignedG: "The {G} resigned. The {S} win.", resignedS: "The {S} resigned. The {G} wins.",
    youWon: "You won!", youLost: "You lost.",
    nearest: "No level was calibrated for these rules: the {preset} level plays.",
    info: "{n} {S} left · the {G} wins at {t} or fewer", left: "{n} moves left",
    leftSoldier: "{n} {S} moves left", hintBy: "Hint ({level}): {move}", tookBack: "Took back {moves}",
    qdan: "Platform standard", howTo: "How to play",
    rules1: "One {G} against sixteen {S}. On your turn, move one of your pieces one step along a line to an empty point.",
    rules2: "The {G} captures by stepping between two {S} that stand in a straight line with it: both are removed. The {S} never capture.",
    rules3: "The {S} win by trapping the {G} so that it cannot move. The {G} wins when few enough {S} remain (shown under the board), or by the rules on repetition and the move limit.",
    legendTitle: "Marks on the board", legThreat: "dashed red ring: one of the {S} the {G} can capture now",
    legCapture: "×2 beside a point: the {G} captures that many by moving there",
    legUnsafe: "red × (a piece selected): after this move the {G} could capture the piece you moved",
    legLast: "orange line: the last move; dashed circles: the pieces it captured", legHint: "dashed blue line: the hint",
    confirmResign: "Resign this game?", confirmNew: "Leave the game in progress and start a new one?",
    infoTooFew: "{n} {S} left · the {G} wins when too few remain to trap it ({t} or fewer)",
    capturedN: "{n} captured",
  },
  fr: {
    title: "Juroku Musashi", language: "Langue", naming: "Noms", namingSite: "Général / soldats",
    namingPlatform: "Parent / Enfants", setchinAt: "Setchin", below: "en bas", right: "à droite",
    marks: "Montrer les Enfants menacés", version: "Version", classic: "Classique",
    noSetchin: "Sans setchin", soldiersFirst: "Enfants d'abord", custom: "Personnalisé",
    board: "Forme du plateau", board33: "33 points avec setchin", board25: "carré de 25 points",
    first: "Premier coup", winsAt: "Objectif du Parent (Enfants restants)", tooFew: "trop peu pour l'enfermer",
    repetition: "Répétition", repThird: "troisième fois : le Parent gagne",
    repNoRepeat: "les Enfants ne peuvent pas répéter", none: "aucune", moveLimit: "Limite de coups",
    limitPlies: "300 coups", limitSoldier: "100 coups des Enfants", youPlay: "Vous jouez",
    level: "Niveau", easy: "Facile", normal: "Normal", hard: "Difficile", newGame: "Nouvelle partie",
    continue: "Reprendre", hint: "Indice", undo: "Annuler", resign: "Abandonner",
    rematch: "Revanche (changer de camp)",
    yourTurn: "À vous de jouer : vous êtes {sideArt}.",
    pick: "Choisissez une pièce, puis sa destination.",
    thinking: "L'ordinateur ({side}, {level}) réfléchit…",
    saved: "Une partie est enregistrée sur cet appareil : reprenez-la ou commencez-en une nouvelle.",
    repWarning: "Cette position s'est répétée deux fois. Encore une fois et le Parent gagne.",
    trap: "Enfermement : le Parent n'a plus de coup légal. Les Enfants gagnent.",
    tooFewEnd: "Il reste trop peu d'Enfants pour enfermer le Parent. Le Parent gagne.",
    stuck: "Les Enfants n'ont plus de coup légal. Le Parent gagne.",
    repEnd: "La même position s'est produite une troisième fois. Le Parent gagne.",
    limitEnd: "La limite de coups est atteinte sans enfermement. Le Parent gagne.",
    endless: "La partie a duré {n} coups sans fin : le jeu sans fin compte comme une victoire du Parent.",
    resignedG: "Le Parent a abandonné. Les Enfants gagnent.",
    resignedS: "Les Enfants ont abandonné. Le Parent gagne.",
    youWon: "Vous avez gagné !", youLost: "Vous avez perdu.",
    nearest: "Aucun niveau n'a été calibré pour ces règles : c'est le niveau {preset} qui joue.",
    info: "{n} Enfants restants · le Parent gagne à {t} ou moins", left: "encore {n} coups",
    leftSoldier: "encore {n} coups des Enfants", hintBy: "Indice ({level}) : {move}",
    tookBack: "Coups annulés : {moves}",
    qdan: "Standard (plateforme)", howTo: "Comment jouer",
    rules1: "Un Parent contre seize Enfants. À votre tour, déplacez une de vos pièces d'un pas le long d'une ligne vers un point libre.",
    rules2: "Le Parent capture en se plaçant entre deux Enfants alignés avec lui : les deux sont retirés. Les Enfants ne capturent jamais.",
    rules3: "Les Enfants gagnent en enfermant le Parent pour qu'il ne puisse plus bouger. Le Parent gagne quand il reste assez peu d'Enfants (indiqué sous le plateau), ou selon les règles de répétition et de limite de coups.",
    legendTitle: "Repères sur le plateau", legThreat: "anneau rouge pointillé : un Enfant que le Parent peut capturer maintenant",
    legCapture: "×2 près d'un point : le Parent en capture autant en s'y rendant",
    legUnsafe: "× rouge (une pièce choisie) : après ce coup, le Parent pourrait capturer la pièce déplacée",
    legLast: "ligne orange : le dernier coup ; cercles pointillés : les pièces qu'il a capturées", legHint: "ligne bleue pointillée : l'indice",
    confirmResign: "Abandonner cette partie ?", confirmNew: "Quitter la partie en cours et en commencer une nouvelle ?",
    infoTooFew: "{n} Enfants restants · le Parent gagne quand il en reste trop peu pour l'enfermer ({t} ou moins)",
    capturedN: "{n} capturé(s)",
  },
  id: {
    title: "Juroku Musashi", language: "Bahasa", naming: "Nama", namingSite: "Jenderal / prajurit",
    namingPlatform: "Induk / Anak", setchinAt: "Setchin", below: "di bawah", right: "di kanan",
    marks: "Tampilkan Anak yang terancam", version: "Versi", classic: "Klasik",
    noSetchin: "Tanpa setchin", soldiersFirst: "Anak jalan dulu", custom: "Kustom", board: "Papan",
    board33: "33 titik dengan setchin", board25: "persegi 25 titik", first: "Langkah pertama",
    winsAt: "Induk menang jika tersisa (Anak)", tooFew: "terlalu sedikit untuk mengepung",
    repetition: "Pengulangan", repThird: "ketiga kalinya: Induk menang",
    repNoRepeat: "Anak tidak boleh mengulang", none: "tidak ada", moveLimit: "Batas langkah",
    limitPlies: "300 langkah", limitSoldier: "100 langkah Anak", youPlay: "Anda bermain sebagai",
    level: "Tingkat", easy: "Mudah", normal: "Normal", hard: "Sulit", newGame: "Permainan baru",
    continue: "Lanjutkan", hint: "Petunjuk", undo: "Urungkan", resign: "Menyerah",
    rematch: "Main lagi (tukar sisi)", yourTurn: "Giliran Anda: Anda bermain sebagai {side}.",
    pick: "Pilih bidak, lalu tujuannya.",
    thinking: "Komputer ({side}, {level}) sedang berpikir…",
    saved: "Ada permainan tersimpan di perangkat ini: lanjutkan, atau mulai yang baru.",
    repWarning: "Posisi ini sudah terjadi dua kali. Sekali lagi dan Induk menang.",
    trap: "Kepung: Induk tidak punya langkah sah. Anak menang.",
    tooFewEnd: "Anak yang tersisa terlalu sedikit untuk mengepung Induk. Induk menang.",
    stuck: "Anak tidak punya langkah sah. Induk menang.",
    repEnd: "Posisi yang sama terjadi untuk ketiga kalinya. Induk menang.",
    limitEnd: "Batas langkah tercapai tanpa kepungan. Induk menang.",
    endless: "Permainan berlangsung {n} langkah tanpa akhir: permainan tanpa akhir dihitung sebagai kemenangan Induk.",
    resignedG: "Induk menyerah. Anak menang.", resignedS: "Anak menyerah. Induk menang.",
    youWon: "Anda menang!", youLost: "Anda kalah.",
    nearest: "Tidak ada tingkat yang dikalibrasi untuk aturan ini: tingkat {preset} yang bermain.",
    info: "{n} Anak tersisa · Induk menang jika tersisa {t} atau kurang", left: "{n} langkah lagi",
    leftSoldier: "{n} langkah Anak lagi", hintBy: "Petunjuk ({level}): {move}",
    tookBack: "Diurungkan: {moves}",
    qdan: "Standar (platform)", howTo: "Cara bermain",
    rules1: "Satu Induk melawan enam belas Anak. Pada giliran Anda, gerakkan satu bidak Anda satu langkah di sepanjang garis ke titik kosong.",
    rules2: "Induk menangkap dengan masuk di antara dua Anak yang segaris dengannya: keduanya diambil. Anak tidak pernah menangkap.",
    rules3: "Anak menang dengan mengepung Induk hingga tidak bisa bergerak. Induk menang jika Anak yang tersisa cukup sedikit (tertulis di bawah papan), atau menurut aturan pengulangan dan batas langkah.",
    legendTitle: "Tanda di papan", legThreat: "cincin merah putus-putus: Anak yang bisa ditangkap Induk sekarang",
    legCapture: "×2 di dekat titik: jumlah Anak yang ditangkap Induk jika pindah ke sana",
    legUnsafe: "× merah (bidak dipilih): setelah langkah ini, Induk bisa menangkap bidak yang dipindah",
    legLast: "garis oranye: langkah terakhir; lingkaran putus-putus: bidak yang ditangkapnya", legHint: "garis biru putus-putus: petunjuk",
    confirmResign: "Menyerah dalam permainan ini?", confirmNew: "Tinggalkan permainan ini dan mulai yang baru?",
    infoTooFew: "{n} Anak tersisa · Induk menang jika Anak terlalu sedikit untuk mengepungnya ({t} atau kurang)",
    capturedN: "{n} ditangkap",
  },
  pt: {
    title: "Juroku Musashi", language: "Idioma", naming: "Nomes", namingSite: "General / soldados",
    namingPlatform: "Pai / Filhos", setchinAt: "Setchin", below: "embaixo", right: "à direita",
    marks: "Mostrar Filhos ameaçados", version: "Versão", classic: "Clássico",
    noSetchin: "Sem setchin", soldiersFirst: "Filhos começam", custom: "Personalizado",
    board: "Tabuleiro", board33: "33 pontos com setchin", board25: "quadrado de 25 pontos",
    first: "Primeira jogada", winsAt: "O Pai vence quando restam (Filhos)",
    tooFew: "poucos demais para cercar", repetition: "Repetição", repThird: "terceira vez: o Pai vence",
    repNoRepeat: "os Filhos não podem repetir", none: "nenhuma", moveLimit: "Limite de jogadas",
    limitPlies: "300 jogadas", limitSoldier: "100 jogadas dos Filhos", youPlay: "Você joga com",
    level: "Nível", easy: "Fácil", normal: "Normal", hard: "Difícil", newGame: "Novo jogo",
    continue: "Continuar", hint: "Dica", undo: "Desfazer", resign: "Desistir",
    rematch: "Revanche (trocar de lado)", yourTurn: "Sua vez: você joga com {sideArt}.",
    pick: "Escolha uma peça e depois o destino.",
    thinking: "O computador ({side}, {level}) está pensando…",
    saved: "Há um jogo salvo neste aparelho: continue-o ou comece um novo.",
    repWarning: "Esta posição já ocorreu duas vezes. Mais uma e o Pai vence.",
    trap: "Cerco: o Pai não tem jogada legal. Os Filhos vencem.",
    tooFewEnd: "Restam Filhos de menos para cercar o Pai. O Pai vence.",
    stuck: "Os Filhos não têm jogada legal. O Pai vence.",
    repEnd: "A mesma posição ocorreu pela terceira vez. O Pai vence.",
    limitEnd: "O limite de jogadas foi atingido sem cerco. O Pai vence.",
    endless: "O jogo durou {n} jogadas sem terminar: jogo sem fim conta como vitória do Pai.",
    resignedG: "O Pai desistiu. Os Filhos vencem.", resignedS: "Os Filhos desistiram. O Pai vence.",
    youWon: "Você venceu!", youLost: "Você perdeu.",
    nearest: "Nenhum nível foi calibrado para estas regras: joga o nível {preset}.",
    info: "Restam {n} Filhos · o Pai vence com {t} ou menos", left: "faltam {n} jogadas",
    leftSoldier: "faltam {n} jogadas dos Filhos", hintBy: "Dica ({level}): {move}",
    tookBack: "Desfeito: {moves}",
    qdan: "Padrão (plataforma)", howTo: "Como jogar",
    rules1: "Um Pai contra dezesseis Filhos. Na sua vez, mova uma das suas peças um passo ao longo de uma linha até um ponto vazio.",
    rules2: "O Pai captura ao entrar entre dois Filhos alinhados com ele: os dois são retirados. Os Filhos nunca capturam.",
    rules3: "Os Filhos vencem ao cercar o Pai até que ele não possa se mover. O Pai vence quando restam poucos Filhos (indicado abaixo do tabuleiro), ou conforme as regras de repetição e de limite de jogadas.",
    legendTitle: "Marcas no tabuleiro", legThreat: "anel vermelho tracejado: um Filho que o Pai pode capturar agora",
    legCapture: "×2 junto a um ponto: quantos o Pai captura ao ir para lá",
    legUnsafe: "× vermelho (peça escolhida): depois desta jogada, o Pai poderia capturar a peça movida",
    legLast: "linha laranja: a última jogada; círculos tracejados: as peças que ela capturou", legHint: "linha azul tracejada: a dica",
    confirmResign: "Desistir deste jogo?", confirmNew: "Abandonar o jogo em andamento e começar um novo?",
    infoTooFew: "Restam {n} Filhos · o Pai vence quando restam poucos demais para cercá-lo ({t} ou menos)",
    capturedN: "{n} capturado(s)",
  },
};

// French and Portuguese name a side with its article in "you play ...".
const SIDE_WITH_ARTICLE = {
  fr: { general: "le Parent", soldiers: "les Enfants" },
  pt: { general: "o Pai", soldiers: "os Filhos" },
};

// ---- state ---------------------------------------------------------------------------------

const SETTINGS_KEY = "musashi.settings";
const GAME_KEY = "musashi.game";
const $ = (id) => document.getElementById(id);
const SVG_NS = "http://www.w3.org/2000/svg";

let options = null;   // GET /api/options
let game = null;      // the last GameView
let selected = null;  // the point name of the selected piece
let hint = null;      // the suggested move, "c3-b2"
let busy = false;     // a request is under way
let note = null;      // a line under the board (hint, undo): { key, vars, level }

function loadJson(key) {
  try { return JSON.parse(localStorage.getItem(key) || "null"); } catch (_) { return null; }
}

function settings() {
  return {
    lang: $("lang").value, naming: $("naming").value, setchin: $("setchin").value,
    marks: $("marks").checked, version: $("version").value, human: $("human").value,
    level: $("level").value, board: $("opt-board").value, first: $("opt-first").value,
    wins: $("opt-wins").value, repetition: $("opt-repetition").value, limit: $("opt-limit").value,
  };
}

function applySettings(s) {
  if (!s) return;
  const set = (id, v) => { if (v !== undefined && v !== null) $(id).value = v; };
  set("lang", s.lang); set("naming", s.naming); set("setchin", s.setchin); set("version", s.version);
  set("human", s.human); set("level", s.level); set("opt-board", s.board); set("opt-first", s.first);
  set("opt-wins", s.wins); set("opt-repetition", s.repetition); set("opt-limit", s.limit);
  if (typeof s.marks === "boolean") $("marks").checked = s.marks;
}

function saveSettings() {
  localStorage.setItem(SETTINGS_KEY, JSON.stringify(settings()));
}

// The words of the chosen language and naming.
function words() {
  const lang = $("lang").value;
  return WORDS[lang] || WORDS.en;
}

function sideNames() {
  const lang = $("lang").value;
  if (lang === "en") return $("naming").value === "site" ? SIDES.site : SIDES.en;
  return SIDES[lang];
}

function t(key, extra) {
  const names = sideNames();
  const vars = Object.assign({ G: names.general, S: names.soldiers, Gc: names.General, Sc: names.Soldiers }, extra || {});
  const text = words()[key] || WORDS.en[key] || key;
  return text.replace(/\{(\w+)\}/g, (m, k) => (k in vars ? vars[k] : m));
}

function translatePage() {
  document.documentElement.lang = $("lang").value;
  document.querySelectorAll("[data-t]").forEach((el) => { el.textContent = t(el.dataset.t); });
  document.querySelectorAll("[data-side]").forEach((el) => { el.textContent = sideNames()[el.dataset.side]; });
  $("naming-box").hidden = $("lang").value !== "en";
  document.title = t("title");
}

// A preset as players read it (never its internal name).
function presetName(preset) {
  const key = { classic: "classic", "no-setchin": "noSetchin", "soldiers-first": "soldiersFirst", qdan: "qdan" }[preset];
  return key ? t(key) : t("custom");
}

// ---- the API -------------------------------------------------------------------------------

// Where the API is answered: this page's server (`musashi serve`), or in a static site
// (`musashi site`, marked by a meta tag) the WebAssembly module in a Web Worker of this page.
const BACKEND = document.querySelector('meta[name="musashi-backend"]')?.content || "server";
let worker = null;
const pending = new Map();
let nextRequest = 1;

function workerRequest(method, path, body) {
  if (!worker) {
    worker = new Worker("site-worker.js", { type: "module" });
    worker.onmessage = (e) => {
      const resolve = pending.get(e.data.id);
      pending.delete(e.data.id);
      if (resolve) resolve(e.data);
    };
  }
  return new Promise((resolve) => {
    const id = nextRequest++;
    pending.set(id, resolve);
    worker.postMessage({ id, method, path, body: body === undefined ? null : JSON.stringify(body) });
  });
}

async function api(method, path, body) {
  if (BACKEND === "wasm") {
    const r = await workerRequest(method, path, body);
    const data = r.error !== undefined ? { error: r.error } : JSON.parse(r.body);
    // How long the module took (the browser test reads it).
    if (r.ms !== undefined) document.body.dataset.lastRequestMs = r.ms.toFixed(2);
    if (r.error !== undefined || r.status < 200 || r.status >= 300) {
      const e = new Error(data.error || `status ${r.status}`);
      e.status = r.status || 500;
      throw e;
    }
    return data;
  }
  const init = { method, headers: {} };
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  const r = await fetch(path, init);
  const data = await r.json().catch(() => ({ error: `HTTP ${r.status}` }));
  if (!r.ok) {
    const e = new Error(data.error || `HTTP ${r.status}`);
    e.status = r.status;
    throw e;
  }
  return data;
}

function showError(e) {
  $("error").textContent = e ? e.message : "";
  $("error").hidden = !e;
}

// The rules of the setup form, as the API takes them.
function chosenRules() {
  const s = settings();
  if (s.version !== "custom") return { preset: s.version };
  const wins = s.wins === "too-few" ? "too-few" : Number(s.wins);
  return { preset: "custom", board: s.board, first: s.first, general_wins_at: wins, repetition: s.repetition, move_limit: s.limit };
}

// Keeps what continuing the game needs: its id, and enough to create it again from its moves.
function saveGame() {
  if (!game) return;
  const saved = { id: game.id, rules: Object.assign({ preset: "custom" }, game.rules), human: game.human, level: game.level, moves: game.moves, over: !!game.outcome };
  localStorage.setItem(GAME_KEY, JSON.stringify(saved));
}

async function newGame(rules, human, level, moves) {
  const body = { rules, human, level };
  if (moves && moves.length) body.moves = moves;
  return (await api("POST", "/api/games", body)).game;
}

// Whether a game is under way (started, not over): leaving it asks first.
function midGame() {
  return !!(game && !game.outcome);
}

async function start() {
  if (midGame() && !window.confirm(t("confirmNew"))) return;
  await begin(chosenRules(), $("human").value, $("level").value);
}

async function begin(rules, human, level) {
  await run(async () => {
    saveSettings();
    selected = null;
    hint = null;
    note = null;
    game = await newGame(rules, human, level);
    $("continue").hidden = true;
  });
}

async function continueSaved() {
  const saved = loadJson(GAME_KEY);
  if (!saved) return;
  await run(async () => {
    try {
      game = (await api("GET", `/api/games/${encodeURIComponent(saved.id)}`)).game;
    } catch (e) {
      if (e.status !== 404) throw e;
      // The server no longer holds it (expired or restarted): play its moves again.
      game = await newGame(saved.rules, saved.human, saved.level, saved.moves);
    }
    $("continue").hidden = true;
  });
}

// The same rules and level, the sides swapped.
async function rematch() {
  if (!game) return;
  if (midGame() && !window.confirm(t("confirmNew"))) return;
  const human = game.human === "general" ? "soldiers" : "general";
  $("human").value = human;
  await begin(Object.assign({ preset: "custom" }, game.rules), human, game.level);
}

// Runs one request at a time, then draws, then lets the computer move if it is its turn.
async function run(work) {
  if (busy) return;
  busy = true;
  showError(null);
  render();
  try {
    await work();
  } catch (e) {
    showError(e);
  } finally {
    busy = false;
  }
  saveGame();
  render();
  if (game && !game.outcome && game.to_move !== game.human) {
    await run(async () => {
      const a = await api("POST", `/api/games/${game.id}/reply`);
      game = a.game;
    });
  }
}

async function play(move) {
  selected = null;
  hint = null;
  note = null;
  await run(async () => { game = (await api("POST", `/api/games/${game.id}/move`, { move })).game; });
}

async function askHint() {
  await run(async () => {
    const a = await api("POST", `/api/games/${game.id}/hint`, {});
    game = a.game;
    hint = a.move;
    note = { key: "hintBy", vars: { move: a.move }, level: a.by.level };
  });
}

async function undo() {
  await run(async () => {
    const a = await api("POST", `/api/games/${game.id}/undo`);
    game = a.game;
    selected = null;
    hint = null;
    note = { key: "tookBack", vars: { moves: a.taken_back.join(", ") } };
  });
}

async function resign() {
  if (!window.confirm(t("confirmResign"))) return;
  await run(async () => { game = (await api("POST", `/api/games/${game.id}/resign`)).game; });
}

// ---- drawing -------------------------------------------------------------------------------

const STEP = 100;
const MARGIN = 55;

// Where a point is drawn: the setchin below (as the rules draw it) or on the right.
function place(col, row) {
  const right = $("setchin").value === "right";
  const x = right ? row : col;
  const y = right ? 4 - col : row;
  return [MARGIN + x * STEP, MARGIN + y * STEP];
}

function el(name, attrs, parent) {
  const e = document.createElementNS(SVG_NS, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (parent) parent.appendChild(e);
  return e;
}

function boardOf(name) {
  return options.boards.find(([b]) => b === name)[1];
}

function render() {
  translatePage();
  drawBoard();
  drawPanel();
}

function drawBoard() {
  const svg = $("board");
  svg.replaceChildren();
  if (!options) return;
  const b = boardOf(game ? game.rules.board : "33");
  const at = {};
  for (const p of b.points) at[p.name] = place(p.col, p.row);
  const xs = Object.values(at).map((p) => p[0]);
  const ys = Object.values(at).map((p) => p[1]);
  svg.setAttribute("viewBox", `0 0 ${Math.max(...xs) + MARGIN} ${Math.max(...ys) + MARGIN}`);
  const setchin = b.points.filter((p) => p.setchin).map((p) => p.name);
  if (setchin.length) {
    const corners = ["c5", "a7", "e7"].map((n) => at[n].join(",")).join(" ");
    el("polygon", { points: corners, class: "setchin-area" }, svg);
  }
  for (const [a, c] of b.lines) {
    el("line", { x1: at[a][0], y1: at[a][1], x2: at[c][0], y2: at[c][1], class: "line" }, svg);
  }
  drawCoordinates(svg, b);
  if (game && game.moves.length) {
    const last = game.moves[game.moves.length - 1].split("-");
    el("line", { x1: at[last[0]][0], y1: at[last[0]][1], x2: at[last[1]][0], y2: at[last[1]][1], class: "last" }, svg);
  }
  const legal = game ? game.legal : [];
  const mine = game && !game.outcome && game.to_move === game.human && !busy;
  const movable = new Set(mine ? legal.map((m) => m.split("-")[0]) : []);
  const targets = new Set(selected ? legal.filter((m) => m.startsWith(selected + "-")).map((m) => m.split("-")[1]) : []);
  const marks = $("marks").checked && game ? game.marks : null;
  const unsafe = new Set(marks && selected ? marks.unsafe_moves.filter((m) => m.startsWith(selected + "-")).map((m) => m.split("-")[1]) : []);
  const threatened = new Set(marks ? marks.threatened : []);
  const captures = new Map(marks ? marks.captures.map((c) => [c.to, c.count]) : []);
  const soldiers = new Set(game ? game.soldiers : []);
  const captured = new Set(game ? game.captured : []);
  for (const p of b.points) {
    const [x, y] = at[p.name];
    const g = el("g", { "data-point": p.name, class: "point" }, svg);
    el("circle", { cx: x, cy: y, r: 6, class: "spot" }, g);
    if (captured.has(p.name)) {
      // The soldier just taken shows for a moment, then stays as a dashed outline.
      el("circle", { cx: x, cy: y, r: 24, class: "taken" }, g);
      el("circle", { cx: x, cy: y, r: 26, class: "captured" }, g);
    }
    if (targets.has(p.name)) {
      el("circle", { cx: x, cy: y, r: 20, class: "target" }, g);
      g.setAttribute("data-target", "");
    }
    if (game && game.general === p.name) {
      el("circle", { cx: x, cy: y, r: 30, class: "general" + (selected === p.name ? " selected" : "") }, g);
    } else if (soldiers.has(p.name)) {
      el("circle", { cx: x, cy: y, r: 24, class: "soldier" + (selected === p.name ? " selected" : "") }, g);
    }
    if (threatened.has(p.name)) el("circle", { cx: x, cy: y, r: 33, class: "threat" }, g);
    if (captures.has(p.name)) {
      const n = el("text", { x: x + 18, y: y - 16, class: "capture-count" }, g);
      n.textContent = "×" + captures.get(p.name);
    }
    if (unsafe.has(p.name)) {
      el("line", { x1: x - 14, y1: y - 14, x2: x + 14, y2: y + 14, class: "unsafe" }, g);
      el("line", { x1: x - 14, y1: y + 14, x2: x + 14, y2: y - 14, class: "unsafe" }, g);
      g.setAttribute("data-unsafe", "");
    }
    if (movable.has(p.name)) g.setAttribute("data-movable", "");
    el("circle", { cx: x, cy: y, r: 44, class: "hit" }, g);
    g.addEventListener("click", () => clickPoint(p.name));
  }
  if (hint && game && game.legal.includes(hint)) {
    const [a, c] = hint.split("-");
    el("line", { id: "hint-line", "data-move": hint, x1: at[a][0], y1: at[a][1], x2: at[c][0], y2: at[c][1], class: "hint" }, svg);
  }
}

// The files' letters beyond the first rank and the ranks' numbers beyond the first file, as the
// moves name the points (a1 is the top left corner; with the setchin on the right it turns).
function drawCoordinates(svg, b) {
  const cols = [...new Set(b.points.map((p) => p.col))];
  const rows = [...new Set(b.points.map((p) => p.row))];
  for (const c of cols) {
    const [x, y] = place(c, -0.42);
    el("text", { x, y, class: "coord", "data-coord": "file" }, svg).textContent = String.fromCharCode(97 + c);
  }
  for (const r of rows) {
    const [x, y] = place(-0.42, r);
    el("text", { x, y, class: "coord", "data-coord": "rank" }, svg).textContent = String(r + 1);
  }
}

function clickPoint(name) {
  if (!game || game.outcome || busy || game.to_move !== game.human) return;
  if (selected && game.legal.includes(`${selected}-${name}`)) {
    play(`${selected}-${name}`);
    return;
  }
  const own = game.legal.some((m) => m.startsWith(name + "-"));
  selected = own && selected !== name ? name : null;
  drawBoard();
}

function drawPanel() {
  const over = game && game.outcome;
  const mine = game && !over && game.to_move === game.human;
  $("hint").disabled = !mine || busy;
  $("undo").disabled = !game || busy || !personHasMoved(game);
  $("resign").disabled = !game || over || busy;
  $("rematch").disabled = !game || busy;
  $("new").disabled = busy;
  const names = sideNames();
  let status = "";
  if (game && !over) {
    if (mine) {
      const lang = $("lang").value;
      const article = SIDE_WITH_ARTICLE[lang] ? SIDE_WITH_ARTICLE[lang][game.human] : names[game.human];
      status = t("yourTurn", { side: names[game.human], sideArt: article }) + " " + (selected ? "" : t("pick"));
    } else {
      status = t("thinking", { side: names[game.to_move], level: t(game.opponent.level) });
    }
  } else if (!game && loadJson(GAME_KEY)) {
    status = t("saved");
  }
  $("status").textContent = status;
  $("warning").hidden = !(game && game.repetition_warning && !over);
  $("warning").textContent = t("repWarning");
  $("ending").hidden = !over;
  $("ending").textContent = over ? endingText(game) : "";
  $("ending").classList.toggle("lost", !!(over && game.outcome.winner !== game.human));
  document.querySelector("main").classList.toggle("in-game", !!game);
  const info = [];
  if (game) {
    const tooFew = game.rules.general_wins_at === "too-few";
    info.push(t(tooFew ? "infoTooFew" : "info", { n: game.soldiers.length, t: game.threshold }));
    if (game.moves_left !== null && !over) {
      info.push(t(game.rules.move_limit.startsWith("soldier") ? "leftSoldier" : "left", { n: game.moves_left }));
    }
    if (!game.opponent.calibrated) info.push(t("nearest", { preset: presetName(game.opponent.preset) }));
    if (note) info.push(t(note.key, Object.assign({ level: note.level ? t(note.level) : "" }, note.vars)));
  }
  $("info").textContent = info.join(" · ");
  const list = $("moves");
  list.replaceChildren();
  for (const m of game ? game.moves : []) {
    const li = document.createElement("li");
    li.textContent = m;
    list.appendChild(li);
  }
}

// Whether the person has made a move yet (the computer may have opened the game).
function personHasMoved(g) {
  return g.moves.length >= (g.rules.first === g.human ? 1 : 2);
}

function endingText(g) {
  const o = g.outcome;
  const byReason = {
    trap: "trap", "too-few-soldiers": "tooFewEnd", "soldiers-stuck": "stuck", repetition: "repEnd",
    "move-limit": o.endless ? "endless" : "limitEnd",
    resignation: o.winner === "general" ? "resignedS" : "resignedG",
  };
  const result = o.winner === g.human ? t("youWon") : t("youLost");
  return `${result} ${t(byReason[o.reason], { n: g.plies })}`;
}

// ---- wiring --------------------------------------------------------------------------------

async function init() {
  applySettings(loadJson(SETTINGS_KEY));
  $("custom").hidden = $("version").value !== "custom";
  for (const id of ["lang", "naming", "setchin", "marks"]) {
    $(id).addEventListener("change", () => { saveSettings(); render(); });
  }
  $("version").addEventListener("change", () => { $("custom").hidden = $("version").value !== "custom"; saveSettings(); });
  for (const id of ["human", "level", "opt-board", "opt-first", "opt-wins", "opt-repetition", "opt-limit"]) {
    $(id).addEventListener("change", saveSettings);
  }
  $("new").addEventListener("click", start);
  $("continue").addEventListener("click", continueSaved);
  $("hint").addEventListener("click", askHint);
  $("undo").addEventListener("click", undo);
  $("resign").addEventListener("click", resign);
  $("rematch").addEventListener("click", rematch);
  try {
    options = await api("GET", "/api/options");
  } catch (e) {
    showError(e);
    return;
  }
  const saved = loadJson(GAME_KEY);
  $("continue").hidden = !(saved && !saved.over);
  render();
  document.body.dataset.ready = "";
}

init();
