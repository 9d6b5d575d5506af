/* levels.js — the browser player's levels: collections (bundled, pasted,
 * opened from a file), local storage of solved levels and best solutions,
 * links (#level=RLE&moves=LURD), .sok export, LURD copy and play. */
'use strict';

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
	/* The lists say where the level came from; choosing a collection
	 * leaves the link. */
	let option = $('collection').querySelector('option[value="link"]');
	if (!option) {
		option = document.createElement('option');
		option.value = 'link';
		option.textContent = 'Link';
		$('collection').prepend(option);
	}
	$('collection').value = 'link';
	$('level').textContent = '';
	$('level').append(new Option('1', '0'));
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
