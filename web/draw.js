/* draw.js — the browser player's board, drawn as SVG one unit per
 * square, and the status text: counts and verdict in words. */
'use strict';

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
