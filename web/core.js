/* core.js — libhako's WebAssembly instance for the page and its solver
 * worker: the few WASI calls wasi-libc makes (a clock, writes that go to
 * the console), strings in and out of the instance's memory, and `Hako`,
 * a thin wrapper over the web_* exports of web/binding.c. Shared verbatim
 * by the page and the worker (web/assemble.py inlines it into both). */
'use strict';

/* The WASI preview-1 imports hako.wasm has (see the build's import list):
 * the library reads a monotonic clock for its time limits and never
 * prints; a write, should libc make one, goes to the console. */
function hakoWasi(getMemory) {
	const view = () => new DataView(getMemory().buffer);
	const BADF = 8, SPIPE = 70;
	let pending = '';
	return {
		clock_time_get(id, precision, out) {
			/* 0: realtime, every other clock: monotonic; nanoseconds. */
			const ms = id === 0 ? Date.now() : performance.timeOrigin + performance.now();
			view().setBigUint64(out, BigInt(Math.round(ms * 1e6)), true);
			return 0;
		},
		fd_write(fd, iovs, count, written) {
			const v = view(), bytes = new Uint8Array(getMemory().buffer);
			let total = 0;
			for (let i = 0; i < count; i++) {
				const at = v.getUint32(iovs + 8 * i, true), n = v.getUint32(iovs + 8 * i + 4, true);
				pending += new TextDecoder().decode(bytes.subarray(at, at + n));
				total += n;
			}
			const lines = pending.split('\n');
			pending = lines.pop();
			for (const line of lines) console.log(`hako[${fd}]: ${line}`);
			v.setUint32(written, total, true);
			return 0;
		},
		fd_close() { return BADF; },
		fd_seek() { return SPIPE; },
		proc_exit(code) { throw new Error(`hako.wasm exited with ${code}`); },
	};
}

/* The base64 text of the inlined wasm as bytes. */
function hakoBytes(base64) {
	const text = atob(base64), bytes = new Uint8Array(text.length);
	for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
	return bytes;
}

class Hako {
	/* An instance from compiled bytes (asynchronous: large modules may not
	 * be compiled synchronously on a page's main thread). */
	static async create(bytes) {
		let memory = null;
		const { instance } = await WebAssembly.instantiate(bytes, {
			wasi_snapshot_preview1: hakoWasi(() => memory),
		});
		memory = instance.exports.memory;
		instance.exports._initialize();
		return new Hako(instance.exports);
	}

	constructor(exports) {
		this.x = exports;
		this.encoder = new TextEncoder();
		this.decoder = new TextDecoder();
	}

	bytes() { return new Uint8Array(this.x.memory.buffer); }

	/* A NUL-terminated copy of `text` in the instance; free it with free(). */
	cString(text) {
		const utf8 = this.encoder.encode(text);
		const at = this.x.web_alloc(utf8.length + 1);
		if (!at) throw new Error('hako.wasm: out of memory');
		const bytes = this.bytes();
		bytes.set(utf8, at);
		bytes[at + utf8.length] = 0;
		return { at, length: utf8.length };
	}

	/* The C string at `at` ('' for NULL); `owned` strings are freed. */
	string(at, owned = false) {
		if (!at) return '';
		const bytes = this.bytes();
		let end = at;
		while (bytes[end]) end++;
		const text = this.decoder.decode(bytes.subarray(at, end));
		if (owned) this.x.web_free(at);
		return text;
	}

	/* Call fn(address, length) with `text` in the instance, then free it. */
	withString(text, fn) {
		const s = this.cString(text);
		try { return fn(s.at, s.length); } finally { this.x.web_free(s.at); }
	}

	error() {
		const line = this.x.web_error_line(), column = this.x.web_error_column();
		const message = this.string(this.x.web_error_message());
		return line ? `line ${line}, column ${column}: ${message}` : message;
	}

	/* Levels of a collection text: [{level, title, author, valid, error}],
	 * with the collection handle to free later; throws the parse error. */
	parseCollection(text) {
		const c = this.withString(text, (at, n) => this.x.web_collection_parse(at, n));
		if (!c) throw new Error(this.error());
		const levels = [];
		for (let i = 0, n = this.x.web_collection_count(c); i < n; i++)
			levels.push(this.describe(this.x.web_collection_level(c, i)));
		return { handle: c, levels, header: this.string(this.x.web_collection_header(c)) };
	}

	freeCollection(c) { this.x.web_collection_free(c.handle); }

	/* One level (its own handle, freed with web_level_free); throws. */
	parseLevel(text) {
		const level = this.withString(text, (at, n) => this.x.web_level_parse(at, n));
		if (!level) throw new Error(this.error());
		return this.describe(level);
	}

	describe(level) {
		const status = this.x.web_level_status(level);
		return {
			level,
			title: this.string(this.x.web_level_title(level)),
			author: this.string(this.x.web_level_author(level)),
			width: this.x.web_level_width(level),
			height: this.x.web_level_height(level),
			xsb: this.string(this.x.web_level_to_xsb(level), true),
			valid: status === 0,
			error: status === 0 ? '' : this.error(),
		};
	}

	toSok(level, solutions) {
		const list = solutions.join('\n');
		return this.withString(list, (at) =>
			this.string(this.x.web_level_to_sok(level, at, solutions.length), true));
	}

	/* Plain LURD letters; throws on a malformed text. */
	expand(lurd) {
		const at = this.withString(lurd, (s) => this.x.web_lurd_expand(s));
		if (!at) throw new Error(this.error());
		return this.string(at, true);
	}

	/* {ok, solved, moves, pushes, message} of replaying LURD on a level. */
	replay(level, lurd) {
		const status = this.withString(lurd, (at) => this.x.web_replay(level, at));
		return {
			ok: status === 0,
			solved: !!this.x.web_replay_solved(),
			moves: Number(this.x.web_replay_moves()),
			pushes: Number(this.x.web_replay_pushes()),
			message: this.string(this.x.web_replay_message()),
		};
	}

	/* Solve an XSB level: {outcome, solution, seconds, nodes}. */
	solve(xsb, optimal, seconds, memoryMiB) {
		const level = this.withString(xsb, (at, n) => this.x.web_level_parse(at, n));
		if (!level) return { outcome: 'invalid', solution: '', seconds: 0, nodes: 0, error: this.error() };
		const outcome = this.x.web_solve(level, optimal, seconds, memoryMiB);
		this.x.web_level_free(level);
		if (outcome < 0) return { outcome: 'failed', solution: '', seconds: 0, nodes: 0 };
		return {
			outcome: this.string(this.x.web_outcome_name(outcome)),
			solution: this.string(this.x.web_solve_solution()),
			seconds: this.x.web_solve_seconds(),
			nodes: this.x.web_solve_nodes(),
		};
	}
}
