// The explorer's page: a worksheet and a position editor over the JSON API of
// `partizan explore` (src/cli/explore/api.rs). Every value shown comes from the server; this
// file only lays them out. Pictures (boards, thermographs) are SVG drawn by the library.
'use strict';

// The page session: names assigned in the worksheet persist under this id on the server.
const SESSION = (crypto.randomUUID ? crypto.randomUUID() : String(Math.random()).slice(2)).replace(/[^A-Za-z0-9-]/g, '');

// The side of a board's square and the board's offset in the library's pictures
// (partizan::render::board::CELL).
const CELL = 28, OFFSET = 1;

// The families the editor knows: the characters a square cycles through (the first is what a
// new board holds unless `fill` says otherwise), and how a board's text becomes a call.
const FAMILIES = {
  domineering: { label: 'Domineering', cells: '.#', rows: 2, cols: 3, legend: '. empty, # a hole; Left places vertical dominoes, Right horizontal' },
  cram: { label: 'Cram', cells: '.#', rows: 3, cols: 3, legend: '. empty, # a hole; either player places a domino either way' },
  clobber: { label: 'Clobber', cells: 'xo.', rows: 2, cols: 3, fill: (r, c) => (r + c) % 2 ? 'o' : 'x', legend: 'x Left\'s stones, o Right\'s, . empty' },
  konane: { label: 'Konane', cells: 'xo.#', rows: 3, cols: 3, fill: (r, c) => (r + c) % 2 ? 'o' : 'x', legend: 'x Left\'s stones, o Right\'s, . empty, # off the board' },
  amazons: { label: 'Amazons', cells: '.xo#', rows: 2, cols: 4, fill: (r, c, rows, cols) => (r === 0 && c === 0) ? 'x' : (r === rows - 1 && c === cols - 1) ? 'o' : '.', legend: 'x Left\'s amazons, o Right\'s, . empty, # an arrow' },
  nogo: { label: 'NoGo', cells: '.xo#', rows: 2, cols: 3, legend: 'x Black (Left), o White (Right), . empty, # off the board' },
  fission: { label: 'Fission', cells: '.x#', rows: 3, cols: 3, fill: (r, c, rows, cols) => (r === rows >> 1 && c === cols >> 1) ? 'x' : '.', legend: 'x a stone, . empty, # blocked; Left splits vertically, Right horizontally' },
  toads: { label: 'Toads and Frogs', cells: '.TF', rows: 1, cols: 6, strip: true, fill: (r, c, rows, cols) => c < cols / 3 ? 'T' : c >= cols - cols / 3 ? 'F' : '.', legend: 'T Left\'s toads (move right), F Right\'s frogs (move left), . empty' },
  elephants_rhinos: { label: 'Elephants and Rhinos', cells: '.ER', rows: 1, cols: 6, strip: true, fill: (r, c, rows, cols) => c < cols / 3 ? 'E' : c >= cols - cols / 3 ? 'R' : '.', legend: 'E Left\'s elephants (step right), R Right\'s rhinos (step left), . empty' },
  toppling_dominoes: { label: 'Toppling Dominoes', cells: 'LRG', rows: 1, cols: 4, strip: true, fill: (r, c) => 'LRG'[c % 3], legend: 'L blue (Left\'s), R red (Right\'s), G green (either\'s)' },
  king_dirt: { label: 'King Dirt', cells: '.XO#', rows: 3, cols: 3, prefix: '0,0,0:', fill: (r, c, rows, cols) => (r === 0 && c === 0) ? 'X' : (r === rows - 1 && c === cols - 1) ? 'O' : '.', legend: 'X Black\'s king (Left), O White\'s (Right), . empty, # dirt' },
};

const $ = (id) => document.getElementById(id);
const el = (tag, cls, text) => {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
};

// ---- The API ----

async function post(path, body) {
  const response = await fetch(path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return response.json();
}

// Runs an evaluation: the answer, after polling while the server says it runs. `task` gets the
// job id (for Cancel) and `progress` the running state.
async function evaluate(body, task, progress) {
  let answer = await post('/api/eval', body);
  while (answer.state === 'running') {
    task.job = answer.job;
    if (progress) progress(answer);
    const response = await fetch('/api/job/' + answer.job);
    answer = await response.json();
  }
  task.job = null;
  return answer;
}

function cancel(task) {
  if (task.job != null) post('/api/cancel', { job: task.job });
}

// Closing the page stops its work on the server.
window.addEventListener('pagehide', () => {
  fetch('/api/close', {
    method: 'POST', keepalive: true,
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ session: SESSION }),
  });
});

// ---- Shared pieces ----

function outcomeBadge(outcome) {
  const b = el('span', 'outcome ' + outcome, outcome);
  b.title = { L: 'Left wins', R: 'Right wins', N: 'the player to move wins', P: 'the player not to move wins' }[outcome] || '';
  return b;
}

// The input with the part an error is about marked.
function markedInput(input, answer) {
  const box = el('div', 'in');
  const span = answer.char_span;
  if (!span) { box.textContent = input; return box; }
  const [start, end] = span;
  box.append(document.createTextNode(input.slice(0, start)));
  const mark = el('mark', 'span' + (end > start ? '' : ' empty'), input.slice(start, end));
  box.append(mark, document.createTextNode(input.slice(end)));
  return box;
}

function properties(game) {
  const dl = el('dl');
  const rows = [['canonical form', game.canonical_unicode], ['outcome', game.outcome],
    ['left stop', game.left_stop], ['right stop', game.right_stop], ['mean', game.mean],
    ['temperature', game.temperature], ['birthday', game.birthday]];
  for (const [k, v] of rows) {
    if (v === undefined) continue;
    dl.append(el('dt', null, k), el('dd', null, v));
  }
  return dl;
}

function svgBox(svg, cls) {
  const box = el('div', cls);
  box.innerHTML = svg; // drawn by the library's renderer
  return box;
}

// ---- The worksheet ----

const recalled = [];
let recallAt = 0;

function runEntry(input) {
  recalled.push(input);
  recallAt = recalled.length;
  const item = el('li', 'entry running');
  item.append(el('div', 'in', input));
  const out = el('div', 'out');
  const status = el('span', 'status', 'working…');
  const task = {};
  const stop = el('button', 'cancel', 'Cancel');
  stop.type = 'button';
  stop.addEventListener('click', () => cancel(task));
  out.append(status, stop);
  item.append(out);
  $('history').append(item);
  const progress = (p) => {
    status.textContent = `working… ${p.seconds.toFixed(1)} s, ${p.positions.toLocaleString()} positions`;
  };
  evaluate({ input, session: SESSION, properties: true, thermograph: true }, task, progress)
    .then((answer) => showEntry(item, input, answer))
    .catch((e) => showEntry(item, input, { error: 'no answer from the server: ' + e.message }));
}

function showEntry(item, input, answer) {
  item.className = 'entry';
  item.replaceChildren();
  if (answer.error) {
    item.classList.add('error');
    item.append(markedInput(input, answer));
    const out = el('div', 'out');
    out.append(el('span', 'message', answer.error));
    item.append(out);
    return;
  }
  item.append(el('div', 'in', input));
  const out = el('div', 'out');
  if (answer.value === null) {
    out.append(el('span', 'hint', '(no value: the entry ends with ;)'));
    item.append(out);
    return;
  }
  const value = el('span', 'value', answer.unicode);
  value.title = answer.value;
  out.append(value);
  const extra = el('div', 'extra');
  if (answer.game) {
    out.append(outcomeBadge(answer.game.outcome));
    out.append(toggle('Properties', extra, () => properties(answer.game)));
    if (answer.game.thermograph_svg) {
      out.append(toggle('Thermograph', extra, () => svgBox(answer.game.thermograph_svg, 'thermograph')));
    }
  } else if (answer.thermograph_svg) {
    out.append(toggle('Picture', extra, () => svgBox(answer.thermograph_svg, 'thermograph')));
  }
  if (answer.position) {
    const open = el('button', null, 'Explore');
    open.type = 'button';
    open.title = 'Open this position: its board and options';
    open.addEventListener('click', () => explore.open(answer.position.call, true));
    out.append(open);
  }
  item.append(out, extra);
}

// A button that shows or hides the piece `make` builds in `box`.
function toggle(label, box, make) {
  const b = el('button', 'toggle', label);
  b.type = 'button';
  let shown = null;
  b.addEventListener('click', () => {
    if (shown) { shown.remove(); shown = null; return; }
    shown = make();
    box.append(shown);
  });
  return b;
}

$('entry-form').addEventListener('submit', (e) => {
  e.preventDefault();
  const input = $('entry').value;
  if (!input.trim()) return;
  $('entry').value = '';
  runEntry(input);
});

$('entry').addEventListener('keydown', (e) => {
  if (e.key === 'ArrowUp' && recallAt > 0) { recallAt--; $('entry').value = recalled[recallAt]; e.preventDefault(); }
  if (e.key === 'ArrowDown') { recallAt = Math.min(recalled.length, recallAt + 1); $('entry').value = recalled[recallAt] || ''; e.preventDefault(); }
});

// ---- The position: a board to edit, its value, its options, the trail ----

// A board: family and rows of characters, or null for a position the editor cannot edit.
function readCall(call) {
  const m = /^([a-z_]+)\("([^"]*)"\)$/.exec(call);
  if (!m || !FAMILIES[m[1]]) return null;
  const family = FAMILIES[m[1]];
  let text = m[2];
  if (family.prefix) {
    if (!text.startsWith(family.prefix)) return null;
    text = text.slice(family.prefix.length);
  }
  const rows = text.split(family.strip ? ' ' : '|').map((r) => r.split(''));
  if (rows.some((r) => r.some((c) => !family.cells.includes(c)))) return null;
  return { family: m[1], rows };
}

function writeCall(board) {
  const family = FAMILIES[board.family];
  const text = board.rows.map((r) => r.join('')).join(family.strip ? ' ' : '|');
  return `${board.family}("${family.prefix || ''}${text}")`;
}

function newBoard(name, rows, cols) {
  const family = FAMILIES[name];
  if (family.strip) rows = 1;
  const fill = family.fill || (() => family.cells[0]);
  const board = [];
  for (let r = 0; r < rows; r++) {
    const row = [];
    for (let c = 0; c < cols; c++) row.push(fill(r, c, rows, cols));
    board.push(row);
  }
  return { family: name, rows: board };
}

const explore = {
  call: null, // the position shown
  trail: [], // the positions before it
  task: {}, // the evaluation in progress
  generation: 0,

  // Shows `call`; `fresh` starts a new trail.
  open(call, fresh) {
    if (fresh) this.trail = [];
    this.call = call;
    const board = readCall(call);
    if (board) {
      $('family').value = board.family;
      $('legend').textContent = FAMILIES[board.family].legend;
    }
    $('call').value = call;
    this.drawTrail();
    this.drawBoard(call);
    this.evaluate(call);
  },

  moveTo(call) {
    this.trail.push(this.call);
    this.open(call, false);
  },

  drawTrail() {
    const nav = $('trail');
    nav.replaceChildren();
    if (!this.trail.length) return;
    nav.append(el('span', 'hint', 'Trail: '));
    this.trail.forEach((call, i) => {
      const b = el('button', null, i === 0 ? 'start' : String(i));
      b.type = 'button';
      b.title = call;
      b.addEventListener('click', () => {
        this.trail = this.trail.slice(0, i);
        this.open(call, false);
      });
      nav.append(b);
    });
  },

  async drawBoard(call) {
    const answer = await post('/api/board', { call });
    if (call !== this.call) return;
    const box = $('board');
    if (answer.board_svg) {
      box.innerHTML = answer.board_svg;
      const svg = box.querySelector('svg');
      svg.style.setProperty('--w', svg.getAttribute('width') + 'px');
    } else {
      box.replaceChildren();
    }
  },

  async evaluate(call) {
    cancel(this.task);
    const task = (this.task = {});
    const generation = ++this.generation;
    $('values').replaceChildren();
    $('left-options').replaceChildren();
    $('right-options').replaceChildren();
    $('left-count').textContent = $('right-count').textContent = '';
    $('follower-count').textContent = '';
    const status = $('position-status');
    status.className = '';
    status.textContent = 'working…';
    const answer = await evaluate({ input: call, properties: true, options: true }, task, (p) => {
      if (generation === this.generation) status.textContent = `working… ${p.seconds.toFixed(1)} s (Cancel: edit the board or open another position)`;
    });
    if (generation !== this.generation) return;
    if (answer.error) {
      status.className = 'error';
      status.textContent = answer.error;
      return;
    }
    status.textContent = '';
    const values = $('values');
    const game = answer.game;
    const rows = [['value', answer.unicode], ['outcome', game && game.outcome],
      ['temperature', game && game.temperature], ['mean', game && game.mean],
      ['stops', game && `${game.left_stop}, ${game.right_stop}`]];
    for (const [k, v] of rows) if (v) values.append(el('dt', null, k), el('dd', 'value-' + k.replace(/ /g, '-'), v));
    const p = answer.position;
    if (!p) return;
    for (const side of ['left', 'right']) {
      const list = $(side + '-options');
      const options = p[side + '_options'] || [];
      const count = p[side + '_options_count'] || 0;
      $(side + '-count').textContent = `(${count}${count > options.length ? `, ${options.length} shown` : ''})`;
      if (!count) list.append(el('span', 'hint', 'none'));
      for (const o of options) list.append(this.option(o));
    }
  },

  option(o) {
    const b = el('button', 'option' + (o.winning ? ' winning' : '') + (o.board_svg ? '' : ' text'));
    b.type = 'button';
    b.title = o.call + (o.move ? ` (${o.move})` : '') + (o.winning ? ' (a winning move)' : '');
    if (o.move) b.append(el('span', 'move', o.move));
    if (o.board_svg) b.append(svgBox(o.board_svg, 'mini'));
    else b.append(el('span', null, o.call));
    b.append(el('span', 'value', o.error ? o.error : o.unicode));
    b.addEventListener('click', () => this.moveTo(o.call));
    return b;
  },

  // A click on the board: the square under it takes the next character of its family.
  click(e) {
    const board = readCall(this.call || '');
    const svg = $('board').querySelector('svg');
    if (!board || !svg) return;
    const box = svg.getBoundingClientRect();
    const scale = box.width / Number(svg.getAttribute('width'));
    const c = Math.floor(((e.clientX - box.left) / scale - OFFSET) / CELL);
    const r = Math.floor(((e.clientY - box.top) / scale - OFFSET) / CELL);
    if (r < 0 || r >= board.rows.length || c < 0 || c >= board.rows[r].length) return;
    const cells = FAMILIES[board.family].cells;
    board.rows[r][c] = cells[(cells.indexOf(board.rows[r][c]) + 1) % cells.length];
    this.open(writeCall(board), true);
  },
};

for (const [name, f] of Object.entries(FAMILIES)) {
  const o = el('option', null, f.label);
  o.value = name;
  $('family').append(o);
}

$('family').addEventListener('change', () => {
  const f = FAMILIES[$('family').value];
  $('rows').value = f.rows;
  $('cols').value = f.cols;
  $('board-form').requestSubmit();
});

$('board-form').addEventListener('submit', (e) => {
  e.preventDefault();
  const clamp = (v, hi) => Math.max(1, Math.min(hi, Number(v) || 1));
  explore.open(writeCall(newBoard($('family').value, clamp($('rows').value, 12), clamp($('cols').value, 16))), true);
});

$('board').addEventListener('click', (e) => explore.click(e));
$('copy').addEventListener('click', () => {
  $('call').select();
  if (navigator.clipboard) navigator.clipboard.writeText($('call').value);
});
$('to-sheet').addEventListener('click', () => { $('entry').value = $('call').value; $('entry').focus(); });
$('followers').addEventListener('click', async () => {
  const call = explore.call;
  $('follower-count').textContent = 'counting…';
  const answer = await evaluate({ input: call, followers: true }, {});
  if (call !== explore.call) return;
  const p = answer.position || {};
  $('follower-count').textContent = answer.error || p.followers_error || `${p.followers} followers`;
});

explore.open(writeCall(newBoard('domineering', 2, 3)), true);
$('entry').focus();
