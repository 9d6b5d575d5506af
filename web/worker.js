/* worker.js — the solver's Web Worker: its own libhako instance, so a
 * search never stalls the page. It gets the wasm bytes once and then one
 * request at a time, {id, xsb, optimal, seconds, memory}; the library
 * holds the time limit itself (it polls the clock core.js gives it), and
 * the page ends the worker outright to cancel a search. */
'use strict';

let hakoReady = null;

self.onmessage = async (event) => {
	const request = event.data;
	if (request.wasm) {
		hakoReady = Hako.create(request.wasm);
		return;
	}
	try {
		const hako = await hakoReady;
		const result = hako.solve(request.xsb, request.optimal, request.seconds, request.memory);
		self.postMessage({ id: request.id, ...result });
	} catch (error) {
		self.postMessage({ id: request.id, outcome: 'failed', solution: '', error: String(error) });
	}
};
