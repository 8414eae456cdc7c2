/* global afterAll */
// Node 20 has no global WebSocket; sandbox's UI connector needs one.
const Base = globalThis.WebSocket ?? require('ws');
// Sandbox's jest setup closes its socket in an afterAll and returns at once; vitest may then end the
// file's process before the close handshake, and the frames still buffered are lost. Each socket
// made here is waited for until closed: this file's afterAll runs after sandbox's (vitest runs
// after-hooks in the reverse order of their registration, and this file is registered first).
const open = new Set();
globalThis.WebSocket = class extends Base {
  constructor(...args) {
    super(...args);
    open.add(this);
    this.addEventListener('close', () => open.delete(this));
  }
};
afterAll(() =>
  Promise.all(
    [...open].map(
      (ws) =>
        new Promise((resolve) => {
          ws.addEventListener('close', resolve);
          setTimeout(resolve, 5000).unref();
        }),
    ),
  ),
);
