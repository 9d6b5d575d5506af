/* play.js — the browser player's state and play: the position after
 * every change (the deadlock verdict, refusal, the record), steps,
 * undo/redo by actions, walks and pushes by mouse and touch. The same
 * pieces in the same order as `hako play` (app/cmd_play.c), over the
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
