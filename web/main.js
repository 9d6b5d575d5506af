/* main.js — the browser player's keys and buttons, and its start: the
 * wasm instance, the bundled collection, or the level a link names. */
'use strict';

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
	$('collection').onchange = () => {
		$('collection').blur();
		if ($('collection').value !== 'link') openCollection(Number($('collection').value));
		else openLink();
	};
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
