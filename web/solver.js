/* solver.js — the browser player's solver: a Web Worker made from the
 * page's own text (web/worker.js), hints and solve-from-here, animated
 * playback. */
'use strict';

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
		say('info', 'Playing the hint (any key stops); i for the next one.');
		startAnimation(steps);
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
