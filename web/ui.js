/* ui.js — the browser player: levels, the board (SVG), keys, mouse and
 * touch, undo/redo by actions, the deadlock verdict after every change,
 * hints and solving in the worker, links, local storage and export. The
 * same pieces in the same order as `hako play` (app/cmd_play.c), over the
 * binding in core.js; nothing here reasons about Sokoban itself. */
'use strict';

const DEADLOCK_BUDGET = 3000;  /* corral pushes per check: as `hako play` */
const SOLVER_MEMORY_MIB = 256; /* the worker's search budget */
const STEP_MS = 70;            /* playback speed */
const DIRS = { l: [-1, 0], u: [0, -1], r: [1, 0], d: [0, 1] };
const KEYS = {
	ArrowLeft: 'l', ArrowUp: 'u', ArrowRight: 'r', ArrowDown: 'd',
	h: 'l', k: 'u', l: 'r', j: 'd', a: 'l', w: 'u', d: 'r', s: 'd',
};
const $ = (id) => document.getElementById(id);

const st = {
	hako: null,
	collections: [], /* {name, parsed (from core.js), handle owner} */
	current: 0,      /* collection index */
	index: 0,        /* level index */
	info: null,      /* the level played: {level, title, xsb, width, height} */
	game: 0,
	board: null,     /* width * height squares, then width * height dead flags */
	dead: { kind: 0, name: 'none', boxes: [] },
	marks: [0], mark: 0, /* undo/redo by actions: move counts after each */
	selected: null, targets: null,
	hint: null,      /* {x, y, dir, steps} */
	animation: null, /* {timer, steps, at} */
	worker: null, request: 0, pending: null,
	message: '', messageKind: '',
};

/* ------------------------------------------------------------ storage */

/* A level's storage key: FNV-1a of its board, so records follow a level
 * whatever collection or link it came from. */
function levelKey(xsb) {
	let h = 0x811c9dc5;
	for (let i = 0; i < xsb.length; i++) h = Math.imul(h ^ xsb.charCodeAt(i), 0x01000193) >>> 0;
	return 'hako:' + h.toString(16).padStart(8, '0') + ':' + xsb.length;
}

function loadRecord(xsb) {
	try { return JSON.parse(localStorage.getItem(levelKey(xsb))) || null; } catch { return null; }
}

/* Keep the solution if it beats the best by moves or by pushes; returns
 * whether it did. Replayed first: only a verified solution is stored. */
function saveSolution(info, lurd) {
	const r = st.hako.replay(info.level, lurd);
	if (!r.ok || !r.solved) return false;
	const record = loadRecord(info.xsb) || {};
	const entry = { moves: r.moves, pushes: r.pushes, lurd };
	let better = false;
	if (!record.moves || r.moves < record.moves.moves ||
		(r.moves === record.moves.moves && r.pushes < record.moves.pushes)) { record.moves = entry; better = true; }
	if (!record.pushes || r.pushes < record.pushes.pushes ||
		(r.pushes === record.pushes.pushes && r.moves < record.pushes.moves)) { record.pushes = entry; better = true; }
	if (better) {
		try { localStorage.setItem(levelKey(info.xsb), JSON.stringify(record)); } catch { /* full or off */ }
	}
	return better;
}

/* ------------------------------------------------------------- levels */

function addCollection(name, text) {
	const parsed = st.hako.parseCollection(text);
	st.collections.push({ name, parsed });
	const option = document.createElement('option');
	option.textContent = name;
	option.value = String(st.collections.length - 1);
	$('collection').append(option);
	return st.collections.length - 1;
}

function fillLevelList() {
	const list = $('level');
	list.textContent = '';
	st.collections[st.current].parsed.levels.forEach((info, i) => {
		const option = document.createElement('option');
		const solved = loadRecord(info.xsb) ? ' \u2713 solved' : '';
		option.textContent = `${i + 1}${info.title ? '. ' + info.title : ''}${solved}`;
		option.value = String(i);
		list.append(option);
	});
}

function openCollection(which, index) {
	st.current = which;
	$('collection').value = String(which);
	fillLevelList();
	const levels = st.collections[which].parsed.levels;
	if (index === undefined) {
		index = levels.findIndex((info) => info.valid && !loadRecord(info.xsb));
		if (index < 0) index = 0;
	}
	openLevel(levels[index], index);
}

function stopAll() {
	stopAnimation();
	cancelSolver();
	st.hint = null;
	st.selected = null;
}

function openLevel(info, index) {
	stopAll();
	if (st.game) st.hako.x.web_game_free(st.game);
	st.game = 0;
	st.info = info;
	st.index = index;
	$('level').value = String(index);
	st.marks = [0];
	st.mark = 0;
	st.message = '';
	const coll = st.collections[st.current];
	$('title').textContent = `${coll ? coll.name + ', level ' + (index + 1) : 'Link'}` +
		(info.title ? `: ${info.title}` : '') + (info.author ? ` by ${info.author}` : '');
	if (!info.valid) {
		say('warn', `This level cannot be played: ${info.error}`);
		st.board = null;
		draw();
		return;
	}
	st.game = st.hako.x.web_game_new(info.level);
	st.board = new Uint8Array(2 * info.width * info.height);
	afterChange(-1, false);
}

/* ------------------------------------------------------- the position */

function moves() { return st.game ? Number(st.hako.x.web_game_moves(st.game)) : 0; }
function pushes() { return st.game ? Number(st.hako.x.web_game_pushes(st.game)) : 0; }
function solved() { return st.game && st.hako.x.web_game_solved(st.game) === 1; }

function checkDeadlock() {
	const room = 64, out = st.hako.x.web_alloc(4 * (1 + 2 * room));
	const kind = st.hako.x.web_deadlock(st.game, DEADLOCK_BUDGET, out, room);
	const ints = new Int32Array(st.hako.x.memory.buffer, out, 1 + 2 * room);
	const boxes = [];
	for (let i = 0; kind > 0 && i < ints[0]; i++) boxes.push([ints[1 + 2 * i], ints[2 + 2 * i]]);
	st.hako.x.web_free(out);
	st.dead = { kind: Math.max(kind, 0), name: st.hako.string(st.hako.x.web_deadlock_name(Math.max(kind, 0))), boxes };
}

function say(kind, text) {
	st.messageKind = kind;
	st.message = text;
}

/* After anything that may have moved: the verdict, refusal, the record.
 * `before` is the move count before (-1: a new level); `action` marks an
 * undoable action (a step, a walk, a push, a playback). */
function afterChange(before, action) {
	if (!st.game) return;
	if (before >= 0 && moves() === before) { draw(); return; }
	if (before >= 0) {
		if (!st.animation) cancelSolver();
		st.hint = null;
		st.selected = null;
		st.targets = null;
	}
	checkDeadlock();
	if (st.dead.kind && action && $('refuse').checked) {
		const kind = st.dead.name;
		while (moves() > before && st.hako.x.web_game_undo(st.game));
		checkDeadlock();
		say('warn', `Refused: that push makes a ${kind} deadlock (uncheck "Refuse" to only warn).`);
		draw();
		return;
	}
	if (action) {
		st.marks.length = st.mark + 1;
		st.marks.push(moves());
		st.mark++;
	}
	if (st.dead.kind) {
		say('warn', `Deadlock (${st.dead.name}): the framed boxes can never all reach goals. Undo with u.`);
	} else if (solved()) {
		const lurd = st.hako.string(st.hako.x.web_game_lurd(st.game), true);
		const better = saveSolution(st.info, lurd);
		say('good', `Solved in ${moves()} moves, ${pushes()} pushes${better ? ' (a new best, saved)' : ''}. n: next level.`);
		if (better && st.collections[st.current]) fillLevelList(), ($('level').value = String(st.index));
	} else if (before >= 0) {
		say('', ''); /* the position moved on: old news goes */
	}
	draw();
}

function step(dir) {
	if (!st.game) return;
	stopAnimation();
	const before = moves();
	if (st.hako.x.web_game_step(st.game, dir.charCodeAt(0)) < 0) return;
	afterChange(before, true);
}

function undo() {
	if (!st.game) return;
	stopAnimation();
	const before = moves();
	const target = st.mark > 0 ? st.marks[st.mark - 1] : 0;
	if (st.mark > 0 && st.marks[st.mark] === before) st.mark--;
	while (moves() > target && st.hako.x.web_game_undo(st.game));
	afterChange(before, false);
}

function redo() {
	if (!st.game) return;
	stopAnimation();
	const before = moves();
	if (st.mark + 1 < st.marks.length) {
		st.mark++;
		while (moves() < st.marks[st.mark] && st.hako.x.web_game_redo(st.game));
		afterChange(before, false);
	} else if (st.hako.x.web_game_redo(st.game)) {
		afterChange(before, true);
	}
}

function restart() {
	if (!st.game) return;
	stopAnimation();
	const before = moves();
	st.hako.x.web_game_restart(st.game);
	st.mark = 0;
	afterChange(before, false);
}

function redoAll() {
	if (!st.game) return;
	const before = moves();
	while (st.hako.x.web_game_redo(st.game));
	st.mark = st.marks.length - 1;
	afterChange(before, false);
}

/* Play LURD letters (walks and pushes) from here as one action; returns
 * the 1-based step that was illegal, or 0. */
function playSteps(letters) {
	const before = moves();
	let bad = 0;
	for (let i = 0; i < letters.length; i++)
		if (st.hako.x.web_game_step(st.game, letters.charCodeAt(i) | 0x20) < 0) { bad = i + 1; break; }
	afterChange(before, true);
	return bad;
}

/* ------------------------------------------------------ mouse and touch */

function squareAt(event) {
	const svg = $('board'), point = svg.createSVGPoint();
	point.x = event.clientX;
	point.y = event.clientY;
	const p = point.matrixTransform(svg.getScreenCTM().inverse());
	return [Math.floor(p.x), Math.floor(p.y)];
}

function square(x, y) { return String.fromCharCode(st.board[y * st.info.width + x]); }

function click(x, y) {
	if (!st.game || x < 0 || y < 0 || x >= st.info.width || y >= st.info.height) return;
	stopAnimation();
	const w = st.info.width;
	if (st.selected && st.targets && st.targets[y * w + x]) {
		const before = moves();
		st.hako.x.web_game_push_box(st.game, st.selected[0], st.selected[1], x, y);
		afterChange(before, true);
		return;
	}
	const c = square(x, y);
	if (c === '$' || c === '*') {
		if (st.selected && st.selected[0] === x && st.selected[1] === y) {
			st.selected = null;
			st.targets = null;
		} else {
			const grid = st.hako.x.web_alloc(w * st.info.height);
			const live = st.hako.x.web_game_box_targets(st.game, x, y, grid);
			st.targets = new Uint8Array(st.hako.bytes().slice(grid, grid + w * st.info.height));
			st.hako.x.web_free(grid);
			st.selected = [x, y];
			const deadCount = st.targets.filter((t) => t === 2).length;
			say('info', live + deadCount === 0 ? 'That box cannot be pushed anywhere from here.'
				: `That box can go to ${live} square${live === 1 ? '' : 's'} alive (rings)` +
				(deadCount ? ` and ${deadCount} dead (crosses)` : '') + '. Click one to push it there.');
		}
		draw();
		return;
	}
	st.selected = null;
	st.targets = null;
	if (c !== '#') {
		const before = moves();
		if (st.hako.x.web_game_walk_to(st.game, x, y) !== 0) say('info', 'The player cannot get there.');
		afterChange(before, true);
	}
	draw();
}

/* -------------------------------------------------------------- solver */

function ensureWorker() {
	if (st.worker) return st.worker;
	const source = document.getElementById('worker-source').textContent;
	const url = URL.createObjectURL(new Blob([source], { type: 'text/javascript' }));
	st.worker = new Worker(url);
	URL.revokeObjectURL(url);
	st.worker.postMessage({ wasm: hakoBytes(HAKO_WASM) });
	st.worker.onmessage = (event) => {
		const pending = st.pending;
		if (!pending || event.data.id !== pending.id) return;
		clearTimeout(pending.watchdog);
		st.pending = null;
		pending.done(event.data);
	};
	return st.worker;
}

/* Stop a search: the worker is ended outright and made again on demand. */
function cancelSolver() {
	if (!st.pending) return;
	clearTimeout(st.pending.watchdog);
	st.pending = null;
	st.worker.terminate();
	st.worker = null;
	document.body.dataset.solver = 'idle';
}

function solveFromHere(purpose) {
	if (!st.game) return;
	if (solved()) { say('info', 'The level is solved already.'); draw(); return; }
	if (purpose === 'hint' && st.hint) { /* the hint is on the board: play it */
		const steps = st.hint.steps;
		st.hint = null;
		playSteps(steps);
		if (!st.message) say('info', 'Hint played; i for the next one.');
		draw();
		return;
	}
	cancelSolver();
	const seconds = Math.max(1, Math.min(600, Number($('limit').value) || 10));
	const xsb = st.hako.string(st.hako.x.web_game_position_xsb(st.game), true);
	const change = moves() + ':' + st.mark + ':' + pushes();
	const id = ++st.request;
	ensureWorker().postMessage({ id, xsb, optimal: 0, seconds, memory: SOLVER_MEMORY_MIB });
	document.body.dataset.solver = 'busy';
	say('info', `${purpose === 'hint' ? 'Looking for a hint' : 'Solving from here'} (up to ${seconds} s; any move cancels)...`);
	draw();
	st.pending = {
		id,
		/* The library holds the limit; this only guards against a stuck worker. */
		watchdog: setTimeout(() => { cancelSolver(); say('warn', 'The solver did not answer in time.'); draw(); },
			(seconds + 10) * 1000),
		done: (r) => {
			document.body.dataset.solver = 'idle';
			if (change !== moves() + ':' + st.mark + ':' + pushes()) return;
			if (r.outcome !== 'solved') {
				say('warn', r.outcome === 'unsolvable' ? 'No solution from here (the solver searched everything): undo.'
					: `No solution found (${r.outcome} after ${(r.seconds || 0).toFixed(1)} s).`);
			} else if (purpose === 'hint') {
				showHint(r.solution);
			} else {
				say('good', `Playing a solution found in ${r.seconds.toFixed(2)} s (any key stops).`);
				startAnimation(st.hako.expand(r.solution));
			}
			draw();
		},
	};
}

/* The first push of a solution: the box, the direction, the steps to it. */
function showHint(solution) {
	const letters = st.hako.expand(solution);
	let p = st.hako.x.web_game_player(st.game), x = p % st.info.width, y = Math.floor(p / st.info.width);
	for (let i = 0; i < letters.length; i++) {
		const d = letters[i].toLowerCase(), [dx, dy] = DIRS[d];
		x += dx;
		y += dy;
		if (letters[i] !== d) {
			st.hint = { x, y, dir: d, steps: letters.slice(0, i + 1) };
			const names = { l: 'left', u: 'up', r: 'right', d: 'down' };
			say('good', `Hint: push the marked box ${names[d]} (press i or Hint again to play it).`);
			return;
		}
	}
}

function startAnimation(letters) {
	stopAnimation();
	const before = moves();
	st.animation = { steps: letters, at: 0, before, timer: 0 };
	const tick = () => {
		const a = st.animation;
		if (!a) return;
		if (a.at >= a.steps.length || st.hako.x.web_game_step(st.game, a.steps.charCodeAt(a.at) | 0x20) < 0) {
			stopAnimation();
			return;
		}
		a.at++;
		checkDeadlock();
		draw();
		a.timer = setTimeout(tick, STEP_MS);
	};
	st.animation.timer = setTimeout(tick, STEP_MS);
}

/* End a playback; what it played is one undoable action. */
function stopAnimation() {
	const a = st.animation;
	if (!a) return;
	clearTimeout(a.timer);
	st.animation = null;
	afterChange(a.before, true);
}

/* --------------------------------------------------------------- links */

/* The level as RLE: rows joined by '|', runs of 3 or more counted, floor
 * as '-' (what hako_level_parse reads back). */
function toRle(xsb) {
	return xsb.replace(/\n+$/, '').split('\n').map((row) =>
		row.replace(/ /g, '-').replace(/(.)\1{2,}/g, (run, c) => run.length + c)).join('|');
}

function linkHere() {
	const lurd = st.game ? st.hako.string(st.hako.x.web_game_lurd(st.game), true) : '';
	const base = location.href.replace(/#.*$/, '');
	return `${base}#level=${toRle(st.info.xsb)}` + (lurd ? `&moves=${lurd}` : '');
}

/* #level=RLE&moves=LURD: open that level and play the moves; false when
 * the address has no level. */
function openLink() {
	const fields = {};
	for (const part of location.hash.replace(/^#/, '').split('&')) {
		const at = part.indexOf('=');
		if (at > 0) {
			try { fields[part.slice(0, at)] = decodeURIComponent(part.slice(at + 1)); } catch { fields[part.slice(0, at)] = part.slice(at + 1); }
		}
	}
	if (!fields.level) return false;
	let info;
	try {
		info = st.hako.parseLevel(fields.level);
	} catch (error) {
		say('warn', `The link's level does not parse: ${error.message}`);
		draw();
		return true;
	}
	st.current = -1;
	$('collection').value = '';
	$('level').textContent = '';
	openLevel(info, 0);
	$('title').textContent = 'Level from the link' + (info.title ? `: ${info.title}` : '');
	if (st.game && fields.moves) {
		try {
			const bad = playSteps(st.hako.expand(fields.moves));
			if (bad) say('warn', `Step ${bad} of the link's moves is illegal; stopped before it.`);
		} catch (error) {
			say('warn', `The link's moves do not parse: ${error.message}`);
		}
		draw();
	}
	return true;
}

/* ---------------------------------------------------------------- draw */

const SVG = 'http://www.w3.org/2000/svg';
function el(name, attributes, parent) {
	const e = document.createElementNS(SVG, name);
	for (const k in attributes) e.setAttribute(k, attributes[k]);
	parent.append(e);
	return e;
}

function verdictText() {
	if (!st.game) return 'invalid level';
	if (solved()) return 'solved';
	if (st.dead.kind) return `${st.dead.name} deadlock`;
	return 'no deadlock';
}

function draw() {
	const svg = $('board');
	svg.textContent = '';
	$('counts').textContent = `Moves ${moves()}, pushes ${pushes()}`;
	$('verdict').textContent = verdictText();
	document.body.dataset.verdict = verdictText();
	$('message').textContent = st.message;
	$('message').className = st.messageKind;
	const record = st.info && loadRecord(st.info.xsb);
	$('best').textContent = record ? `Best: ${record.moves.moves} moves / ${record.moves.pushes} pushes; ` +
		`${record.pushes.pushes} pushes / ${record.pushes.moves} moves.` : '';
	if (!st.game) return;
	const w = st.info.width, h = st.info.height;
	const at = st.hako.x.web_alloc(2 * w * h); /* copied out: memory may grow */
	st.hako.x.web_game_fill(st.game, at);
	st.board = st.hako.bytes().slice(at, at + 2 * w * h);
	st.hako.x.web_free(at);
	svg.setAttribute('viewBox', `0 0 ${w} ${h}`);
	const showDead = $('show-dead').checked;
	const proof = new Set(st.dead.boxes.map(([x, y]) => y * w + x));
	const player = st.hako.x.web_game_player(st.game);
	for (let y = 0; y < h; y++) {
		for (let x = 0; x < w; x++) {
			const i = y * w + x, c = String.fromCharCode(st.board[i]);
			if (c === '#') { el('rect', { x, y, width: 1, height: 1, class: 'wall' }, svg); continue; }
			if (c === ' ' && !inside(x, y)) continue;
			el('rect', { x, y, width: 1, height: 1, class: 'floor' }, svg);
			if (c === '.' || c === '*' || c === '+')
				el('circle', { cx: x + .5, cy: y + .5, r: .16, class: 'goal' }, svg);
			if (showDead && st.board[w * h + i] && c !== '$')
				el('path', { d: `M${x + .38} ${y + .38}l.24 .24m0 -.24l-.24 .24`, class: 'deadsq' }, svg);
			if (c === '$' || c === '*') {
				const classes = ['box'];
				if (c === '*') classes.push('ongoal');
				if (proof.has(i)) classes.push('proof');
				if (st.selected && st.selected[0] === x && st.selected[1] === y) classes.push('selected');
				el('rect', { x: x + .1, y: y + .1, width: .8, height: .8, rx: .12, class: classes.join(' ') }, svg);
			}
			if (i === player) el('circle', { cx: x + .5, cy: y + .5, r: .32, class: 'player' }, svg);
			if (st.targets && st.targets[i] === 1)
				el('circle', { cx: x + .5, cy: y + .5, r: .3, class: 'target-live' }, svg);
			if (st.targets && st.targets[i] === 2)
				el('path', { d: `M${x + .25} ${y + .25}l.5 .5m0 -.5l-.5 .5`, class: 'target-dead' }, svg);
		}
	}
	if (st.hint) {
		const [dx, dy] = DIRS[st.hint.dir], cx = st.hint.x + .5, cy = st.hint.y + .5;
		el('path', { d: `M${cx} ${cy}L${cx + .9 * dx} ${cy + .9 * dy}`, class: 'hint', 'marker-end': '' }, svg);
		el('circle', { cx: cx + .9 * dx, cy: cy + .9 * dy, r: .12, class: 'hint' }, svg);
	}
	if (!window.hakoFirstBoardMs) {
		window.hakoFirstBoardMs = performance.now();
		document.body.dataset.firstBoardMs = window.hakoFirstBoardMs.toFixed(1);
	}
}

/* Floor the player can reach at the start, to leave outer floor blank:
 * a flood from the player over non-wall squares of the level's start. */
function inside(x, y) {
	if (!st.inside || st.inside.level !== st.info.level) {
		const w = st.info.width, h = st.info.height, rows = st.info.xsb.split('\n');
		const seen = new Uint8Array(w * h), queue = [];
		rows.forEach((row, yy) => [...row].forEach((c, xx) => {
			if (c === '@' || c === '+') { seen[yy * w + xx] = 1; queue.push([xx, yy]); }
		}));
		while (queue.length) {
			const [qx, qy] = queue.pop();
			for (const [dx, dy] of Object.values(DIRS)) {
				const nx = qx + dx, ny = qy + dy;
				if (nx < 0 || ny < 0 || nx >= w || ny >= h || seen[ny * w + nx]) continue;
				if ((rows[ny] || '')[nx] === '#' || (rows[ny] || '')[nx] === undefined) continue;
				seen[ny * w + nx] = 1;
				queue.push([nx, ny]);
			}
		}
		st.inside = { level: st.info.level, seen };
	}
	return st.inside.seen[y * st.info.width + x] === 1;
}

/* ------------------------------------------------------------- export */

function download(name, text) {
	const a = document.createElement('a');
	a.href = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
	a.download = name;
	document.body.append(a);
	a.click();
	setTimeout(() => { URL.revokeObjectURL(a.href); a.remove(); }, 1000);
}

/* The collection (or the linked level) as .sok, best solutions included. */
function exportSok() {
	const levels = st.current >= 0 ? st.collections[st.current].parsed.levels : [st.info];
	const parts = levels.map((info) => {
		const record = loadRecord(info.xsb), solutions = [];
		if (record) {
			solutions.push(record.moves.lurd);
			if (record.pushes.lurd !== record.moves.lurd) solutions.push(record.pushes.lurd);
		}
		return st.hako.toSok(info.level, solutions);
	});
	const name = st.current >= 0 ? st.collections[st.current].name : 'link';
	download(name.replace(/[^\w.-]+/g, '_').replace(/(\.\w+)?$/, '.sok'), parts.join('\n'));
	say('info', 'Exported as .sok.');
	draw();
}

function showText(text, what) {
	const out = $('text-out');
	out.value = text;
	$('share').open = true;
	out.select();
	let copied = false;
	try { copied = document.execCommand('copy'); } catch { /* not allowed */ }
	if (navigator.clipboard && !copied) navigator.clipboard.writeText(text).then(() => {}, () => {});
	say('info', `${what} ${copied ? 'copied' : 'below'}.`);
	draw();
}

function playLurdText() {
	const text = $('text-out').value.trim();
	if (!st.game || !text) return;
	const r = st.hako.replay(st.info.level, text);
	if (!r.ok) { say('warn', `Those moves do not play: ${r.message}`); draw(); return; }
	stopAll();
	const before = moves();
	st.hako.x.web_game_restart(st.game);
	st.mark = 0;
	st.marks = [0];
	const letters = st.hako.expand(text);
	for (let i = 0; i < letters.length; i++) st.hako.x.web_game_step(st.game, letters.charCodeAt(i) | 0x20);
	afterChange(before === moves() ? -1 : before, true);
}

function openText(name, text) {
	try {
		const which = addCollection(name, text);
		openCollection(which);
		say('info', `Opened ${st.collections[which].parsed.levels.length} level(s) from ${name}.`);
	} catch (error) {
		say('warn', `${name} does not parse: ${error.message}`);
	}
	draw();
}

/* --------------------------------------------------------------- input */

function onKey(event) {
	if (event.target.closest && event.target.closest('textarea, input, select')) return;
	if (event.ctrlKey || event.metaKey || event.altKey) return;
	if (st.animation) { stopAnimation(); draw(); event.preventDefault(); return; }
	const k = event.key;
	const dir = KEYS[k] || KEYS[k.toLowerCase && k.length === 1 ? k.toLowerCase() : k];
	const actions = {
		u: undo, z: undo, Backspace: undo, r: redo, y: redo, 0: restart, Home: restart, End: redoAll,
		n: () => go(1), p: () => go(-1), PageDown: () => go(1), PageUp: () => go(-1),
		i: () => solveFromHere('hint'), v: () => solveFromHere('solve'),
		f: () => { $('refuse').click(); }, m: () => { $('show-dead').click(); },
		Escape: () => { st.selected = null; st.targets = null; draw(); },
	};
	if (dir) step(dir);
	else if (actions[k]) actions[k]();
	else return;
	event.preventDefault();
}

function go(delta) {
	if (st.current < 0) return;
	const levels = st.collections[st.current].parsed.levels;
	const index = st.index + delta;
	if (index >= 0 && index < levels.length) openLevel(levels[index], index);
}

function wire() {
	document.addEventListener('keydown', onKey);
	$('board').addEventListener('pointerup', (event) => { const [x, y] = squareAt(event); click(x, y); });
	$('undo').onclick = undo;
	$('redo').onclick = redo;
	$('restart').onclick = restart;
	$('hint').onclick = () => solveFromHere('hint');
	$('solve').onclick = () => solveFromHere('solve');
	$('prev').onclick = () => go(-1);
	$('next').onclick = () => go(1);
	$('refuse').onchange = () => { say('info', $('refuse').checked ? 'Deadlocking pushes are refused.' : 'Deadlocks are only warned about.'); draw(); };
	$('show-dead').onchange = draw;
	/* Lists let go of the focus once used, so the arrows move the player. */
	$('collection').onchange = () => { $('collection').blur(); openCollection(Number($('collection').value)); };
	$('level').onchange = () => {
		$('level').blur();
		if (st.current >= 0) openLevel(st.collections[st.current].parsed.levels[Number($('level').value)], Number($('level').value));
	};
	$('copy-link').onclick = () => showText(linkHere(), 'Link');
	$('copy-lurd').onclick = () => showText(st.game ? st.hako.string(st.hako.x.web_game_lurd(st.game), true) : '', 'Moves (LURD)');
	$('play-lurd').onclick = playLurdText;
	$('export').onclick = exportSok;
	$('open-paste').onclick = () => openText('Pasted', $('paste').value);
	$('file').onchange = () => {
		const file = $('file').files[0];
		if (file) file.text().then((text) => openText(file.name, text));
	};
	window.addEventListener('hashchange', () => { if (openLink()) draw(); });
	for (const b of document.querySelectorAll('button')) b.addEventListener('click', () => b.blur());
}

async function main() {
	wire();
	try {
		st.hako = await Hako.create(hakoBytes(HAKO_WASM));
	} catch (error) {
		$('verdict').textContent = 'cannot start';
		$('message').textContent = `WebAssembly failed: ${error}`;
		return;
	}
	$('version').textContent = st.hako.string(st.hako.x.web_version());
	addCollection('Boxoban sample', HAKO_LEVELS);
	if (!openLink()) openCollection(0);
	draw();
	document.body.dataset.ready = '1';
}

main();
